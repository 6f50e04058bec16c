// Login and registration (spec §4): the token is kept, and the visitor is logged in only once GET /v1/user answers.
// Apart from session.ts so that the page frame does not carry it: the auth and account pages load it.
import type { SessionAnswer } from '@efir/domain/account-schemas';
import type { loginSchema, registrationSchema } from '@efir/domain/auth-schemas';
import type { z } from '@efir/domain/zod-ru';
import type { AppStore, SessionUser } from './app-state.ts';
import { loadUser } from './bootstrap.ts';
import type { HttpClient } from './http-client.ts';
import { refreshCart } from './session.ts';
import { fetchSessionUser } from './session-user.ts';

export type LoginInput = z.output<typeof loginSchema>;
export type RegistrationInput = z.output<typeof registrationSchema>;

/** Login or registration succeeded but the user could not be loaded: the visitor stays a guest. */
export class SessionStartError extends Error {
  constructor(cause: unknown) {
    super('Не удалось открыть личный кабинет. Попробуйте войти ещё раз.', { cause });
    this.name = 'SessionStartError';
  }
}

/** The second half of login and registration: keep the token, then log in only if the user loads. */
export async function beginSession(
  api: HttpClient,
  store: AppStore,
  answer: SessionAnswer,
): Promise<SessionUser> {
  api.tokenStore.set(answer.access_token);
  let user: SessionUser;
  try {
    user = await fetchSessionUser(api);
  } catch (error) {
    api.tokenStore.set(null);
    store.getState().setUser(null);
    throw new SessionStartError(error);
  }
  store.getState().setUser(user);
  refreshCart(api, store);
  return user;
}

/** POST /v1/user/login, then GET /v1/user. Field errors arrive as the HttpError of the first call. */
export async function logIn(api: HttpClient, store: AppStore, input: LoginInput): Promise<SessionUser> {
  const answer = await api.post<SessionAnswer>('/v1/user/login', { body: input });
  return beginSession(api, store, answer);
}

/** POST /v1/user, then GET /v1/user. */
export async function register(
  api: HttpClient,
  store: AppStore,
  input: RegistrationInput,
): Promise<SessionUser> {
  const answer = await api.post<SessionAnswer>('/v1/user', { body: input });
  return beginSession(api, store, answer);
}

/** Sends a reloaded user to the store: after changes the server made to it (e-mail, avatar…). */
export async function reloadUser(api: HttpClient, store: AppStore): Promise<SessionUser | null> {
  const user = await loadUser(api, api.tokenStore.get() !== null);
  if (user) store.getState().setUser(user);
  return user;
}
