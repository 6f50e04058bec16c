// The account calls of spec §7 and a small hook that loads a page's data in the browser once the user is known,
// unless the server render already brought it (account-page-data.ts).
import type {
  AccountSummary,
  BookmarksAnswer,
  QuestionWire,
  AddressWire as UserAddress,
  PickupPointWire as UserPickupPoint,
  WaitlistItem,
} from '@efir/domain/account-schemas';
import type { ProductCard } from '@efir/domain/catalog-wire';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppContext, useAppState } from '../../app/app-context.tsx';
import type { SessionUser } from '../../app/app-state.ts';
import { useLoaderData } from '../../app/router/router-view.tsx';
import { normalizeAddresses, normalizePickupPoints, normalizeUser } from '../../app/session-user.ts';
import { isAccountPageData } from './account-page-data.ts';

export type LoadState<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: null; error: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function list<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/**
 * GET `path` for the logged-in user and read the answer with `read`. Refetches when the user changes; `reload`
 * asks again, `update` changes the data in place after a successful write.
 */
export function useAccountData<T>(path: string, read: (raw: unknown) => T) {
  const { api } = useAppContext();
  const userId = useAppState((state) => state.user?.id ?? 0);
  const loaded = useLoaderData();
  // What the server render fetched for this page (account-page-data.ts): shown at once, and not asked again.
  const [state, setState] = useState<LoadState<T>>(() =>
    isAccountPageData(loaded) && loaded.accountData.path === path
      ? { status: 'ready', data: read(loaded.accountData.raw), error: null }
      : { status: 'loading', data: null, error: null },
  );
  const seededFor = useRef(state.status === 'ready' ? userId : 0);
  const [attempt, setAttempt] = useState(0);
  const readRef = useRef(read);
  readRef.current = read;

  useEffect(() => {
    if (!userId) {
      seededFor.current = 0;
      return;
    }
    if (seededFor.current === userId && attempt === 0) return;
    seededFor.current = 0;
    let live = true;
    api
      .get<unknown>(path, { suppressErrors: true })
      .then((raw) => {
        if (live) setState({ status: 'ready', data: readRef.current(raw), error: null });
      })
      .catch((error: unknown) => {
        if (live) setState({ status: 'error', data: null, error });
      });
    return () => {
      live = false;
    };
  }, [api, path, userId, attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading', data: null, error: null });
    setAttempt((count) => count + 1);
  }, []);
  const update = useCallback((change: (data: T) => T) => {
    setState((current) =>
      current.status === 'ready' ? { status: 'ready', data: change(current.data), error: null } : current,
    );
  }, []);
  return { ...state, reload, update };
}

// Readers of the GET /v1/my-* answers: tolerant of a missing part, so one absent list never breaks a page.

export interface AccountHome {
  user: SessionUser | null;
  skidka: AccountSummary['skidka'];
  counts: Partial<AccountSummary['counts']> & Record<string, number | undefined>;
}

export function readAccountHome(raw: unknown): AccountHome {
  const body = isRecord(raw) ? raw : {};
  const skidka = isRecord(body.skidka) ? body.skidka : isRecord(body.discount) ? body.discount : {};
  const next = isRecord(skidka.next) ? skidka.next : null;
  return {
    user: normalizeUser(body.user),
    skidka: {
      percent: Number(skidka.percent) || 0,
      next:
        next && Number(next.percent) > 0
          ? { percent: Number(next.percent), remaining: Math.max(0, Number(next.remaining) || 0) }
          : null,
      completed_total: Number(skidka.completed_total) || 0,
      tiers: list<{ from: number; percent: number }>(skidka.tiers),
    },
    counts: isRecord(body.counts) ? (body.counts as AccountHome['counts']) : {},
  };
}

export function readProducts(raw: unknown, key = 'products'): ProductCard[] {
  if (Array.isArray(raw)) return raw as ProductCard[];
  return isRecord(raw) ? list<ProductCard>(raw[key] ?? raw.list ?? raw.items) : [];
}

export function readWaitlist(raw: unknown): WaitlistItem[] {
  if (Array.isArray(raw)) return raw as WaitlistItem[];
  return isRecord(raw) ? list<WaitlistItem>(raw.waitlist ?? raw.products ?? raw.items) : [];
}

export function readBookmarks(raw: unknown): BookmarksAnswer {
  const body = isRecord(raw) ? raw : {};
  return { recepts: list(body.recepts), articles: list(body.articles) };
}

export function readQuestions(raw: unknown): QuestionWire[] {
  if (Array.isArray(raw)) return raw as QuestionWire[];
  return isRecord(raw) ? list<QuestionWire>(raw.questions ?? raw.items) : [];
}

/** The address book in an answer; a list the answer lacks is left out, so it never wipes the store's. */
export function readAddressBook(raw: unknown): { addresses?: UserAddress[]; pvz?: UserPickupPoint[] } {
  const body = isRecord(raw) ? raw : {};
  return {
    ...(Array.isArray(body.addresses) ? { addresses: normalizeAddresses(body.addresses) } : {}),
    ...(Array.isArray(body.pvz) ? { pvz: normalizePickupPoints(body.pvz) } : {}),
  };
}

export interface SettingsData {
  mailings: boolean;
  telegram: { linked: boolean; bot: string };
}

export function readSettings(raw: unknown): SettingsData {
  const body = isRecord(raw) ? raw : {};
  const source = isRecord(body.settings) ? body.settings : body;
  const telegram = isRecord(source.telegram) ? source.telegram : {};
  return {
    mailings: source.mailings !== false,
    telegram: {
      linked: telegram.linked === true,
      bot: typeof telegram.bot === 'string' ? telegram.bot.replace(/^@/, '') : '',
    },
  };
}

/** Lists of the pages that belong to other features (orders, saved carts, courses): whatever array they answer. */
export function readItems(raw: unknown, ...keys: string[]): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (!isRecord(raw)) return [];
  for (const key of [...keys, 'items', 'list', 'data']) if (Array.isArray(raw[key])) return raw[key];
  return [];
}

/** The user in an answer (`user` key or the body itself), for writes that answer with the changed user. */
export function readUserFromAnswer(raw: unknown): SessionUser | null {
  if (!isRecord(raw)) return null;
  return normalizeUser(raw.user) ?? normalizeUser(raw);
}
