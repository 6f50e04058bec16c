// A small hook that loads an account page's data (spec §7 GET /v1/my-*) in the browser once the user is known,
// unless the server render already brought it (account-page-data.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAccountPageData } from './account-page-data.ts';
import { useAppContext, useAppState } from './app-context.tsx';
import { useLoaderData } from './router/router-view.tsx';

export type LoadState<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: null; error: unknown };

/**
 * GET `path` for the logged-in user and keep what `select` takes of the answer (`A`: the answer's type from the
 * route's response schema, domain's account-wire.ts and the like). Refetches when the user changes; `reload` asks
 * again, `update` changes the data in place after a successful write.
 */
export function useAccountData<A, T>(path: string, select: (answer: A) => T) {
  const { api } = useAppContext();
  const userId = useAppState((state) => state.user?.id ?? 0);
  const loaded = useLoaderData();
  // What the server render fetched for this page (account-page-data.ts): shown at once, and not asked again.
  const [state, setState] = useState<LoadState<T>>(() =>
    isAccountPageData(loaded) && loaded.accountData.path === path
      ? { status: 'ready', data: select(loaded.accountData.raw as A), error: null }
      : { status: 'loading', data: null, error: null },
  );
  const seededFor = useRef(state.status === 'ready' ? userId : 0);
  const [attempt, setAttempt] = useState(0);
  const selectRef = useRef(select);
  selectRef.current = select;

  useEffect(() => {
    if (!userId) {
      seededFor.current = 0;
      return;
    }
    if (seededFor.current === userId && attempt === 0) return;
    seededFor.current = 0;
    let live = true;
    api
      .get<A>(path, { suppressErrors: true })
      .then((answer) => {
        if (live) setState({ status: 'ready', data: selectRef.current(answer), error: null });
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
