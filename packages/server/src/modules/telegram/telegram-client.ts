// The Telegram Bot API adapter: the real client (sendMessage over HTTPS) and an offline one that only logs.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

export interface TelegramClient {
  /** false for the offline client: nothing leaves the machine. */
  readonly online: boolean;
  sendMessage(chatId: string, text: string): Promise<void>;
}

/**
 * What went wrong, in the terms a caller branches on: `forbidden` (the user blocked the bot or the chat is gone:
 * stop writing there), `bad_request` (chat not found, text refused), `unauthorized` (our token is wrong),
 * `rate_limited` (retry after `retryAfterS`), `unavailable` (network, timeout, Telegram's own failures).
 */
export type TelegramErrorKind = 'forbidden' | 'bad_request' | 'unauthorized' | 'rate_limited' | 'unavailable';

export class TelegramError extends Error {
  constructor(
    readonly kind: TelegramErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly retryAfterS: number | null = null,
  ) {
    super(message);
    this.name = 'TelegramError';
  }
}

const TIMEOUT_MS = 10_000;

function classify(code: number): TelegramErrorKind {
  if (code === 400) return 'bad_request';
  if (code === 401 || code === 404) return 'unauthorized';
  if (code === 403) return 'forbidden';
  if (code === 429) return 'rate_limited';
  return 'unavailable';
}

/** The Bot API (https://core.telegram.org/bots/api): POST JSON, answers `{ok, result}` or `{ok: false, error_code, description}`. */
export function createBotApiClient(options: {
  apiUrl: string;
  token: string;
  timeoutMs?: number;
}): TelegramClient {
  const base = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;

  async function call(method: string, payload: Record<string, unknown>): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}/bot${options.token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // The URL carries the token: the message names the failure, never the address.
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new TelegramError(
        'unavailable',
        timedOut ? 'Telegram did not answer in time' : 'Telegram unreachable',
      );
    }
    let body: {
      ok?: boolean;
      result?: unknown;
      error_code?: number;
      description?: string;
      parameters?: { retry_after?: number };
    };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      throw new TelegramError(
        'unavailable',
        `Telegram answered ${response.status} without JSON`,
        response.status,
      );
    }
    if (body.ok === true) return body.result;
    const code = body.error_code ?? response.status;
    throw new TelegramError(
      classify(code),
      `Telegram ${method} failed: ${code} ${body.description ?? ''}`.trim(),
      code,
      body.parameters?.retry_after ?? null,
    );
  }

  return {
    online: true,
    async sendMessage(chatId, text) {
      await call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } });
    },
  };
}

/** Without a bot token: messages are only noted in the log, without the chat or the text (personal data). */
export function createOfflineTelegramClient(log: FastifyBaseLogger): TelegramClient {
  return {
    online: false,
    async sendMessage(_chatId, text) {
      log.info({ length: text.length }, 'telegram message not sent (no TELEGRAM_BOT_TOKEN)');
    },
  };
}

export function createTelegramClient(
  config: Pick<Config, 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_API_URL'>,
  log: FastifyBaseLogger,
): TelegramClient {
  return config.TELEGRAM_BOT_TOKEN
    ? createBotApiClient({ apiUrl: config.TELEGRAM_API_URL, token: config.TELEGRAM_BOT_TOKEN })
    : createOfflineTelegramClient(log);
}
