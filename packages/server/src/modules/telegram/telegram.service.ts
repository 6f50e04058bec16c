// Linking an account to the shop's Telegram bot (/start <code>) and sending through it. The link itself (the
// one-time code, the chat id) is the account's data: the account hands its functions in (TelegramLinks).
import { TELEGRAM_CODE_LENGTH } from '@efir/domain/account-schemas';
import { z } from '@efir/domain/zod-ru';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, conflict } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { type TelegramClient, TelegramError } from './telegram-client.ts';

/** What the bot needs of an account. */
export interface TelegramUser {
  id: number;
  telegramChatId: string | null;
}

/** The account's side of the link, handed in by the composition root (decision 061). */
export interface TelegramLinks {
  /** A fresh one-time code for the user (kept hashed), and until when it works. */
  issueCode(userId: number): Promise<{ code: string; expiresAt: Date }>;
  /** Links the chat to the code's user; false when the code is unknown, used or expired. */
  linkChat(code: string, chatId: string): Promise<boolean>;
  /** Telegram answered that the chat is gone or the bot blocked: stop sending there. */
  forgetChat(user: TelegramUser, chatId: string): Promise<void>;
}

export const TEST_MESSAGE = 'Проверка связи: уведомления «Эфира» приходят сюда.';

const tooManyAttempts = () => new AppError(429, 'Too Many Attempts.');

export async function startTelegramLink(
  links: TelegramLinks,
  limiter: RateLimiter,
  user: TelegramUser,
  botName: string,
): Promise<{ code: string; link: string; expires_at: string }> {
  if (!(await limiter.hit(`telegram-code:user:${user.id}`, 10, 60 * 60 * 1000))) throw tooManyAttempts();
  const { code, expiresAt } = await links.issueCode(user.id);
  return { code, link: `https://t.me/${botName}?start=${code}`, expires_at: expiresAt.toISOString() };
}

/** Only what we read of an Update (https://core.telegram.org/bots/api#update); everything else is ignored. */
const updateSchema = z.object({
  message: z
    .object({
      chat: z.object({ id: z.number().int(), type: z.string() }),
      text: z.string().max(4096).optional(),
    })
    .optional(),
});

const START_COMMAND = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/;
const CODE_PATTERN = new RegExp(`^[A-Za-z0-9]{${TELEGRAM_CODE_LENGTH}}$`);

/**
 * Handles one webhook update. Only /start in a private chat matters: with a live code it links the chat to the
 * code's account. Replies are best effort: Telegram must get its 200 even when our answer cannot be sent.
 */
export async function handleTelegramUpdate(
  links: TelegramLinks,
  client: TelegramClient,
  update: unknown,
  origin: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const parsed = updateSchema.safeParse(update);
  const message = parsed.success ? parsed.data.message : undefined;
  // Group chats are skipped: personal notifications must not land where others read them.
  if (!message?.text || message.chat.type !== 'private') return;
  const start = START_COMMAND.exec(message.text.trim());
  if (!start) return;
  const chatId = String(message.chat.id);
  const settings = new URL('/my-settings', origin).toString();
  const code = start[1];
  let reply: string;
  if (!code) {
    reply = `Здравствуйте! Это бот интернет-магазина «Эфир». Чтобы получать уведомления, откройте настройки личного кабинета (${settings}), нажмите «Подключить Telegram» и перейдите по ссылке.`;
  } else if (CODE_PATTERN.test(code) && (await links.linkChat(code, chatId))) {
    reply = 'Готово: аккаунт «Эфира» привязан. Уведомления о заказах и поступлениях будут приходить сюда.';
  } else {
    reply = `Код не подошёл: он действует 15 минут и только один раз. Получите новую ссылку в настройках личного кабинета: ${settings}`;
  }
  try {
    await client.sendMessage(chatId, reply);
  } catch (error) {
    log.warn({ kind: error instanceof TelegramError ? error.kind : 'unknown' }, 'telegram reply not sent');
  }
}

/** Sends the test message to the linked chat; 409 when nothing is linked or Telegram refuses the chat. */
export async function sendTelegramTest(
  links: TelegramLinks,
  client: TelegramClient,
  limiter: RateLimiter,
  user: TelegramUser,
): Promise<{ delivered: boolean }> {
  const chatId = user.telegramChatId;
  if (!chatId) {
    throw conflict('Telegram не подключён. Нажмите «Подключить Telegram» и откройте ссылку в приложении.');
  }
  if (!(await limiter.hit(`telegram-test:user:${user.id}`, 5, 10 * 60 * 1000))) throw tooManyAttempts();
  try {
    await client.sendMessage(chatId, TEST_MESSAGE);
  } catch (error) {
    if (error instanceof TelegramError && (error.kind === 'forbidden' || error.kind === 'bad_request')) {
      // Blocked bot or deleted chat: writing there again is pointless until the user links anew.
      await links.forgetChat(user, chatId);
      throw conflict(
        'Telegram не доставил сообщение: бот заблокирован или чат удалён. Подключите Telegram заново.',
      );
    }
    throw new AppError(503, 'Telegram сейчас недоступен. Попробуйте позже.');
  }
  return { delivered: client.online };
}
