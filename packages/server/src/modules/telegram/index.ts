// The Telegram module's public face (decisions 051, 061): the bot client the outbox sends through, and the routes
// of the link and the webhook. The link's data is the account's: it hands its functions in (TelegramLinks).

export { registerTelegramRoutes } from './telegram.routes.ts';
export { createTelegramClient, type TelegramClient, TelegramError } from './telegram-client.ts';
