// HTTP routes of authentication (spec §7 User, Token refresh): registration, login, refresh, logout, passwords.
import { currentUserAnswerSchema, sessionAnswerSchema } from '@efir/domain/account-schemas';
import { okAnswerSchema, okMessageAnswerSchema } from '@efir/domain/api-wire';
import {
  changeEmailSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  refreshAnswerSchema,
  registrationFormAnswerSchema,
  registrationSchema,
} from '@efir/domain/auth-schemas';
import { z } from '@efir/domain/zod-ru';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isModerator } from '../../back-office/admin.routes.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { forbidden } from '../../lib/app-error.ts';
import { canUseChat } from '../../modules/chat/index.ts';
import type { Authenticator } from '../../plugins/auth.ts';
import { issueCsrfCookie } from '../../plugins/csrf.ts';
import type { PageRenderer, PageSessions } from '../../plugins/ssr.ts';
import { getUserWire, type UserRow } from '../account/account.service.ts';
import { type AuthService, clientDigest, type Session } from './auth.service.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from './device-cookies.ts';
import type { AccessTokens } from './tokens.ts';

export const REFRESH_COOKIE = 'efir_refresh';
export const REFRESH_PATH = '/refresh';
/**
 * The refresh cookie goes with page requests too, so the server render knows a logged-in visitor
 * (docs/decisions/019-account-pages-rendered-for-the-user.md). Sessions begun before lived under REFRESH_PATH.
 */
const REFRESH_COOKIE_PATH = '/';
/** Tells the server render that this browser has a session (it carries no secret): account pages render for it. */
export const SESSION_HINT_COOKIE = 'efir_session';

/**
 * Who a page request comes from, for the server render: the refresh cookie is read, never rotated (the browser's
 * own refresh would then meet a used token), and the render gets an access token of its own that stays on the
 * server.
 */
export function createPageSessions(auth: AuthService, tokens: AccessTokens): PageSessions {
  const findPageUser = createPageUsers(auth);
  return async (request) => {
    const user = await findPageUser(request);
    return user ? (await tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion })).token : null;
  };
}

