// A back-office form that loses nothing (issue 39 point 6): leaving it with unsaved changes asks first (the router's
// leave guard, the browser's «reload?» question), and what was typed is kept as a draft in this browser, offered back
// after a reload or a crash until it is saved or thrown away.
import { formatDateTimeLong } from '@efir/domain/dates';
import { useEffect, useRef, useState } from 'react';
import { registerLeaveGuard } from '../../lib/router/leave-guard.ts';

export const LEAVE_QUESTION = 'Изменения не сохранены. Уйти со страницы и потерять их?';

/**
 * Asks before the page is left while `dirty`. `allowLeave()` is for a save that navigates at once (a new item to
 * its own page): the render that would clear `dirty` comes after the navigation has asked.
 */
export function useLeaveGuard(dirty: boolean): { allowLeave(): void } {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    const unregister = registerLeaveGuard(() => (dirtyRef.current ? LEAVE_QUESTION : null));
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      // Older browsers show the question only when a value is returned.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      unregister();
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, []);
  return {
    allowLeave() {
      dirtyRef.current = false;
    },
  };
}

interface StoredDraft<T> {
  values: T;
  savedAt: string;
}

const PREFIX = 'efir-admin-draft:';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readDraft<T>(key: string): StoredDraft<T> | null {
  try {
    const raw = storage()?.getItem(PREFIX + key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredDraft<T>;
    return parsed && typeof parsed === 'object' && 'values' in parsed && typeof parsed.savedAt === 'string'
      ? parsed
      : null;
  } catch {
    return null;
  }
}

/**
 * Keeps `values` as the draft of `key` while they differ from what is saved (`dirty`), and drops it once they do
 * not. The draft found when the form opened is offered (`draft`) until it is restored or thrown away.
 */
export function useFormDraft<T>(key: string, values: T, dirty: boolean) {
  const [offered, setOfferedState] = useState<StoredDraft<T> | null>(null);
  // The same, for the effects of the render that found it (the state is seen a render later).
  const offeredRef = useRef<StoredDraft<T> | null>(null);
  const setOffered = (draft: StoredDraft<T> | null) => {
    offeredRef.current = draft;
    setOfferedState(draft);
  };
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const settled = useRef(false);
  // The draft found at opening is read after the first render (the server render has no storage); once per form:
  // the values' later changes are the person's own.
  useEffect(() => {
    const found = readDraft<T>(key);
    if (found && JSON.stringify(found.values) !== JSON.stringify(valuesRef.current)) {
      offeredRef.current = found;
      setOfferedState(found);
    }
    settled.current = true;
  }, [key]);
  useEffect(() => {
    // Until the offered draft is answered, it is not overwritten by the form's saved values.
    if (!settled.current || offeredRef.current) return;
    const store = storage();
    try {
      if (dirty) store?.setItem(PREFIX + key, JSON.stringify({ values, savedAt: new Date().toISOString() }));
      else store?.removeItem(PREFIX + key);
    } catch {
      // A full or forbidden storage: the form works on without a draft.
    }
  }, [key, values, dirty]);
  return {
    draft: offered,
    /** The draft's values, for the form to take; the offer goes. */
    take(): T | null {
      setOffered(null);
      return offered?.values ?? null;
    },
    discard() {
      setOffered(null);
      storage()?.removeItem(PREFIX + key);
    },
    /** After a save: nothing is left to keep. */
    clear() {
      storage()?.removeItem(PREFIX + key);
    },
  };
}

/** The offer of a kept draft above the form. */
export function DraftOffer({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: string;
  onRestore(): void;
  onDiscard(): void;
}) {
  return (
    <div className="admin-card draft-offer" role="status">
      <p>Есть несохранённый черновик от {formatDateTimeLong(savedAt)}.</p>
      <div className="draft-offer__actions">
        <button type="button" className="button button--small" onClick={onRestore}>
          Восстановить черновик
        </button>
        <button type="button" className="button button--small button--ghost" onClick={onDiscard}>
          Удалить черновик
        </button>
      </div>
    </div>
  );
}
