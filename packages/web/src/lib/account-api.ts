// An account or back-office page's data (spec §7 GET /v1/my-*, /api/v1/admin/…) in the browser once the user is
// known, through the one data layer (remote-data.ts), unless the server render already brought it
// (account-page-data.ts).
import { isAccountPageData } from './account-page-data.ts';
import { useAppContext, useAppState } from './app-context.tsx';
import { useRemoteData } from './remote-data.ts';
import { useLoaderData } from './router/router-view.tsx';

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
