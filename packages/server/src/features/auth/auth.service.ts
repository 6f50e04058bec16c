// Registration, login, sessions (rotating refresh tokens), logout, password reset and e-mail change.
import { createHash } from 'node:crypto';
import type {
  changeEmailSchema,
  forgotPasswordSchema,
  loginSchema,
  registrationSchema,
} from '@efir/domain/auth-schemas';
import type { z } from '@efir/domain/zod-ru';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, invalidData } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import {
  bumpTokenVersion,
  findUserByEmail,
  findUserById,
  insertUser,
  type UserRow,
  updateUser,
} from '../account/account.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import {
  findRefreshToken,
  findUsableOneTimeToken,
  insertOneTimeToken,
  insertRefreshToken,
  markOneTimeTokenUsed,
  markRefreshTokenRotated,
  revokeRefreshFamily,
  revokeUserRefreshTokens,
} from './auth.repo.ts';
import type { DeviceCookies } from './device-cookies.ts';
import {
  createEmailConfirmation,
  type EmailLinkOutcome,
  type OnEmailConfirmed,
} from './email-confirmation.ts';
import { getDecoyHash, hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import { type AccessTokens, createOpaqueToken, parseOpaqueToken, secretMatches } from './tokens.ts';

// The housekeeping's clean-up of expired refresh tokens goes through the auth's door (decision 033).
export { deleteExpiredRefreshTokens } from './auth.repo.ts';

/** An access token without a new refresh token (a second tab within the grace period). */
export interface AccessOnly {
  accessToken: string;
  expiresIn: number;
  refreshToken: null;
}

/** The client a refresh comes from, as far as the server can tell: its address and its browser. */
export function clientDigest(ip: string, userAgent: string | undefined): string {
  return createHash('sha256')
    .update(`${ip}|${userAgent ?? ''}`)
    .digest('base64url');
}

export interface Session {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  /** Seconds the refresh cookie lives; null makes it a browser-session cookie («remember me» off). */
  refreshMaxAge: number | null;
}

/** Two tabs may refresh with the same token at once: its reuse within this window is not treated as theft. */
export const REFRESH_REUSE_GRACE_MS = 10_000;
const DAY_S = 86_400;
const RESET_TTL_MS = 60 * 60 * 1000;
const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/** Wrong passwords allowed per account (or per known device) in LOGIN_WINDOW_MS. */
const LOGIN_ATTEMPTS = 8;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;

const tooManyAttempts = () => new AppError(429, 'Too Many Attempts.');
const badLogin = () => invalidData({ email: ['Неверный e-mail или пароль'] });
const invalidSession = () => new AppError(401, 'Unauthenticated.', { error: 'TOKEN_INVALID' });

type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

export interface AuthService {
  register(
    input: z.infer<typeof registrationSchema>,
    ip: string,
  ): Promise<{ user: UserRow; session: Session; device: string }>;
  /** `device`: the browser's device cookie (device-cookies.ts); the answer carries the one to keep. */
  login(
    input: z.infer<typeof loginSchema>,
    ip: string,
    device?: string | undefined,
  ): Promise<{ user: UserRow; session: Session; device: string }>;
  /**
   * `client`: who asks (clientDigest of address and browser). A second tab of the same client within the grace
   * period gets an access token only (the winner's refresh cookie is already in that browser); any other reuse
   * ends the family and every access token of the user.
   */
  refresh(
    cookie: string | undefined,
    client: string,
  ): Promise<{ user: UserRow; session: Session | AccessOnly }>;
  /**
   * The user a refresh cookie belongs to, read without rotating it (the server render of a page): the browser's own
   * refresh keeps its token. Null for anything refresh would refuse; a token already rotated counts only within
   * the grace period and for the client that rotated it (its page request raced the refresh that replaced it).
   */
  peekSession(cookie: string | undefined, client: string): Promise<UserRow | null>;
  /** Ends every session of the user: refresh tokens revoked, access tokens outdated. */
  logout(userId: number): Promise<void>;
  /** Logout by refresh cookie only (the access token may already have expired). */
  logoutByCookie(cookie: string | undefined): Promise<void>;
  forgotPassword(input: z.infer<typeof forgotPasswordSchema>, ip: string): Promise<'sent' | 'changed'>;
  changePassword(user: UserRow, current: string, next: string): Promise<void>;
  /** 'confirmed': a letter's link confirmed the account's own e-mail (decision 040); 'changed': a new one. */
  changeEmail(user: UserRow | null, input: ChangeEmailInput): Promise<EmailLinkOutcome | 'sent'>;
  /** The e-mail confirmation letter again (decision 040). */
  sendEmailConfirmation(user: UserRow): Promise<void>;
}

export function createAuthService(deps: {
  db: Database;
  tokens: AccessTokens;
  mail: MailService;
  limiter: RateLimiter;
  devices: DeviceCookies;
  config: Pick<Config, 'REFRESH_TOKEN_TTL_DAYS' | 'PUBLIC_URL'>;
  onEmailConfirmed?: OnEmailConfirmed;
}): AuthService {
  const { db, tokens, mail, limiter, devices, config } = deps;
  const origin = config.PUBLIC_URL.replace(/\/$/, '');

  const confirmation = createEmailConfirmation({ db, mail, origin, onEmailConfirmed: deps.onEmailConfirmed });

  async function limit(key: string, max: number, windowMs: number) {
    if (!(await limiter.hit(key, max, windowMs))) throw tooManyAttempts();
  }

  function checkNewPassword(password: string, field = 'password') {
    if (isCommonPassword(password)) {
      throw invalidData({
        [field]: ['Этот пароль слишком распространён — его легко подобрать. Придумайте другой'],
      });
    }
  }

  async function startSession(user: UserRow, remember: boolean, familyId?: string): Promise<Session> {
    const refresh = createOpaqueToken();
    const lifetimeS = remember ? config.REFRESH_TOKEN_TTL_DAYS * DAY_S : DAY_S;
    await insertRefreshToken(db, {
      id: refresh.id,
      userId: user.id,
      familyId: familyId ?? refresh.id,
      tokenHash: refresh.hash,
      remember,
      expiresAt: new Date(Date.now() + lifetimeS * 1000),
    });
    const access = await tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion });
    return {
      accessToken: access.token,
      expiresIn: access.expiresIn,
      refreshToken: refresh.value,
      refreshMaxAge: remember ? lifetimeS : null,
    };
  }

  return {
    async register(input, ip) {
      await limit(`register:ip:${ip}`, 10, 60 * 60 * 1000);
      checkNewPassword(input.password);
      if (await findUserByEmail(db, input.email)) {
        throw invalidData({ email: ['Этот e-mail уже зарегистрирован. Войдите или восстановите пароль'] });
      }
      // The account and its welcome letter land together (the letter waits in the outbox).
      const user = await db.transaction(async (tx) => {
        const txDb = tx as unknown as Database;
        const created = await insertUser(txDb, {
          name: input.name,
          fam: input.fam,
          email: input.email,
          tel: input.tel,
          passwordHash: await hashPassword(input.password),
        }).catch((error: unknown) => {
          // Two registrations racing with one e-mail: the unique index decides.
          if (
            String(
              (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code,
            ) === '23505'
          ) {
            throw invalidData({
              email: ['Этот e-mail уже зарегистрирован. Войдите или восстановите пароль'],
            });
          }
          throw error;
        });
        const confirm = await confirmation.link(txDb, created);
        await mail.send(
          {
            to: created.email,
            subject: 'Добро пожаловать в «Эфир»',
            text: `Здравствуйте, ${created.name}!\n\nВы зарегистрировались в интернет-магазине «Эфир». Подтвердите e-mail — откройте ссылку (она действует 7 дней):\n${confirm}\n\nПосле этого заказы, которые вы оформляли на этот адрес без входа в кабинет, появятся в «Мои заказы».\n\nЛичный кабинет: ${origin}/my-account\n\nЕсли это были не вы, просто проигнорируйте письмо.`,
          },
          txDb,
        );
        return created;
      });
      return {
        user,
        session: await startSession(user, input.remember),
        device: devices.issue(input.email),
      };
    },

    async login(input, ip, device) {
      const ipKey = `login:ip:${ip}`;
      await limit(ipKey, 20, LOGIN_WINDOW_MS);
      // A browser this account logged in from before counts its own failures; every other client shares the
      // account's counter, which a stranger can use up (decision 013).
      const knownDevice = devices.verify(device, input.email);
      const accountKey = knownDevice ? `login:device:${knownDevice}` : `login:email:${input.email}`;
      await limit(accountKey, LOGIN_ATTEMPTS, LOGIN_WINDOW_MS);
      const user = await findUserByEmail(db, input.email);
      // Unknown e-mail or wrong password look the same, and take the same time.
      const ok = await verifyPassword(user?.passwordHash ?? (await getDecoyHash()), input.password);
      if (!user || !ok) throw badLogin();
      // Only failures count: the owner's own logins (from a new browser each time) never lock them out.
      await Promise.all([limiter.forgive(ipKey), limiter.forgive(accountKey)]);
      return {
        user,
        session: await startSession(user, input.remember),
        device: knownDevice && device ? device : devices.issue(input.email),
      };
    },

    async refresh(cookie, client) {
      const parsed = parseOpaqueToken(cookie);
      if (!parsed) throw new AppError(401, 'Unauthenticated.', { error: 'UNAUTHENTICATED' });
      const token = await findRefreshToken(db, parsed.id);
      if (!token || !secretMatches(parsed.secret, token.tokenHash)) throw invalidSession();
      if (token.revokedAt || token.expiresAt.getTime() <= Date.now()) throw invalidSession();
      const user = await findUserById(db, token.userId);
      if (!user) throw invalidSession();
      const won = await markRefreshTokenRotated(db, token.id, client);
      if (!won) {
        const current = await findRefreshToken(db, token.id);
        const rotatedAgo = current?.rotatedAt
          ? Date.now() - current.rotatedAt.getTime()
          : Number.POSITIVE_INFINITY;
        if (rotatedAgo > REFRESH_REUSE_GRACE_MS || current?.rotatedBy !== client) {
          // An old token came back, or from another client: someone else holds a copy. End the family, and
          // every access token already issued to the user (they carry the token version).
          await revokeRefreshFamily(db, token.familyId);
          await bumpTokenVersion(db, user.id);
          throw invalidSession();
        }
        // The same browser's second tab, a moment later: it gets to work, but no second refresh token.
        const access = await tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion });
        return {
          user,
          session: { accessToken: access.token, expiresIn: access.expiresIn, refreshToken: null },
        };
      }
      return { user, session: await startSession(user, token.remember, token.familyId) };
    },

    async peekSession(cookie, client) {
      const parsed = parseOpaqueToken(cookie);
      if (!parsed) return null;
      const token = await findRefreshToken(db, parsed.id);
      if (!token || !secretMatches(parsed.secret, token.tokenHash)) return null;
      if (token.revokedAt || token.expiresAt.getTime() <= Date.now()) return null;
      if (
        token.rotatedAt &&
        (Date.now() - token.rotatedAt.getTime() > REFRESH_REUSE_GRACE_MS || token.rotatedBy !== client)
      ) {
        return null;
      }
      return (await findUserById(db, token.userId)) ?? null;
    },

    async logout(userId) {
      await revokeUserRefreshTokens(db, userId);
      await bumpTokenVersion(db, userId);
    },

    async logoutByCookie(cookie) {
      const parsed = parseOpaqueToken(cookie);
      if (!parsed) return;
      const token = await findRefreshToken(db, parsed.id);
      if (token && secretMatches(parsed.secret, token.tokenHash)) {
        await revokeUserRefreshTokens(db, token.userId);
        await bumpTokenVersion(db, token.userId);
      }
    },

    async forgotPassword(input, ip) {
      if ('email' in input) {
        await limit(`forgot:ip:${ip}`, 10, 60 * 60 * 1000);
        // Over the per-address limit we quietly send nothing: the answer must not differ.
        const allowed = await limiter.hit(`forgot:email:${input.email}`, 3, 60 * 60 * 1000);
        const user = allowed ? await findUserByEmail(db, input.email) : undefined;
        if (user) {
          const link = createOpaqueToken();
          const url = `${origin}/forgot-password?token=${encodeURIComponent(link.value)}`;
          await db.transaction(async (tx) => {
            const txDb = tx as unknown as Database;
            await insertOneTimeToken(txDb, {
              id: link.id,
              userId: user.id,
              purpose: 'password_reset',
              tokenHash: link.hash,
              expiresAt: new Date(Date.now() + RESET_TTL_MS),
            });
            await mail.send(
              {
                to: user.email,
                subject: 'Восстановление пароля в «Эфире»',
                text: `Здравствуйте, ${user.name}!\n\nЧтобы задать новый пароль, откройте ссылку (она действует 1 час и только один раз):\n${url}\n\nЕсли вы не просили сменить пароль, ничего делать не нужно.`,
              },
              txDb,
            );
          });
        }
        return 'sent';
      }
      await limit(`reset:ip:${ip}`, 20, 60 * 60 * 1000);
      const parsed = parseOpaqueToken(input.token);
      const token = parsed ? await findUsableOneTimeToken(db, parsed.id, 'password_reset') : undefined;
      if (!parsed || !token || !secretMatches(parsed.secret, token.tokenHash)) {
        throw invalidData({ token: ['Ссылка устарела или уже использована. Запросите новую'] });
      }
      checkNewPassword(input.password);
      if (!(await markOneTimeTokenUsed(db, token.id))) {
        throw invalidData({ token: ['Ссылка устарела или уже использована. Запросите новую'] });
      }
      const reset = await updateUser(db, token.userId, { passwordHash: await hashPassword(input.password) });
      // The reset link came by letter to the account's e-mail: it proves the address as a confirmation link does.
      if (!reset.emailConfirmedAt)
        await db.transaction((tx) => confirmation.confirm(tx as unknown as Database, reset.id, reset.email));
      await revokeUserRefreshTokens(db, token.userId);
      await bumpTokenVersion(db, token.userId);
      return 'changed';
    },

    async changePassword(user, current, next) {
      await limit(`password:user:${user.id}`, 10, 60 * 60 * 1000);
      if (!(await verifyPassword(user.passwordHash, current))) {
        throw invalidData({ current_password: ['Неверный текущий пароль'] });
      }
      checkNewPassword(next);
      await updateUser(db, user.id, { passwordHash: await hashPassword(next) });
      await revokeUserRefreshTokens(db, user.id);
      await bumpTokenVersion(db, user.id);
    },

    async changeEmail(user, input) {
      if ('email' in input) {
        if (!user) throw new AppError(401, 'Unauthenticated.', { error: 'UNAUTHENTICATED' });
        await limit(`email:user:${user.id}`, 5, 60 * 60 * 1000);
        if (!(await verifyPassword(user.passwordHash, input.password))) {
          throw invalidData({ password: ['Неверный пароль'] });
        }
        const taken = await findUserByEmail(db, input.email);
        if (taken && taken.id !== user.id) throw invalidData({ email: ['Этот e-mail уже занят'] });
        const link = createOpaqueToken();
        await db.transaction(async (tx) => {
          const txDb = tx as unknown as Database;
          await insertOneTimeToken(txDb, {
            id: link.id,
            userId: user.id,
            purpose: 'email_change',
            tokenHash: link.hash,
            payload: input.email,
            expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
          });
          await mail.send(
            {
              to: input.email,
              subject: 'Подтвердите новый e-mail в «Эфире»',
              text: `Здравствуйте, ${user.name}!\n\nЧтобы этот адрес стал адресом вашего личного кабинета, откройте ссылку (действует сутки):\n${origin}/my-settings?email_token=${encodeURIComponent(link.value)}\n\nЕсли вы ничего не меняли, просто проигнорируйте письмо.`,
            },
            txDb,
          );
        });
        return 'sent';
      }
      const parsed = parseOpaqueToken(input.token);
      const token = parsed ? await findUsableOneTimeToken(db, parsed.id, 'email_change') : undefined;
      if (!parsed || !token?.payload || !secretMatches(parsed.secret, token.tokenHash)) {
        throw invalidData({ token: ['Ссылка устарела или уже использована'] });
      }
      const taken = await findUserByEmail(db, token.payload);
      if (taken && taken.id !== token.userId) throw invalidData({ email: ['Этот e-mail уже занят'] });
      return confirmation.applyLink(token.id, token.userId, token.payload);
    },

    sendEmailConfirmation: (user) =>
      limit(`confirm:user:${user.id}`, 5, 60 * 60 * 1000).then(() => confirmation.resend(user)),
  };
}
