// Typing hints of the header search box (POST /api/v1/hint): they make the box (header-search.tsx, a plain GET form
// to /search, which is all the server render and a page without JavaScript have) an ARIA combobox. This module is
// its own chunk, loaded when the box is first focused or pointed at.

import type { Hint, HintResponse, HintType } from '@efir/domain/search-wire';
import { type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppContext } from '../../lib/app-context.tsx';
import { Link } from '../../lib/router/link.tsx';
import { useNavigate } from '../../lib/router/router-view.tsx';
import { QUERY_MAX_LENGTH } from './search-query.ts';

export const HINT_MIN_LENGTH = 2;
export const HINT_DELAY_MS = 250;

export const HINT_TYPE_NAMES: Record<HintType, string> = {
  product: 'Товар',
  article: 'Статья',
  recipe: 'Рецепт',
};

/** The query worth asking hints for: spaces collapsed, at least two characters; otherwise null. */
export function normaliseHintQuery(value: string): string | null {
  const q = value.replace(/\s+/g, ' ').trim().slice(0, QUERY_MAX_LENGTH);
  return q.length >= HINT_MIN_LENGTH ? q : null;
}

/** ↑/↓ through the options, round the ends; from «nothing chosen» ↓ goes to the first and ↑ to the last. */
export function moveActive(current: number, step: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

function foldForMatch(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е');
}

/** Splits a hint around the first place the query occurs (case and ё ignored), to show it in bold. */
export function splitHighlight(name: string, query: string): [string, string, string] | null {
  const needle = foldForMatch(query.trim());
  if (!needle) return null;
  // Lower-casing and ё→е keep the length, so indexes in the folded text are indexes in the name.
  const index = foldForMatch(name).indexOf(needle);
  if (index < 0) return null;
  return [name.slice(0, index), name.slice(index, index + needle.length), name.slice(index + needle.length)];
}

export function searchUrl(query: string): string {
  return `/search?${new URLSearchParams({ q: query })}`;
}

export interface HintLoader {
  /** The box's text changed. */
  update(value: string): void;
  /** Forget the pending call and the last query (after a submit or a new page). */
  cancel(): void;
}

/**
 * Waits for a pause in typing, then asks for hints; each new query aborts the call before it, so a slow
 * answer to «ла» can never replace the answer to «лаванда».
 */
export function createHintLoader(options: {
  load: (query: string, signal: AbortSignal) => Promise<Hint[]>;
  onHints: (query: string, hints: Hint[]) => void;
  onClear: () => void;
  delayMs?: number;
}): HintLoader {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | null = null;
  let lastQuery: string | null = null;

  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
    controller?.abort();
    controller = null;
  };

  return {
    update(value) {
      const query = normaliseHintQuery(value);
      if (query === lastQuery) return;
      lastQuery = query;
      stop();
      if (query === null) {
        options.onClear();
        return;
      }
      timer = setTimeout(() => {
        const call = new AbortController();
        controller = call;
        options.load(query, call.signal).then(
          (hints) => {
            if (!call.signal.aborted) options.onHints(query, hints);
          },
          () => {
            // Hints are a convenience: a failed call just shows none.
            if (!call.signal.aborted) options.onHints(query, []);
          },
        );
      }, options.delayMs ?? HINT_DELAY_MS);
    },
    cancel() {
      stop();
      lastQuery = null;
    },
  };
}

function HintName({ name, query }: { name: string; query: string }) {
  const parts = splitHighlight(name, query);
  if (!parts) return <>{name}</>;
  return (
    <>
      {parts[0]}
      <b>{parts[1]}</b>
      {parts[2]}
    </>
  );
}

