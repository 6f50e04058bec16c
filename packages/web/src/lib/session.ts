// The login state of spec §4: a guest (user id 0) becomes logged in only after a login or registration followed by
// a successful GET /v1/user; logout drops the token and resets the session; an expired session ends the same way.
// Login and registration themselves are in session-start.ts, loaded with the pages that use them.
import { isLocalPath } from '@efir/domain/local-path';
import { ACCOUNT_HOME_URL, LOGIN_URL } from '@efir/domain/routes';
import type { AppState, AppStore, SessionUser } from './app-state.ts';
import { loadUser } from './bootstrap.ts';
import { reloadCart } from './cart-core.ts';
import type { HttpClient, TokenStore } from './http-client.ts';

/** The name of the session-hint cookie the server sets while a refresh session exists (no secret in it). */
export const SESSION_HINT_COOKIE = 'efir_session';

export type SessionStatus = 'pending' | 'guest' | 'user';

export function readSessionStatus(state: Pick<AppState, 'user' | 'sessionPending'>): SessionStatus {
  if (state.user) return 'user';
  return state.sessionPending ? 'pending' : 'guest';
}

/** Whether a Cookie header carries the session hint. */
export function hasSessionHint(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => {
    const [name, value] = pair.trim().split('=');
    return name === SESSION_HINT_COOKIE && Boolean(value);
  });
}

/** Resolves once the store knows whether this is a guest or a user (at once when it already does). */
export function waitForSession(store: AppStore): Promise<void> {
  if (!store.getState().sessionPending) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe((state) => {
      if (state.sessionPending) return;
      unsubscribe();
      resolve();
    });
  });
}

/** A `from` worth returning to after login: a path on this site, never the auth pages themselves. */
export function safeReturnPath(from: string | null | undefined): string | null {
  if (!from || !isLocalPath(from)) return null;
  const path = from.split(/[?#]/)[0] ?? '';
  if (path === LOGIN_URL || path === '/registration' || path === '/forgot-password') return null;
  return from;
}

/** Where a logged-in visitor goes from a guest-only page: back where they came from, else the account. */
export function returnPathAfterLogin(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get('from')) ?? ACCOUNT_HOME_URL;
}

/** /login that brings the visitor back to `from` afterwards. */
export function loginUrlFor(from: string): string {
  const target = safeReturnPath(from);
  return target ? `${LOGIN_URL}?from=${encodeURIComponent(target)}` : LOGIN_URL;
}

export function refreshCart(api: HttpClient, store: AppStore): void {
  // The guest cart is merged into the user's at login and left behind at logout: show the server's view of it.
  void reloadCart(api, store);
}

/** Back to the guest state without asking the server (it already ended the session, e.g. password change). */
export function endSession(api: HttpClient, store: AppStore): void {
  // The user goes first, so the token watcher (guardTokenLoss) sees a deliberate end, not a lost session.
  store.getState().resetSession();
  api.tokenStore.set(null);
}

/** POST /v1/user/logout (a failure does not keep anyone logged in), then the guest state. */
export async function logOut(api: HttpClient, store: AppStore): Promise<void> {
  try {
    await api.post('/v1/user/logout', { suppressErrors: true });
  } catch {
    // The server forgets the session on its own schedule; this browser forgets it now.
  }
  endSession(api, store);
  refreshCart(api, store);
}

/** Spec §4: a request flagged token-expired logs the user out (the HTTP client has already dropped the token). */
export function expireSession(store: AppStore): void {
  const { user, resetSession, showNotice } = store.getState();
  resetSession();
  if (user) {
    showNotice({ type: 'error', title: 'Сеанс завершён', text: 'Войдите снова, чтобы продолжить.' });
  }
}

/**
 * The browser's token store, watched: when the HTTP client drops the token of a logged-in user for any reason
 * (a refused refresh after TOKEN_INVALID, not only TOKEN_EXPIRED), the session ends too, so the page never shows
 * a user whose calls can no longer succeed.
 */
export function guardTokenLoss(tokens: TokenStore, getStore: () => AppStore | null): TokenStore {
  return {
    get: () => tokens.get(),
    set: (token) => {
      tokens.set(token);
      const store = getStore();
      if (token === null && store?.getState().user) expireSession(store);
    },
  };
}

/**
 * Another tab logged out (the shared token vanished) or in (a token appeared): follow it. `key` is the
 * local-storage key of the token.
 */
export function followOtherTabs(api: HttpClient, store: AppStore, key = 'token'): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key && event.key !== null) return;
    const hasToken = api.tokenStore.get() !== null;
    const { user } = store.getState();
    // The cart follows the session: the user's after a login, the guest's after a logout.
    if (!hasToken && user) {
      store.getState().resetSession();
      refreshCart(api, store);
    } else if (hasToken && !user) {
      void restoreSession(api, store).then((restored) => {
        if (restored) refreshCart(api, store);
      });
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * Start-up in the browser after hydration: with a stored token, load the user; without one, this is a guest.
 * Either way the pending state ends, so guards stop waiting.
 */
export async function restoreSession(api: HttpClient, store: AppStore): Promise<SessionUser | null> {
  const hasToken = api.tokenStore.get() !== null;
  if (!hasToken) {
    store.getState().setSessionPending(false);
    return null;
  }
  store.getState().setSessionPending(true);
  const user = await loadUser(api, true);
  store.getState().setUser(user);
  return user;
}

/**
 * Start-up in the browser on a page the server rendered for the user (it read the refresh cookie): the user and
 * their cart came with the page. A browser without a token of its own (local storage cleared, or kept nothing)
 * gets one from the refresh cookie; when that is refused, the session is over and the visitor is a guest.
 */
export async function adoptServerSession(api: HttpClient, store: AppStore): Promise<void> {
  if (api.tokenStore.get() !== null || (await api.renewToken())) return;
  store.getState().resetSession();
  refreshCart(api, store);
}
