// Who is calling: the Bearer access token is verified once per request; routes ask for the user they need.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { findUserById, type UserRow } from '../features/account/account.service.ts';
import type { AccessClaims, AccessTokens } from '../features/auth/tokens.ts';
import { unauthenticated } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Verified claims of the Bearer token, null without one. */
    auth: AccessClaims | null;
    /** Set when a token was sent but is expired or invalid. */
    authProblem: 'TOKEN_EXPIRED' | 'TOKEN_INVALID' | null;
    authenticatedUser: UserRow | null;
  }
}

export interface Authenticator {
  /** The logged-in user, or a 401 with TOKEN_EXPIRED / TOKEN_INVALID / UNAUTHENTICATED. */
  requireUser(request: FastifyRequest): Promise<UserRow>;
  /** The user when a valid token came, null for a guest; a bad token is still a 401 so the client refreshes. */
  findUser(request: FastifyRequest): Promise<UserRow | null>;
}

export function registerAuth(app: FastifyInstance, db: Database, tokens: AccessTokens): Authenticator {
  app.decorateRequest('auth', null);
  app.decorateRequest('authProblem', null);
  app.decorateRequest('authenticatedUser', null);
  // A callback hook: every request passes here, and most carry no token (no promise for them).
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) {
      done();
      return;
    }
    tokens
      .verify(header.slice(7).trim())
      .then(
        (claims) => {
          request.auth = claims;
        },
        (error: unknown) => {
          request.authProblem =
            (error as { extra?: { error?: 'TOKEN_EXPIRED' | 'TOKEN_INVALID' } }).extra?.error ??
            'TOKEN_INVALID';
        },
      )
      .then(() => done());
  });

  async function findUser(request: FastifyRequest): Promise<UserRow | null> {
    if (request.authenticatedUser) return request.authenticatedUser;
    if (request.authProblem) throw unauthenticated(request.authProblem);
    if (!request.auth) return null;
    const user = await findUserById(db, request.auth.userId);
    // Logout and password change bump the version: older tokens die with them.
    if (!user || user.tokenVersion !== request.auth.tokenVersion) throw unauthenticated('TOKEN_INVALID');
    request.authenticatedUser = user;
    return user;
  }

  return {
    findUser,
    async requireUser(request) {
      const user = await findUser(request);
      if (!user) throw unauthenticated('UNAUTHENTICATED');
      return user;
    },
  };
}
