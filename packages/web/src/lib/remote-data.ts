// The one way a client-only page reads the server (decision 036). `useRemoteData(key, load)` asks when its key
// appears or changes and keeps the answer; `reload()` asks again (a retry, or after the page's own write). The key
// holds every input of the request (path, query, user, the cart's total…), so an effect never lists its inputs by
// hand.
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAccountPageData } from './account-page-data.ts';
import { useAppContext, useAppState } from './app-context.tsx';
import { useLoaderData } from './router/router-view.tsx';

export type RemoteData<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: null; error: unknown };

const LOADING = { status: 'loading', data: null, error: null } as const;

/** One ask: a new object each time, so asking again for the same key runs the effect again. */
interface Request {
  key: string | null;
  /** The server render already brought the answer for this key: shown at once, not asked again. */
  seeded: boolean;
}

export interface RemoteDataOptions<T> {
  /** Read once: the answer the server render brought for the first key, if it did (shown, not asked again). */
  seed?: () => { data: T } | undefined;
  /** A new key keeps the previous key's data on screen until its own answer comes (a list that changes in place). */
  keepPrevious?: boolean;
}

/**
 * GET-like `load()` for `key` (null: not yet, e.g. the user is not known). `update` changes the data in place after
 * a write whose answer says what changed.
 */
export function useRemoteData<T>(
  key: string | null,
  load: () => Promise<T>,
  { seed, keepPrevious = false }: RemoteDataOptions<T> = {},
) {
  const [seeded] = useState(() => (key === null ? undefined : seed?.()));
  const [request, setRequest] = useState<Request>({ key, seeded: seeded !== undefined });
  const [state, setState] = useState<RemoteData<T>>(
    seeded ? { status: 'ready', data: seeded.data, error: null } : LOADING,
  );
  const loadRef = useRef(load);
  loadRef.current = load;

  // A new key is a new request (React's «adjust state while rendering»); the old key's data stays only if asked to.
  if (request.key !== key) {
    setRequest({ key, seeded: false });
    if (!keepPrevious || state.status !== 'ready') setState(LOADING);
  }

  useEffect(() => {
    if (request.key === null || request.seeded) return;
    let live = true;
    loadRef.current().then(
      (data) => {
        if (live) setState({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (live) setState({ status: 'error', data: null, error });
      },
    );
    return () => {
      live = false;
    };
  }, [request]);

  /** Asks again: after a failure the page shows «loading», otherwise the data stays until the answer replaces it. */
  const reload = useCallback(() => {
    setState((current) => (current.status === 'error' ? LOADING : current));
    setRequest((current) => ({ key: current.key, seeded: false }));
  }, []);

  const update = useCallback((change: (data: T) => T) => {
    setState((current) =>
      current.status === 'ready' ? { status: 'ready', data: change(current.data), error: null } : current,
    );
  }, []);

  return { ...state, reload, update };
}

// An account or back-office page's data (spec §7 GET /v1/my-*, /api/v1/admin/…) in the browser once the user is
// known, unless the server render already brought it (account-page-data.ts).
/**
 * GET `path` for the logged-in user and keep what `select` takes of the answer (`A`: the answer's type from the
 * route's response schema, domain's account-wire.ts and the like). Refetches when the user changes; `reload` asks
 * again (also after a write whose answer does not say what changed), `update` changes the data in place after one
 * that does.
 */
export function useAccountData<A, T>(path: string, select: (answer: A) => T) {
  const { api } = useAppContext();
  const userId = useAppState((state) => state.user?.id ?? 0);
  const loaded = useLoaderData();
  // What the server render fetched for this page: shown at once, and not asked again.
  return useRemoteData(
    userId ? `${path}#user=${userId}` : null,
    async () => select(await api.get<A>(path, { suppressErrors: true })),
    {
      seed: () =>
        isAccountPageData(loaded) && loaded.accountData.path === path
          ? { data: select(loaded.accountData.raw as A) }
          : undefined,
    },
  );
}
