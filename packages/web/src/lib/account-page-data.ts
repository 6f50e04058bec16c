// The data an account page shows, fetched by the server render for a visitor it knows (their refresh cookie): the
// first response then has the page filled in. The browser fetches it itself on later visits (remote-data.ts, useAccountData).
import type { ACCOUNT_PAGES } from '@efir/domain/routes';
import type { HttpClient } from './http-client.ts';

type AccountUrl = (typeof ACCOUNT_PAGES)[number]['url'];

/** The call behind each account page that has one (the others show the user the store already holds). */
const ACCOUNT_DATA_PATHS: Partial<Record<AccountUrl, string>> = {
  '/my-account': '/v1/my-account',
  '/my-orders': '/v1/my-orders',
  '/my-certificates': '/v1/my-certificates',
  '/my-baskets': '/v1/my-baskets',
  '/my-fav-prod': '/v1/my-fav-prod',
  '/my-waitlist': '/v1/my-waitlist',
  '/my-question': '/v1/my-question',
  '/my-courses': '/v1/my-courses',
  '/my-bookmarks': '/v1/my-bookmarks',
  '/my-settings': '/v1/my-settings',
};

/** A page's loader data: the answer of its call as it came, for useAccountData to read. */
interface AccountPageData {
  accountData: { path: string; raw: unknown };
}

export function isAccountPageData(value: unknown): value is AccountPageData {
  return typeof value === 'object' && value !== null && 'accountData' in value;
}

/** The page's answer, or null when it has no call or the call failed (the browser then asks again). */
export async function loadAccountPageData(api: HttpClient, url: AccountUrl): Promise<AccountPageData | null> {
  const path = ACCOUNT_DATA_PATHS[url];
  if (!path) return null;
  try {
    return { accountData: { path, raw: await api.get<unknown>(path, { suppressErrors: true }) } };
  } catch {
    return null;
  }
}