/** The signed-in user of a request by the refresh cookie alone (a page, or a plain form that has no token). */
export function createPageUsers(auth: AuthService): (request: FastifyRequest) => Promise<UserRow | null> {
  return async (request) => {
    const cookie = request.cookies[REFRESH_COOKIE];
    if (!cookie) return null;
    return auth.peekSession(cookie, clientDigest(request.ip, request.headers['user-agent']));
  };
}

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    auth: AuthService;
    authenticator: Authenticator;
    config: Config;
    renderPage?: PageRenderer;
    /** Runs after a login or registration (the cart feature merges the guest's cart here). */
    onLogin?: (request: FastifyRequest, reply: FastifyReply, userId: number) => Promise<void>;
  },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, auth, authenticator } = deps;
  const secure = deps.config.PUBLIC_URL.startsWith('https:');

  function setSessionCookies(reply: FastifyReply, session: Session) {
    const maxAge = session.refreshMaxAge ?? undefined;
    // An older cookie under REFRESH_PATH would be sent first to /refresh, a rotated token that ends the session.
    reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH });
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure,
      maxAge,
    });
    reply.setCookie(SESSION_HINT_COOKIE, '1', { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
  }

  /** Sent to the login call only: it is what lets this browser in while strangers guess the password (decision 013). */
  function setDeviceCookie(reply: FastifyReply, device: string) {
    reply.setCookie(DEVICE_COOKIE, device, {
      path: '/v1/user/login',
      httpOnly: true,
      sameSite: 'strict',
      secure,
      maxAge: DEVICE_COOKIE_DAYS * 86_400,
    });
  }

  function clearSessionCookies(reply: FastifyReply) {
    reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH });
    reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
    reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
  }

  async function sessionAnswer(reply: FastifyReply, result: { user: UserRow; session: Session }) {
    setSessionCookies(reply, result.session);
    return {
      status: 'ok' as const,
      access_token: result.session.accessToken,
      expires_in: result.session.expiresIn,
      user: { ...(await getUserWire(db, result.user)), moderator: isModerator(deps.config, result.user.id) },
    };
  }

  // Spec §7 «GET /registration» is the form's data for the client; a browser asking for HTML gets the page.
  routes.get(
    '/registration',
    { schema: { response: { 200: registrationFormAnswerSchema } } },
    async (request, reply) => {
      const accept = request.headers.accept ?? '';
      if (deps.renderPage && !accept.includes('application/json')) return deps.renderPage(request, reply);
      return {
        fields: ['name', 'fam', 'email', 'tel', 'password', 'password_confirmation', 'agree'],
        required: ['name', 'email', 'password', 'agree'],
        password: { min: PASSWORD_MIN, max: PASSWORD_MAX },
        agreement: {
          personal_data: '/soglasenie-o-zashhite-personalnyx-dannyx',
          offer: '/publicnaia-oferta',
        },
      };
    },
  );

  routes.post(
    '/v1/user',
    { schema: { body: registrationSchema, response: { 200: sessionAnswerSchema } } },
    async (request, reply) => {
      const result = await auth.register(request.body, request.ip);
      setDeviceCookie(reply, result.device);
      await deps.onLogin?.(request, reply, result.user.id);
      return sessionAnswer(reply, result);
    },
  );

  routes.post(
    '/v1/user/login',
    { schema: { body: loginSchema, response: { 200: sessionAnswerSchema } } },
    async (request, reply) => {
      const result = await auth.login(request.body, request.ip, request.cookies[DEVICE_COOKIE]);
      setDeviceCookie(reply, result.device);
      await deps.onLogin?.(request, reply, result.user.id);
      return sessionAnswer(reply, result);
    },
  );

  routes.post(
    '/v1/user/logout',
    { schema: { response: { 200: okMessageAnswerSchema } } },
    async (request, reply) => {
      const user = await authenticator.findUser(request).catch(() => null);
      if (user) await auth.logout(user.id);
      else await auth.logoutByCookie(request.cookies[REFRESH_COOKIE]);
      clearSessionCookies(reply);
      return { status: 'ok' as const, message: 'logout' };
    },
  );

  routes.post(
    REFRESH_PATH,
    { schema: { response: { 200: refreshAnswerSchema } } },
    async (request, reply) => {
      try {
        const { session } = await auth.refresh(
          request.cookies[REFRESH_COOKIE],
          clientDigest(request.ip, request.headers['user-agent']),
        );
        if (session.refreshToken !== null) setSessionCookies(reply, session);
        return { access_token: session.accessToken, expires_in: session.expiresIn };
      } catch (error) {
        clearSessionCookies(reply);
        throw error;
      }
    },
  );

  routes.get(REFRESH_PATH, { schema: { response: { 200: okAnswerSchema } } }, async (_request, reply) => {
    issueCsrfCookie(reply, secure);
    return { status: 'ok' as const };
  });

  routes.get('/v1/user', { schema: { response: { 200: currentUserAnswerSchema } } }, async (request) => {
    const user = await authenticator.requireUser(request);
    return {
      message: 'user' as const,
      user: {
        ...(await getUserWire(db, user)),
        chat: canUseChat(deps.config, user.id),
        moderator: isModerator(deps.config, user.id),
      },
    };
  });

  routes.put(
    '/v1/user/forgot-password',
    { schema: { body: forgotPasswordSchema, response: { 200: okMessageAnswerSchema } } },
    async (request) => {
      const outcome = await auth.forgotPassword(request.body, request.ip);
      return outcome === 'sent'
        ? {
            status: 'ok' as const,
            message:
              'Если такой адрес зарегистрирован, мы отправили на него письмо со ссылкой для смены пароля.',
          }
        : { status: 'ok' as const, message: 'Пароль изменён. Войдите с новым паролем.' };
    },
  );

  routes.put(
    '/v1/user/:id/pwd',
    {
      schema: {
        params: z.strictObject({ id: z.coerce.number().int().positive() }),
        body: changePasswordSchema,
        response: { 200: okMessageAnswerSchema },
      },
    },
    async (request, reply) => {
      const user = await authenticator.requireUser(request);
      if (user.id !== request.params.id) throw forbidden();
      await auth.changePassword(user, request.body.current_password, request.body.password);
      // Every session ended, this one too: the browser logs in again with the new password.
      clearSessionCookies(reply);
      return {
        status: 'ok' as const,
        message: 'Пароль изменён. Войдите с новым паролем на всех устройствах.',
      };
    },
  );

  routes.post(
    '/v1/user/email',
    { schema: { body: changeEmailSchema, response: { 200: okMessageAnswerSchema } } },
    async (request) => {
      const user = 'email' in request.body ? await authenticator.requireUser(request) : null;
      const outcome = await auth.changeEmail(user, request.body);
      if (outcome === 'sent') {
        return {
          status: 'ok' as const,
          message: 'Мы отправили письмо на новый адрес. Откройте ссылку из него, чтобы подтвердить e-mail.',
        };
      }
      return {
        status: 'ok' as const,
        message: outcome === 'confirmed' ? 'E-mail подтверждён.' : 'E-mail изменён.',
      };
    },
  );

  // The confirmation letter again (decision 040), from «Мои заказы» when guest orders wait for it.
  routes.post(
    '/v1/user/email/confirmation',
    { schema: { response: { 200: okMessageAnswerSchema } } },
    async (request) => {
      const user = await authenticator.requireUser(request);
      await auth.sendEmailConfirmation(user);
      return {
        status: 'ok' as const,
        message: `Мы отправили письмо на ${user.email}. Откройте ссылку из него, чтобы подтвердить e-mail.`,
      };
    },
  );
}
