// The Telegram Bot API client against a local fake of the Bot API, and the account link through the bot's webhook.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { telegramLinkCodes, users } from '../../features/account/account.table.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_MESSAGE } from './telegram.service.ts';
import { createBotApiClient, createOfflineTelegramClient, TelegramError } from './telegram-client.ts';

const TOKEN = '123456:TEST-token_for-the-fake-bot-api';
const SECRET = 'webhook-secret-for-tests-0123456789';

interface Received {
  path: string;
  contentType: string | undefined;
  body: { chat_id: string; text: string };
}

/** Speaks the Bot API's documented envelope; chat ids pick the outcome. */
function startFakeBotApi(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    received.push({ path: request.url ?? '', contentType: request.headers['content-type'], body });
    const reply = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (request.url !== `/bot${TOKEN}/sendMessage`) {
      return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    }
    switch (String(body.chat_id)) {
      case '403':
        return reply(403, {
          ok: false,
          error_code: 403,
          description: 'Forbidden: bot was blocked by the user',
        });
      case '400':
        return reply(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
      case '429':
        return reply(429, {
          ok: false,
          error_code: 429,
          description: 'Too Many Requests: retry after 7',
          parameters: { retry_after: 7 },
        });
      case '502':
        response.writeHead(502, { 'content-type': 'text/html' });
        return response.end('<html>Bad Gateway</html>');
      case '999':
        // Never answers: the client's timeout must end the wait.
        return;
      default:
        return reply(200, {
          ok: true,
          result: {
            message_id: received.length,
            date: 1_700_000_000,
            chat: { id: Number(body.chat_id) },
            text: body.text,
          },
        });
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, received });
    });
  });
}

let fake: Awaited<ReturnType<typeof startFakeBotApi>>;

beforeAll(async () => {
  fake = await startFakeBotApi();
});

afterAll(async () => {
  fake.server.closeAllConnections();
  await new Promise((resolve) => fake.server.close(resolve));
});

beforeEach(() => {
  fake.received.length = 0;
});

async function failureOf(promise: Promise<unknown>): Promise<TelegramError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TelegramError);
  return error as TelegramError;
}

describe('Bot API client', () => {
  it('sends a message as JSON to /bot<token>/sendMessage', async () => {
    const client = createBotApiClient({ apiUrl: `${fake.url}/`, token: TOKEN });
    expect(client.online).toBe(true);
    await client.sendMessage('12345', 'Привет из «Эфира»');
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]).toMatchObject({
      path: `/bot${TOKEN}/sendMessage`,
      contentType: 'application/json',
      body: { chat_id: '12345', text: 'Привет из «Эфира»' },
    });
  });

  it('maps Telegram errors to kinds a caller can act on', async () => {
    const client = createBotApiClient({ apiUrl: fake.url, token: TOKEN });
    const blocked = await failureOf(client.sendMessage('403', 'x'));
    expect(blocked).toMatchObject({ kind: 'forbidden', status: 403 });
    expect(blocked.message).toMatch(/bot was blocked/);
    expect(await failureOf(client.sendMessage('400', 'x'))).toMatchObject({
      kind: 'bad_request',
      status: 400,
    });
    expect(await failureOf(client.sendMessage('429', 'x'))).toMatchObject({
      kind: 'rate_limited',
      status: 429,
      retryAfterS: 7,
    });
    expect(await failureOf(client.sendMessage('502', 'x'))).toMatchObject({
      kind: 'unavailable',
      status: 502,
    });
    const wrongToken = createBotApiClient({ apiUrl: fake.url, token: '1:wrong' });
    expect(await failureOf(wrongToken.sendMessage('1', 'x'))).toMatchObject({
      kind: 'unauthorized',
      status: 401,
    });
  });

  it('gives up after its timeout and when Telegram is unreachable, never naming the token', async () => {
    const slow = createBotApiClient({ apiUrl: fake.url, token: TOKEN, timeoutMs: 200 });
    const timedOut = await failureOf(slow.sendMessage('999', 'x'));
    expect(timedOut.kind).toBe('unavailable');
    expect(timedOut.message).toMatch(/in time/);
    const closed = createBotApiClient({ apiUrl: 'http://127.0.0.1:1', token: TOKEN });
    const unreachable = await failureOf(closed.sendMessage('1', 'x'));
    expect(unreachable.kind).toBe('unavailable');
    for (const error of [timedOut, unreachable]) expect(error.message).not.toContain(TOKEN);
  });

  it('offline, only logs that a message was not sent — without the chat or the text', async () => {
    const lines: unknown[][] = [];
    const log = { info: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
    const client = createOfflineTelegramClient(log);
    expect(client.online).toBe(false);
    await client.sendMessage('424242', 'Секретный текст');
    expect(lines).toHaveLength(1);
    const written = JSON.stringify(lines);
    expect(written).not.toContain('424242');
    expect(written).not.toContain('Секретный');
  });
});

