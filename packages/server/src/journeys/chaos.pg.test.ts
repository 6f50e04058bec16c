// The chaos suite (issue 37, point 3): a mixed load of shoppers — browsing, carts, logins, checkouts, one-click
// orders — runs while the shop's dependencies fail under it: Redis cut and back, PostgreSQL's connections terminated
// (pg_terminate_backend), the mail server refusing, YooKassa not answering in time. For each: no 500, no order lost
// or made twice (every order call is repeated with its key at the end, as a client whose answer was lost does), and
// recovery without a restart. The counts are printed. PostgreSQL only (a server whose backends can be terminated).
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../features/catalog/catalog.table.ts';
import { outbox } from '../features/mail/mail.table.ts';
import { orders } from '../features/orders/orders.table.ts';
import {
  FAKE_SECRET_KEY,
  FAKE_SHOP_ID,
  type FakeYooKassa,
  startFakeYooKassa,
} from '../features/payments/fake-yookassa.ts';
import { CONTACT, courierMoscow } from '../test/checkout.ts';
import { demoProducts, LAVENDER_URL } from '../test/demo-products.ts';
import { type FakeSmtp, startFakeSmtp } from '../test/fake-smtp.ts';
import { adminQuery } from '../test/postgres-url.ts';
import { type RedisRelay, redisForTests, startRedisRelay } from '../test/redis.ts';
import { createTestAgent, type TestAgent } from '../test/test-agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const redisUp = await redisForTests('the chaos suite');
let relay: RedisRelay;
let smtp: FakeSmtp;
let yookassa: FakeYooKassa;
let shop: TestApp;
let productId: number;
let customer: { email: string; password: string };

beforeAll(async () => {
  if (!redisUp) return;
  [relay, smtp, yookassa] = await Promise.all([startRedisRelay(), startFakeSmtp(), startFakeYooKassa()]);
  shop = await createTestApp({
    env: {
      REDIS_URL: relay.url,
      REDIS_PREFIX: `efir-chaos-${randomUUID().slice(0, 8)}`,
      SMTP_URL: smtp.url,
      OUTBOX_WORKER: 'true',
      OUTBOX_POLL_MS: '200',
      // Retries a second apart at first (a minute in production), so the refusals are many within the test; as many
      // attempts as an outage of hours would leave in production.
      OUTBOX_RETRY_BASE_S: '1',
      OUTBOX_MAX_ATTEMPTS: '20',
      YOOKASSA_SHOP_ID: FAKE_SHOP_ID,
      YOOKASSA_SECRET_KEY: FAKE_SECRET_KEY,
      YOOKASSA_API_URL: yookassa.url,
    },
  });
  const [lavender] = Object.values(await demoProducts(shop.database.db, [LAVENDER_URL]));
  productId = lavender!.id;
  await shop.database.db.update(products).set({ stock: 100_000 }).where(eq(products.id, productId));
  const registered = createTestAgent(shop.app);
  customer = await registered.register();
}, 180_000);

/**
 * Closes one part, but never for longer than `ms`: once (1 run in 4 of the clean-clone suite) the closing hung past the
 * hook's 120 s after all tests had passed. Which part is named, so the hang can be found (noted in decision 054).
 */