/** The hints of the header box: listens to the box the frame rendered and shows the list under it. */
export function SearchHints({
  input,
  form,
}: {
  input: RefObject<HTMLInputElement | null>;
  form: RefObject<HTMLFormElement | null>;
}) {
  const { api } = useAppContext();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const listId = `${useId()}-hints`;
  const loader = useRef<HintLoader | null>(null);
  const [hints, setHints] = useState<Hint[]>([]);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // Whatever led to a new page (a hint, the form, a menu link) closes the list. Declared before the loader starts,
  // so that on mount it does not cancel the text typed while this code was on its way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is exactly what triggers it
  useEffect(() => {
    loader.current?.cancel();
    setOpen(false);
    setActive(-1);
  }, [pathname, search]);

  useEffect(() => {
    const hintLoader = createHintLoader({
      load: async (q, signal) => {
        const response = await api.post<HintResponse>('/api/v1/hint', {
          body: { q },
          suppressErrors: true,
          signal,
        });
        return Array.isArray(response?.hints) ? response.hints : [];
      },
      onHints: (q, next) => {
        setQuery(q);
        setHints(next);
        setActive(-1);
        setOpen(true);
      },
      onClear: () => {
        setHints([]);
        setOpen(false);
        setActive(-1);
      },
    });
    loader.current = hintLoader;
    // What was typed while this code was on its way.
    if (input.current?.value) hintLoader.update(input.current.value);
    return () => {
      hintLoader.cancel();
      loader.current = null;
    };
  }, [api, input]);

  // The options: the hints, then «all results», which is where Enter on the typed text goes anyway.
  const options: Hint[] =
    hints.length > 0 ? [...hints, { type: 'product', name: '', url: searchUrl(query) }] : [];
  const allResultsIndex = options.length - 1;
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!open) {
        setOpen(true);
        setActive(moveActive(-1, step, options.length));
      } else {
        setActive(moveActive(active, step, options.length));
      }
    } else if (event.key === 'Enter') {
      const option = expanded && active >= 0 ? options[active] : undefined;
      if (!option) return;
      event.preventDefault();
      close();
      navigate(option.url);
    } else if (event.key === 'Escape') {
      if (!open) return;
      // Without this the browser would also clear the search field.
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      close();
    }
  };

  const onSubmit = () => {
    loader.current?.cancel();
    close();
    input.current?.blur();
  };

  // The box is the frame's element, rendered before this code arrived: its events are listened to directly, through
  // a ref to this render's handlers.
  const handlers = useRef({ onKeyDown, onSubmit, hasHints: hints.length > 0, close });
  handlers.current = { onKeyDown, onSubmit, hasHints: hints.length > 0, close };
  useEffect(() => {
    const box = input.current;
    const searchForm = form.current;
    if (!box) return;
    const onInput = () => loader.current?.update(box.value);
    const onKeyDownEvent = (event: KeyboardEvent) => handlers.current.onKeyDown(event);
    const onFocus = () => {
      if (handlers.current.hasHints) setOpen(true);
    };
    const onBlur = () => handlers.current.close();
    const onSubmitEvent = () => handlers.current.onSubmit();
    box.addEventListener('input', onInput);
    box.addEventListener('keydown', onKeyDownEvent);
    box.addEventListener('focus', onFocus);
    box.addEventListener('blur', onBlur);
    searchForm?.addEventListener('submit', onSubmitEvent);
    return () => {
      box.removeEventListener('input', onInput);
      box.removeEventListener('keydown', onKeyDownEvent);
      box.removeEventListener('focus', onFocus);
      box.removeEventListener('blur', onBlur);
      searchForm?.removeEventListener('submit', onSubmitEvent);
    };
  }, [input, form]);

  // The combobox's ARIA state, on the box itself.
  useLayoutEffect(() => {
    const box = input.current;
    if (!box) return;
    box.setAttribute('role', 'combobox');
    box.setAttribute('aria-expanded', String(expanded));
    box.setAttribute('aria-controls', listId);
    box.setAttribute('aria-autocomplete', 'list');
    if (expanded && active >= 0) box.setAttribute('aria-activedescendant', `${listId}-${active}`);
    else box.removeAttribute('aria-activedescendant');
  }, [input, expanded, active, listId]);
  useEffect(() => {
    const box = input.current;
    return () => {
      for (const name of [
        'role',
        'aria-expanded',
        'aria-controls',
        'aria-autocomplete',
        'aria-activedescendant',
      ])
        box?.removeAttribute(name);
    };
  }, [input]);

  return (
    <>
      <div
        id={listId}
        role="listbox"
        aria-label="Подсказки поиска"
        className="search-hints"
        hidden={!expanded}
        // Keeps the focus in the box, so a click on a hint is not lost to the box's blur.
        onMouseDown={(event) => event.preventDefault()}
      >
        {options.map((option, index) => {
          const isAll = index === allResultsIndex;
          return (
            <Link
              key={isAll ? 'all' : `${option.type}:${option.url}`}
              to={option.url}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              className={
                index === active
                  ? 'search-hints__option search-hints__option--active'
                  : 'search-hints__option'
              }
              onMouseEnter={() => setActive(index)}
              onClick={close}
            >
              {isAll ? (
                <span className="search-hints__all">Все результаты по запросу «{query}»</span>
              ) : (
                <>
                  <span className="search-hints__name">
                    <HintName name={option.name} query={query} />
                  </span>
                  <span className="search-hints__type">{HINT_TYPE_NAMES[option.type] ?? ''}</span>
                </>
              )}
            </Link>
          );
        })}
      </div>
      {open && query.length > 0 && hints.length === 0 && (
        <p className="search-hints search-hints--empty" role="status">
          Подсказок нет — нажмите Enter, чтобы поискать по всему сайту
        </p>
      )}
    </>
  );
}