describe('linking an account through the bot', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({
      env: {
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_API_URL: fake.url,
        TELEGRAM_BOT_NAME: 'efir_test_bot',
        TELEGRAM_WEBHOOK_SECRET: SECRET,
        PUBLIC_URL: 'https://efir.test',
      },
    });
  });

  afterAll(() => testApp.close());

  async function loggedIn(): Promise<{ browser: TestAgent; id: number }> {
    const browser = createTestAgent(testApp.app);
    const { id } = await browser.register();
    return { browser, id };
  }

  async function linkCode(browser: TestAgent): Promise<string> {
    const response = await browser.request({ method: 'POST', url: '/v1/user/telegram' });
    expect(response.statusCode).toBe(200);
    return response.json().code;
  }

  /** As Telegram posts it: no cookies, no Bearer, only the secret header. */
  function webhook(
    text: string,
    chatId: number,
    options: { secret?: string | null; chatType?: string } = {},
  ) {
    const secret = options.secret === undefined ? SECRET : options.secret;
    return testApp.app.inject({
      method: 'POST',
      url: '/api/v1/telegram/webhook',
      headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
      payload: {
        update_id: 1000 + chatId,
        message: {
          message_id: 1,
          date: 1_700_000_000,
          from: { id: chatId, is_bot: false, first_name: 'Анна' },
          chat: { id: chatId, type: options.chatType ?? 'private', first_name: 'Анна' },
          text,
          entities: [{ offset: 0, length: 6, type: 'bot_command' }],
        },
      },
    });
  }

  async function isLinked(browser: TestAgent): Promise<boolean> {
    const response = await browser.request({ method: 'GET', url: '/v1/my-settings' });
    return response.json().settings.telegram.linked;
  }

  it('issues a one-time code with a t.me link to the bot', async () => {
    const { browser } = await loggedIn();
    const response = await browser.request({ method: 'POST', url: '/v1/user/telegram' });
    const body = response.json();
    expect(body.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(body.link).toBe(`https://t.me/efir_test_bot?start=${body.code}`);
    const lifetime = new Date(body.expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60 * 1000);
  });

  it('links the chat on /start <code> with the right secret and refuses a wrong or missing secret', async () => {
    const { browser } = await loggedIn();
    const code = await linkCode(browser);
    const wrong = await webhook(`/start ${code}`, 5550001, { secret: 'not-the-secret-at-all-000000' });
    expect(wrong.statusCode).toBe(403);
    const missing = await webhook(`/start ${code}`, 5550001, { secret: null });
    expect(missing.statusCode).toBe(403);
    expect(await isLinked(browser)).toBe(false);
    expect(fake.received).toHaveLength(0);

    const right = await webhook(`/start ${code}`, 5550001);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ ok: true });
    expect(await isLinked(browser)).toBe(true);
    expect(fake.received.at(-1)?.body).toMatchObject({
      chat_id: '5550001',
      text: expect.stringMatching(/привязан/),
    });

    // The code is spent: another chat cannot take the account over with it.
    const reused = await webhook(`/start ${code}`, 5550002);
    expect(reused.statusCode).toBe(200);
    expect(fake.received.at(-1)?.body).toMatchObject({
      chat_id: '5550002',
      text: expect.stringMatching(/Код не подошёл.*https:\/\/efir\.test\/my-settings/s),
    });

    const test = await browser.request({ method: 'POST', url: '/v1/user/telegram/test' });
    expect(test.statusCode).toBe(200);
    expect(test.json()).toMatchObject({ status: 'ok', delivered: true });
    expect(fake.received.at(-1)?.body).toEqual({
      chat_id: '5550001',
      text: TEST_MESSAGE,
      link_preview_options: { is_disabled: true },
    });
  });

  it('ignores expired codes, group chats, other messages and a second code replaces the first', async () => {
    const { browser, id } = await loggedIn();
    const expired = await linkCode(browser);
    await testApp.database.db
      .update(telegramLinkCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(telegramLinkCodes.userId, id));
    await webhook(`/start ${expired}`, 5551001);
    expect(await isLinked(browser)).toBe(false);

    const replaced = await linkCode(browser);
    const current = await linkCode(browser);
    await webhook(`/start ${replaced}`, 5551001);
    expect(await isLinked(browser)).toBe(false);
    await webhook(`/start ${current}`, -100200300, { chatType: 'group' });
    expect(await isLinked(browser)).toBe(false);
    const chatter = await webhook('привет, бот', 5551001);
    expect(chatter.statusCode).toBe(200);
    const unknownUpdate = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
      payload: { update_id: 5, edited_channel_post: { text: 'x' } },
    });
    expect(unknownUpdate.statusCode).toBe(200);

    await webhook(`/start@efir_test_bot ${current.toLowerCase()}`, 5551001);
    expect(await isLinked(browser)).toBe(true);
  });

  it('a bare /start gets instructions; linking a chat to another account moves it there', async () => {
    await webhook('/start', 5552001);
    expect(fake.received.at(-1)?.body.text).toMatch(/Подключить Telegram/);
    const first = await loggedIn();
    const second = await loggedIn();
    await webhook(`/start ${await linkCode(first.browser)}`, 5552001);
    await webhook(`/start ${await linkCode(second.browser)}`, 5552001);
    expect(await isLinked(first.browser)).toBe(false);
    expect(await isLinked(second.browser)).toBe(true);
  });

  it('the test message needs a link (409); a blocked bot unlinks the chat; DELETE unlinks', async () => {
    const { browser } = await loggedIn();
    const unlinked = await browser.request({ method: 'POST', url: '/v1/user/telegram/test' });
    expect(unlinked.statusCode).toBe(409);
    expect(unlinked.json().message).toMatch(/Telegram не подключён/);

    await webhook(`/start ${await linkCode(browser)}`, 403);
    expect(await isLinked(browser)).toBe(true);
    const blocked = await browser.request({ method: 'POST', url: '/v1/user/telegram/test' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toMatch(/бот заблокирован/);
    expect(await isLinked(browser)).toBe(false);

    await webhook(`/start ${await linkCode(browser)}`, 5553001);
    const removed = await browser.request({ method: 'DELETE', url: '/v1/user/telegram' });
    expect(removed.json()).toMatchObject({
      status: 'ok',
      settings: { telegram: { linked: false, bot: 'efir_test_bot' } },
    });
    expect((await browser.request({ method: 'POST', url: '/v1/user/telegram/test' })).statusCode).toBe(409);
  });

  it('answers 503, not 500, when Telegram is down', async () => {
    const { browser } = await loggedIn();
    await webhook(`/start ${await linkCode(browser)}`, 502);
    const response = await browser.request({ method: 'POST', url: '/v1/user/telegram/test' });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toMatch(/недоступен/);
    expect(await isLinked(browser)).toBe(true);
  });

  it('the user calls need login', async () => {
    for (const [method, url] of [
      ['POST', '/v1/user/telegram'],
      ['DELETE', '/v1/user/telegram'],
      ['POST', '/v1/user/telegram/test'],
    ] as const) {
      const response = await testApp.app.inject({
        method,
        url,
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('without Telegram settings', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(() => testApp.close());

  it('has no webhook (404), still hands out link codes and only logs the test message', async () => {
    const webhook = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': 'anything-at-all-1234' },
      payload: { update_id: 1 },
    });
    expect(webhook.statusCode).toBe(404);
    const browser = createTestAgent(testApp.app);
    const { id } = await browser.register();
    const code = await browser.request({ method: 'POST', url: '/v1/user/telegram' });
    expect(code.json().link).toMatch(/^https:\/\/t\.me\/efir_consult_bot\?start=[A-Z2-9]{8}$/);
    // A chat linked while the bot was configured, the token since removed.
    await testApp.database.db.update(users).set({ telegramChatId: '777' }).where(eq(users.id, id));
    const test = await browser.request({ method: 'POST', url: '/v1/user/telegram/test' });
    expect(test.statusCode).toBe(200);
    expect(test.json()).toMatchObject({ delivered: false, message: expect.stringMatching(/не настроен/) });
    expect(fake.received).toHaveLength(0);
  });
});
