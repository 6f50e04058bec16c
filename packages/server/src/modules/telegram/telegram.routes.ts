// HTTP routes of the Telegram link (spec §7 «POST, DELETE v1/user/telegram», «POST v1/user/telegram/test») and the bot's webhook.
import { timingSafeEqual } from 'node:crypto';
import {
  type AccountSettings,
  settingsChangedAnswerSchema,
  telegramCodeAnswerSchema,
  telegramTestAnswerSchema,
  telegramWebhookAnswerSchema,
} from '@efir/domain/account-wire';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Authenticator } from '../../plugins/auth.ts';
import {
  handleTelegramUpdate,
  sendTelegramTest,
  startTelegramLink,
  type TelegramLinks,
} from './telegram.service.ts';
import type { TelegramClient } from './telegram-client.ts';

export const WEBHOOK_PATH = '/api/v1/telegram/webhook';
export const WEBHOOK_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

function secretMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const left = Buffer.from(expected);
  const right = Buffer.from(given);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function registerTelegramRoutes(
  app: FastifyInstance,
  deps: {
    /** The account's side of the link; `unlink` answers the account's settings after it. */
    links: TelegramLinks & { unlink(userId: number): Promise<AccountSettings> };
    authenticator: Authenticator;
    limiter: RateLimiter;
    telegram: TelegramClient;
    config: Pick<Config, 'TELEGRAM_BOT_NAME' | 'TELEGRAM_WEBHOOK_SECRET' | 'PUBLIC_URL'>;
  },
): void {
  // A scope of its own: personal answers are never stored by caches (as the account's own routes).
  app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'private, no-store');
      return payload;
    });
    registerInScope(scope, deps);
  });
}

function registerInScope(app: FastifyInstance, deps: Parameters<typeof registerTelegramRoutes>[1]): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { links, authenticator, limiter, telegram, config } = deps;

  routes.post(
    '/v1/user/telegram',
    { schema: { response: { 200: telegramCodeAnswerSchema } } },
    async (request) => {
      const user = await authenticator.requireUser(request);
      return {
        status: 'ok' as const,
        ...(await startTelegramLink(links, limiter, user, config.TELEGRAM_BOT_NAME)),
      };
    },
  );

  routes.delete(
    '/v1/user/telegram',
    { schema: { response: { 200: settingsChangedAnswerSchema } } },
    async (request) => {
      const user = await authenticator.requireUser(request);
      return { status: 'ok' as const, message: 'Telegram отключён', settings: await links.unlink(user.id) };
    },
  );

  routes.post(
    '/v1/user/telegram/test',
    { schema: { response: { 200: telegramTestAnswerSchema } } },
    async (request) => {
      const user = await authenticator.requireUser(request);
      const { delivered } = await sendTelegramTest(links, telegram, limiter, user);
      return {
        status: 'ok' as const,
        delivered,
        message: delivered
          ? 'Проверочное сообщение отправлено — загляните в Telegram'
          : 'Telegram-бот на этом сервере не настроен: сообщение записано в журнал',
      };
    },
  );

  routes.post(
    WEBHOOK_PATH,
    {
      // Telegram calls it, not a browser: the secret header stands in for CSRF and session.
      config: { csrf: false },
      schema: { response: { 200: telegramWebhookAnswerSchema } },
      onRequest: async (request) => {
        if (!config.TELEGRAM_WEBHOOK_SECRET) throw notFound();
        if (!secretMatches(config.TELEGRAM_WEBHOOK_SECRET, request.headers[WEBHOOK_SECRET_HEADER])) {
          throw forbidden();
        }
      },
    },
    async (request) => {
      await handleTelegramUpdate(links, telegram, request.body, config.PUBLIC_URL, request.log);
      return { ok: true as const };
    },
  );
}
