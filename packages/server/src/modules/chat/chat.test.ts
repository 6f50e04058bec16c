// POST /api/v1/ai and the widget's thread calls: who may ask (401, 403), threads kept across messages, the offline
// assistant answering from our catalogue, the AI endpoint (a local fake) with our catalogue in its prompt, and
// provider failures as {status: 'error'} with 502/504.
import { randomBytes } from 'node:crypto';
import { CHAT_FAILURE_TEXT, type ChatReply, type ChatThreadView } from '@efir/domain/chat-schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { findUserById } from '../../features/account/account.service.ts';
import { users } from '../../features/account/account.table.ts';
import { createAccessTokens } from '../../features/auth/tokens.ts';
import { searchSiteScored } from '../../features/search/search.service.ts';
import { unauthenticated } from '../../lib/app-error.ts';
import { createMemoryRateLimiter } from '../../lib/rate-limiter.ts';
import type { Authenticator } from '../../plugins/auth.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { registerChatRoutes } from './chat.routes.ts';
import { CHAT_RATE_LIMIT, type ChatService, createChatService } from './chat.service.ts';
import { chatThreads } from './chat.table.ts';
import { type FakeChatCompletions, startFakeChatCompletions } from './fake-chat-completions.ts';

/** The JWT secret createTestConfig sets, so tests can sign in users they insert themselves. */
const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
const CHAT_USER_ID = 900_001;
const OTHER_USER_ID = 900_002;

/**
 * The chat routes as app.ts wires them; until it does, registered here with the same parts (the route check keeps
 * this from registering them twice once it does). The database is known only after createTestApp returns.
 */
function ensureChatRoutes(app: FastifyInstance, getDb: () => Database, env: Record<string, string>): void {
  if (app.hasRoute({ method: 'POST', url: '/api/v1/ai' })) return;
  const authenticator: Authenticator = {
    async findUser(request: FastifyRequest) {
      if (request.authProblem) throw unauthenticated(request.authProblem);
      if (!request.auth) return null;
      const user = await findUserById(getDb(), request.auth.userId);
      if (!user || user.tokenVersion !== request.auth.tokenVersion) throw unauthenticated('TOKEN_INVALID');
      request.authenticatedUser = user;
      return user;
    },
    async requireUser(request: FastifyRequest) {
      const user = await authenticator.findUser(request);
      if (!user) throw unauthenticated('UNAUTHENTICATED');
      return user;
    },
  };
  const config = {
    CHAT_USER_ID: Number(env.CHAT_USER_ID),
    AI_BASE_URL: env.AI_BASE_URL,
    AI_API_KEY: env.AI_API_KEY,
    AI_MODEL: env.AI_MODEL ?? 'gpt-4o-mini',
    AI_TIMEOUT_MS: Number(env.AI_TIMEOUT_MS ?? 30_000),
  };
  const limiter = createMemoryRateLimiter();
  app.addHook('onClose', () => limiter.close());
  let service: ChatService | null = null;
  const chatService = () => {
    service ??= createChatService({
      db: getDb(),
      config,
      limiter,
      log: app.log,
      search: (query, limit) => searchSiteScored(getDb(), query, limit),
    });
    return service;
  };
  const chat: ChatService = {
    online: Boolean(config.AI_BASE_URL),
    ask: (userId, input) => chatService().ask(userId, input),
    listThreads: (userId) => chatService().listThreads(userId),
    getThread: (userId, threadId) => chatService().getThread(userId, threadId),
  };
  registerChatRoutes(app, { chat, authenticator, config });
}

async function startShop(env: Record<string, string>): Promise<TestApp> {
  let database: Database | null = null;
  const shop = await createTestApp({
    env,
    extend: (app) =>
      ensureChatRoutes(
        app,
        () => {
          if (!database) throw new Error('the test database is not open yet');
          return database;
        },
        env,
      ),
  });
  database = shop.database.db;
  return shop;
}

/** A user inserted with a known id and signed in with a token, as the web client would be. */
async function signIn(shop: TestApp, id: number): Promise<TestAgent> {
  await shop.database.db
    .insert(users)
    .values({ id, name: 'Ольга', email: `chat.${id}.${randomBytes(4).toString('hex')}@example.ru` })
    .onConflictDoNothing();
  const agent = createTestAgent(shop.app);
  agent.token = (await createAccessTokens(TEST_JWT_SECRET, 900).issue({ userId: id, tokenVersion: 0 })).token;
  return agent;
}

function ask(agent: TestAgent, message: string, threadId?: number | null) {
  return agent.request({
    method: 'POST',
    url: '/api/v1/ai',
    payload: { q: { message, ...(threadId === undefined ? {} : { thread_id: threadId }) } },
  });
}