async function closeWithin(name: string, close: (() => Promise<unknown>) | undefined, ms = 20_000) {
  if (!close) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const outcome = await Promise.race([close().then(() => 'closed' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') console.warn(`chaos: ${name} did not close within ${ms} ms`);
}

afterAll(async () => {
  await closeWithin('the shop (app and database)', shop && (() => shop.close()));
  await Promise.all([
    closeWithin('the Redis relay', relay && (() => relay.close())),
    closeWithin('the fake SMTP server', smtp && (() => smtp.close())),
    closeWithin('the fake YooKassa', yookassa && (() => yookassa.close())),
  ]);
}, 90_000);

type Kind = 'browse' | 'cart' | 'login' | 'checkout' | 'one-click';
/** An order call, kept to repeat it with the same key and agent at the end. */
interface OrderCall {
  kind: 'checkout' | 'one-click';
  agent: TestAgent;
  payload: Record<string, unknown>;
  url: string;
  statuses: number[];
  orderIds: number[];
}

const statuses = new Map<string, number>();
const orderCalls: OrderCall[] = [];

function count(kind: Kind, status: number) {
  const key = `${kind} ${status}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
}

async function callOrder(call: OrderCall) {
  const response = await call.agent.request({ method: 'POST', url: call.url, payload: call.payload });
  call.statuses.push(response.statusCode);
  count(call.kind, response.statusCode);
  if (response.statusCode === 200) call.orderIds.push(response.json().order.id);
  return response.statusCode;
}

/** One shopper's step of the given kind. */
async function step(kind: Kind): Promise<void> {
  const agent = createTestAgent(shop.app);
  switch (kind) {
    case 'browse': {
      const page = await agent.request({
        method: 'POST',
        url: '/api/v1/route',
        payload: { url: LAVENDER_URL },
      });
      count(kind, page.statusCode);
      return;
    }
    case 'cart': {
      const added = await agent.request({
        method: 'POST',
        url: `/v1/cart/${productId}`,
        payload: { quantity: 1 },
      });
      count(kind, added.statusCode);
      return;
    }
    case 'login': {
      const login = await agent.request({
        method: 'POST',
        url: '/v1/user/login',
        payload: { email: customer.email, password: customer.password },
      });
      count(kind, login.statusCode);
      return;
    }
    case 'checkout': {
      const added = await agent.request({
        method: 'POST',
        url: `/v1/cart/${productId}`,
        payload: { quantity: 1 },
      });
      count('cart', added.statusCode);
      if (added.statusCode !== 200) return;
      const call: OrderCall = {
        kind,
        agent,
        url: '/v1/order',
        payload: { idempotency_key: randomUUID(), contact: CONTACT, delivery: courierMoscow() },
        statuses: [],
        orderIds: [],
      };
      orderCalls.push(call);
      await callOrder(call);
      return;
    }
    case 'one-click': {
      const call: OrderCall = {
        kind,
        agent,
        url: '/v1/order/one-click',
        payload: {
          idempotency_key: randomUUID(),
          name: 'Марина',
          // A phone of its own per call: the per-phone limit is not what this suite tests.
          tel: `+7 917 ${String(orderCalls.length).padStart(3, '0')}-${String(Math.floor(Math.random() * 100)).padStart(2, '0')}-11`,
          product_id: productId,
        },
        statuses: [],
        orderIds: [],
      };
      orderCalls.push(call);
      await callOrder(call);
      return;
    }
  }
}

const KINDS: Kind[] = ['browse', 'cart', 'login', 'checkout', 'one-click'];

/** `shoppers` loops of steps, round the kinds, until `during` settles. */
async function underLoad<T>(shoppers: number, during: () => Promise<T>): Promise<T> {
  let running = true;
  const loops = Array.from({ length: shoppers }, async (_, index) => {
    for (let n = index; running; n++) await step(KINDS[n % KINDS.length]!);
  });
  try {
    return await during();
  } finally {
    running = false;
    await Promise.all(loops);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function firstRow<T>(query: ReturnType<typeof sql>): Promise<T> {
  return ((await shop.database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
}

async function databaseName(): Promise<string> {
  return (await firstRow<{ name: string }>(sql`select current_database() as name`)).name;
}

function tally(): Record<string, number> {
  return Object.fromEntries([...statuses].sort(([a], [b]) => a.localeCompare(b)));
}

describe.skipIf(!redisUp)('chaos under a mixed load (PostgreSQL)', () => {
  it('Redis cut and back, backends terminated, mail refused: no 500, every order once, recovery by itself', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = await databaseName();
    smtp.refuse = true;
    let terminated = 0;
    await underLoad(6, async () => {
      await pause(1_000);
      await relay.cut();
      await pause(2_000);
      await relay.restore();
      await pause(1_000);
      for (let round = 0; round < 3; round++) {
        const { n } = await firstRow<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`,
        );
        terminated += n;
        await adminQuery(
          adminUrl,
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
        );
        await pause(700);
      }
      await pause(1_000);
    });

    // A client whose answer was lost (or refused for the moment) sends the same call again, with the same key.
    const repeated = orderCalls.filter((call) => call.statuses.at(-1) !== 200);
    for (const call of repeated) await callOrder(call);

    const summary = {
      statuses: tally(),
      orderCalls: orderCalls.length,
      repeatedAtTheEnd: repeated.length,
      backendsTerminated: terminated,
    };
    console.log(
      'chaos: Redis cut and back, backends terminated, mail refused —',
      JSON.stringify(summary, null, 1),
    );

    // No 500 from anything: a terminated connection is retried or answered 503, never «Server Error».
    expect([...statuses.keys()].filter((key) => key.endsWith(' 500'))).toEqual([]);
    expect(terminated).toBeGreaterThan(0);
    // Every order call ends with its order, and one order per call however many times it was sent.
    for (const call of orderCalls) {
      expect(call.statuses.at(-1), `${call.kind} ${call.statuses.join(',')}`).toBe(200);
      expect(new Set(call.orderIds).size).toBe(1);
    }
    const ids = orderCalls.map((call) => call.orderIds[0]!);
    expect(new Set(ids).size).toBe(orderCalls.length);
    const stored = await shop.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.id, ids));
    expect(stored).toHaveLength(ids.length);

    // Recovery without a restart: everything answers again, the letters the mail server refused leave once it takes
    // them, and none is lost.
    for (const kind of KINDS) await step(kind);
    expect([...statuses.keys()].filter((key) => key.endsWith(' 500'))).toEqual([]);
    smtp.refuse = false;
    const serverBack = Date.now();
    // The letters refused at least once (attempts > 0) are retried and leave; none gives up.
    const refusedOnce = await shop.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(sql`${outbox.channel} = 'email' and ${outbox.attempts} > 0`);
    expect(refusedOnce.length).toBeGreaterThan(0);
    const unsent = async () => {
      const [row] = await shop.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(sql`${outbox.channel} = 'email' and ${outbox.attempts} > 0 and ${outbox.status} <> 'sent'`);
      return row!.n;
    };
    // None gave up: each waits for its next attempt, further off after each refusal (1 s, 2 s, 4 s…). Time is moved
    // on for them (their next attempt made due), as the minutes of a real outage would.
    const [gaveUp] = await shop.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(sql`${outbox.channel} = 'email' and ${outbox.status} = 'failed'`);
    expect(gaveUp!.n, 'letters that gave up').toBe(0);
    // Moved on at each look, not once: a letter whose attempt was in flight at the first move comes back with its
    // next attempt further off (on a loaded machine, past the wait below).
    // A claim whose result was lost with its terminated backend keeps its 2-minute lease (outbox-worker.ts,
    // LEASE_MS): the minutes moved on expire the leases taken before the mail server came back, never a newer one.
    const leasedBeforeBack = new Date(serverBack + 2 * 60 * 1000).toISOString();
    const moveTimeOn = () =>
      shop.database.db
        .update(outbox)
        .set({
          nextAttemptAt: sql`now()`,
          lockedUntil: sql`case when ${outbox.lockedUntil} <= ${leasedBeforeBack}::timestamptz then null else ${outbox.lockedUntil} end`,
        })
        .where(sql`${outbox.status} = 'pending' and ${outbox.attempts} > 0`);
    for (let attempt = 0; attempt < 300 && (await unsent()) > 0; attempt++) {
      await moveTimeOn();
      await pause(200);
    }
    expect(await unsent(), 'letters refused once and not sent after the mail server took them again').toBe(0);
    expect(smtp.messages.length).toBeGreaterThan(0);
  }, 300_000);

  it('YooKassa not answering in time: a clear answer, not a 500, and the order is paid once it answers again', async () => {
    const agent = createTestAgent(shop.app);
    await agent.request({ method: 'POST', url: `/v1/cart/${productId}`, payload: { quantity: 1 } });
    const placed = await agent.request({
      method: 'POST',
      url: '/v1/order',
      payload: { idempotency_key: randomUUID(), contact: CONTACT, delivery: courierMoscow(5) },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { order } = placed.json() as { order: { id: number } };
    yookassa.delayMs = 16_000;
    const pay = { order_id: order.id, key: placed.json().key };
    const stalled = await agent.request({ method: 'PUT', url: '/v1/order/yookassa', payload: pay });
    yookassa.delayMs = 0;
    console.log('chaos: YooKassa silent —', stalled.statusCode, stalled.body);
    expect(stalled.statusCode).not.toBe(500);
    expect(stalled.statusCode).toBeGreaterThanOrEqual(400);
    expect(stalled.json().message).toMatch(/[а-яё]/i);
    const again = await agent.request({ method: 'PUT', url: '/v1/order/yookassa', payload: pay });
    expect(again.statusCode, again.body).toBe(200);
  }, 120_000);
});
