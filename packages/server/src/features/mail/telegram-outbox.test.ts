// Order status changes reach a customer who linked Telegram in /my-settings: the status change writes the message
// to the outbox with the letter, and the worker sends it through the Bot API client (to a local fake Bot API). A
// customer without Telegram gets only the letter; a blocked bot is not retried.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConfig } from '../../config.ts';
import { createTelegramClient } from '../../modules/telegram/index.ts';
import { demoProducts, LEMON_URL } from '../../test/demo-products.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../account/account.table.ts';
import { outbox } from './mail.table.ts';
import { createOutboxWorker } from './outbox-worker.ts';

const TOKEN = '123456:TEST-token_for-the-fake-bot-api';
const SECRET = 'webhook-secret-for-tests-0123456789';
let shop: TestApp;
let moderator: TestAgent;
let bot: { server: Server; url: string; received: Array<{ chat_id: string; text: string }> };
let productId: number;

/** The Bot API's sendMessage envelope; chat 403 has blocked the bot. */
function startFakeBotApi(): Promise<typeof bot> {
  const received: Array<{ chat_id: string; text: string }> = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    response.writeHead(String(body.chat_id) === '403' ? 403 : 200, { 'content-type': 'application/json' });
    if (String(body.chat_id) === '403') {
      response.end(
        JSON.stringify({ ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' }),
      );
      return;
    }
    received.push({ chat_id: String(body.chat_id), text: body.text });
    response.end(
      JSON.stringify({ ok: true, result: { message_id: received.length, chat: { id: body.chat_id } } }),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received }),
    ),
  );
}

const env = () => ({
  ...MODERATOR_ENV,
  TELEGRAM_BOT_TOKEN: TOKEN,
  TELEGRAM_API_URL: bot.url,
  TELEGRAM_WEBHOOK_SECRET: SECRET,
});

beforeAll(async () => {
  bot = await startFakeBotApi();
  shop = await createTestApp({ env: env() });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  productId = (await demoProducts(shop.database.db, [LEMON_URL], { stock: 500 }))[LEMON_URL]!.id;
});

afterAll(async () => {
  await shop.close();
  bot.server.closeAllConnections();
  await new Promise((resolve) => bot.server.close(resolve));
});

function worker() {
  return createOutboxWorker({
    db: shop.database.db,
    config: createTestConfig(env()),
    telegram: createTelegramClient({ TELEGRAM_API_URL: bot.url, TELEGRAM_BOT_TOKEN: TOKEN }, shop.app.log),
    log: shop.app.log,
  });
}

/** A customer who linked Telegram the way /my-settings does it (code, then /start in the bot). */
async function customerWithTelegram(chatId: number) {
  const browser = createTestAgent(shop.app);
  const { id, email } = await browser.register();
  const code = (await browser.request({ method: 'POST', url: '/v1/user/telegram' })).json().code;
  const linked = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/telegram/webhook',
    headers: { 'x-telegram-bot-api-secret-token': SECRET },
    payload: {
      update_id: chatId,
      message: { message_id: 1, chat: { id: chatId, type: 'private' }, text: `/start ${code}` },
    },
  });
  expect(linked.statusCode).toBe(200);
  const [user] = await shop.database.db.select().from(users).where(eq(users.id, id));
  expect(user!.telegramChatId).toBe(String(chatId));
  return { browser, id, email };
}

async function placeOrder(browser: TestAgent, email: string) {
  await browser.request({ method: 'POST', url: `/v1/cart/${productId}`, payload: { quantity: 1 } });
  const response = await browser.request({
    method: 'POST',
    url: '/v1/order',
    payload: {
      idempotency_key: randomUUID(),
      contact: { name: 'Анна', fam: 'Телеграмова', email, tel: '+7 916 000-22-33' },
      delivery: {
        type: 2,
        sposob_dost: 1,
        sposob_oplat: 1,
        addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', flat: '12', zip: '115054' },
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().order as { id: number; number: string };
}

const telegramRows = (chatId: string) =>
  shop.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'telegram'), eq(outbox.to, chatId)));

describe('order status in Telegram', () => {
  it('a linked customer gets the status change in Telegram as well as by letter; others only by letter', async () => {
    const linked = await customerWithTelegram(7_001_234);
    const order = await placeOrder(linked.browser, linked.email);
    const confirmed = await moderator.request({
      method: 'PUT',
      url: `/api/v1/admin/orders/${order.id}/status`,
      payload: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [queued] = await telegramRows('7001234');
    expect(queued).toMatchObject({ status: 'pending' });

    bot.received.length = 0;
    await worker().runOnce();
    expect(bot.received).toHaveLength(1);
    expect(bot.received[0]!.chat_id).toBe('7001234');
    expect(bot.received[0]!.text).toMatch(
      new RegExp(`^Заказ ${order.number}: подтверждён\\n\\nМы подтвердили ваш заказ ${order.number}`),
    );
    expect(bot.received[0]!.text).toContain('/my-orders');
    expect((await telegramRows('7001234'))[0]!.status).toBe('sent');
    const letters = await shop.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, linked.email), eq(outbox.subject, `Заказ ${order.number}: подтверждён`)));
    expect(letters).toHaveLength(1);

    // Without Telegram: the letter only.
    const plain = createTestAgent(shop.app);
    const { email } = await plain.register();
    const other = await placeOrder(plain, email);
    await moderator.request({
      method: 'PUT',
      url: `/api/v1/admin/orders/${other.id}/status`,
      payload: { status: 'confirmed' },
    });
    bot.received.length = 0;
    await worker().runOnce();
    expect(bot.received).toHaveLength(0);
  });

  it('a chat that blocked the bot is marked failed at once, not retried', async () => {
    const blocked = await customerWithTelegram(403);
    const order = await placeOrder(blocked.browser, blocked.email);
    await moderator.request({
      method: 'PUT',
      url: `/api/v1/admin/orders/${order.id}/status`,
      payload: { status: 'confirmed' },
    });
    await worker().runOnce();
    const [row] = await telegramRows('403');
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.error).toContain('403');
  });
});