describe('the shop assistant with the offline answers', () => {
  let shop: TestApp;
  let owner: TestAgent;

  beforeAll(async () => {
    shop = await startShop({ CHAT_USER_ID: String(CHAT_USER_ID) });
    owner = await signIn(shop, CHAT_USER_ID);
  });

  afterAll(async () => {
    await shop?.close();
  });

  it('answers 401 to a guest and 403 to any other user, whatever they send', async () => {
    const guest = createTestAgent(shop.app);
    expect((await ask(guest, 'Лаванда')).statusCode).toBe(401);
    expect((await guest.request({ method: 'GET', url: '/api/v1/ai/threads' })).statusCode).toBe(401);

    const other = await signIn(shop, OTHER_USER_ID);
    const refused = await ask(other, 'Лаванда');
    expect(refused.statusCode).toBe(403);
    expect((await other.request({ method: 'POST', url: '/api/v1/ai', payload: {} })).statusCode).toBe(403);
    expect((await other.request({ method: 'GET', url: '/api/v1/ai/threads' })).statusCode).toBe(403);
    expect((await other.request({ method: 'GET', url: '/api/v1/ai/threads/1' })).statusCode).toBe(403);
  });

  it('names products with prices and links, and keeps the conversation in one thread', async () => {
    const first = await ask(owner, 'Расскажите про лаванду');
    expect(first.statusCode).toBe(200);
    const reply = first.json<ChatReply>();
    expect(reply.status).toBe('ok');
    expect(reply.thread_id).toBeGreaterThan(0);
    expect(reply.name).toBe('Расскажите про лаванду');
    expect(reply.user_message).toMatchObject({
      thread_id: reply.thread_id,
      role: 'user',
      user_id: CHAT_USER_ID,
      content: [{ type: 'text', text: 'Расскажите про лаванду' }],
    });
    expect(reply.ai).toMatchObject({ thread_id: reply.thread_id, role: 'assistant', user_id: CHAT_USER_ID });
    const answer = reply.ai.content[0]?.text ?? '';
    expect(answer).toContain('Лаванда узколистная');
    expect(answer).toMatch(/\d\s₽/);
    expect(answer).toMatch(/\/lavanda-[\w-]+\.html/);

    const second = await ask(owner, 'А можно ли её в ванну, если дома кошка?', reply.thread_id);
    expect(second.statusCode).toBe(200);
    const followUp = second.json<ChatReply>();
    expect(followUp.thread_id).toBe(reply.thread_id);
    // The thread keeps the name of its first question.
    expect(followUp.name).toBe('Расскажите про лаванду');
    expect(followUp.ai.content[0]?.text).toContain('опасны для кошек');

    const list = (await owner.request({ method: 'GET', url: '/api/v1/ai/threads' })).json();
    expect(list.threads[0]).toMatchObject({ thread_id: reply.thread_id, name: 'Расскажите про лаванду' });

    const view = (
      await owner.request({ method: 'GET', url: `/api/v1/ai/threads/${reply.thread_id}` })
    ).json<ChatThreadView>();
    expect(view.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(view.messages[2]?.content[0]?.text).toBe('А можно ли её в ванну, если дома кошка?');

    // A new question without a thread starts another one, listed first.
    const fresh = (await ask(owner, 'Здравствуйте', null)).json<ChatReply>();
    expect(fresh.thread_id).not.toBe(reply.thread_id);
    const after = (await owner.request({ method: 'GET', url: '/api/v1/ai/threads' })).json();
    expect(after.threads.map((thread: { thread_id: number }) => thread.thread_id)).toEqual([
      fresh.thread_id,
      reply.thread_id,
    ]);
  });

  it('answers a sleep question shortly first, then with sleep goods and reading under their titles', async () => {
    for (const question of ['Что взять для сна?', 'Не могу уснуть, что посоветуете?']) {
      const reply = (await ask(owner, question, null)).json<ChatReply>();
      const answer = reply.ai.content[0]?.text ?? '';
      expect(answer, question).toMatch(/^Коротко: для сна/);
      const links = [...answer.matchAll(/\[([^\]]+)\]\((\/[^)\s]+)\)/g)].map(([, title, path]) => ({
        title: title ?? '',
        path: path ?? '',
      }));
      const titles = links.map((link) => link.title);
      expect(titles, question).toContain('Смесь «Спокойный сон»');
      expect(titles, question).toContain('Эфирные масла для сна: что действительно может помочь');
      expect(titles, question).toContain('Роллер для сна с лавандой и ветивером');
      // Weak matches (a mention of «сна» somewhere in a long text) are left out.
      expect(answer, question).not.toMatch(/комар|Olivem|Жасмин|Диффузор или аромалампа/);
      // Every link has a title; no page is given by its bare path.
      for (const link of links) expect(link.title).not.toMatch(/^\//);
      const bare = answer.replace(/\[[^\]]+\]\(\/[^)\s]+\)/g, '');
      expect(bare, question).not.toMatch(/(^|[\s(«"'])\/[\p{L}\p{N}]/u);
    }
  });

  it('refuses empty, whitespace-only and too long messages, and threads that are not the user’s', async () => {
    for (const message of ['', '   \n\t ']) {
      const response = await ask(owner, message);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors['q.message']).toEqual(['Введите сообщение']);
    }
    expect((await ask(owner, 'я'.repeat(2001))).statusCode).toBe(422);
    expect((await ask(owner, 'я'.repeat(2000))).statusCode).toBe(200);

    const [foreign] = await shop.database.db
      .insert(chatThreads)
      .values({ userId: OTHER_USER_ID, name: 'Чужой диалог' })
      .returning();
    expect((await ask(owner, 'Лаванда', foreign?.id)).statusCode).toBe(404);
    expect(
      (await owner.request({ method: 'GET', url: `/api/v1/ai/threads/${foreign?.id}` })).statusCode,
    ).toBe(404);
    expect((await ask(owner, 'Лаванда', 'abc' as unknown as number)).statusCode).toBe(422);
  });
});

describe('the shop assistant through an AI endpoint', () => {
  let fake: FakeChatCompletions;
  let shop: TestApp;
  let owner: TestAgent;

  beforeAll(async () => {
    fake = await startFakeChatCompletions();
    shop = await startShop({
      CHAT_USER_ID: String(CHAT_USER_ID),
      AI_BASE_URL: fake.baseUrl,
      AI_API_KEY: 'sk-fake',
      AI_MODEL: 'fake-model',
      AI_TIMEOUT_MS: '1000',
    });
    owner = await signIn(shop, CHAT_USER_ID);
  });

  afterAll(async () => {
    await shop?.close();
    await fake?.close();
  });

  it('asks with our catalogue in a Russian system prompt and the thread so far', async () => {
    fake.behave({ kind: 'answer', text: 'Попробуйте «Лаванда узколистная» за 490 ₽.' });
    const first = (await ask(owner, 'Что есть с лавандой?')).json<ChatReply>();
    expect(first.ai.content).toEqual([{ type: 'text', text: 'Попробуйте «Лаванда узколистная» за 490 ₽.' }]);
    const request = fake.requests.at(-1);
    expect(request?.authorization).toBe('Bearer sk-fake');
    expect(request?.body.model).toBe('fake-model');
    const [system, user] = request?.body.messages ?? [];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('консультант интернет-магазина эфирных масел «Эфир»');
    // Each product with its name as the link, as the AI is told to write links too.
    expect(system?.content).toMatch(/\[Лаванда узколистная\]\(\/lavanda-[\w-]+\.html\): 10 мл — \d+\s₽/);
    expect(system?.content).toContain('[название](/путь)');
    expect(user).toEqual({ role: 'user', content: 'Что есть с лавандой?' });

    fake.behave({ kind: 'answer', text: 'Да, 30 мл тоже есть.' });
    const second = (await ask(owner, 'А побольше объём?', first.thread_id)).json<ChatReply>();
    expect(second.thread_id).toBe(first.thread_id);
    const roles = fake.requests.at(-1)?.body.messages?.map((message) => message.role);
    expect(roles).toEqual(['system', 'user', 'assistant', 'user']);
    // A follow-up naming no product is grounded in the previous question's search.
    expect(fake.requests.at(-1)?.body.messages?.[0]?.content).toContain('Лаванда узколистная');
  });

  it('answers {status: "error"} with 502 when the endpoint fails and keeps nothing', async () => {
    const before = (await owner.request({ method: 'GET', url: '/api/v1/ai/threads' })).json().threads.length;
    for (const behaviour of [{ kind: 'error', status: 500 }, { kind: 'malformed' }] as const) {
      fake.behave(behaviour);
      const response = await ask(owner, 'Лаванда');
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ status: 'error', message: CHAT_FAILURE_TEXT, thread_id: null });
    }
    const after = (await owner.request({ method: 'GET', url: '/api/v1/ai/threads' })).json().threads.length;
    expect(after).toBe(before);
  });

  it('answers 504 when the endpoint does not answer in time', async () => {
    fake.behave({ kind: 'hang' });
    const started = Date.now();
    const response = await ask(owner, 'Лаванда');
    expect(response.statusCode).toBe(504);
    expect(response.json().status).toBe('error');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it(`allows ${CHAT_RATE_LIMIT.max} questions an hour`, async () => {
    fake.behave({ kind: 'answer', text: 'Да.' });
    const rateShop = await startShop({ CHAT_USER_ID: String(CHAT_USER_ID), AI_BASE_URL: fake.baseUrl });
    try {
      const agent = await signIn(rateShop, CHAT_USER_ID);
      const statuses: number[] = [];
      for (let i = 0; i <= CHAT_RATE_LIMIT.max; i += 1)
        statuses.push((await ask(agent, 'Привет')).statusCode);
      expect(statuses.slice(0, CHAT_RATE_LIMIT.max).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await rateShop.close();
    }
  });
});
