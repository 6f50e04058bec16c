// Calls of the back office (/api/v1/admin/…): reads through useAdminData, writes through useAdminApi().
// Failures never pop up the shop's notice: each admin page shows them where the moderator is looking.

import { useAppContext } from '../../lib/app-context.tsx';
import { useAccountData } from '../../lib/remote-data.ts';

export const ADMIN_API = '/api/v1/admin';

/** GET /api/v1/admin{path} once the user is known; `reload` asks again, `update` patches the data in place. */
export function useAdminData<A, T = A>(
  path: string,
  select: (answer: A) => T = (answer) => answer as unknown as T,
) {
  return useAccountData<A, T>(`${ADMIN_API}${path}`, select);
}

/** The shop's one HTTP client, with paths relative to /api/v1/admin. */
export function useAdminApi() {
  const { api } = useAppContext();
  const quiet = { suppressErrors: true } as const;
  return {
    get: <T>(path: string) => api.get<T>(`${ADMIN_API}${path}`, quiet),
    post: <T>(path: string, body?: unknown) => api.post<T>(`${ADMIN_API}${path}`, { ...quiet, body }),
    put: <T>(path: string, body?: unknown) => api.put<T>(`${ADMIN_API}${path}`, { ...quiet, body }),
    delete: <T>(path: string) => api.delete<T>(`${ADMIN_API}${path}`, quiet),
    /** Multipart (image uploads); no timeout. */
    upload: <T>(path: string, formData: FormData) =>
      api.post<T>(`${ADMIN_API}${path}`, { ...quiet, formData }),
  };
}
