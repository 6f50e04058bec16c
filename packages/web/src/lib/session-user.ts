// The user of GET /v1/user (spec §3 User): its shape is the server's response schema (domain/account-schemas.ts).

import type { CurrentUserAnswer } from '@efir/domain/account-schemas';
import type { SessionUser } from './app-state.ts';
import type { HttpClient } from './http-client.ts';

/** GET /v1/user; throws when the call fails. */
export async function fetchSessionUser(api: HttpClient): Promise<SessionUser> {
  return (await api.get<CurrentUserAnswer>('/v1/user', { suppressErrors: true })).user;
}
