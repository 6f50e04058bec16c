// Decision 040 through the API: a guest order joins the account whose e-mail it carries once that e-mail is
// confirmed — «Мои заказы», the first-order promo code, the personal discount and the back office agree before and
// after the confirmation.
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { products } from '../catalog/catalog.table.ts';
import { outbox } from '../mail/mail.table.ts';

const LAVENDER_URL = '/lavanda-uzkolistnaya-10-ml.html';
const ADMIN = '/api/v1/admin';

let shop: TestApp;
let moderator: TestAgent;
let lavenderId: number;

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  const [row] = await shop.database.db
    .update(products)
    .set({ cena: 1290, cenaSt: 0, stock: 500 })
    .where(eq(products.url, LAVENDER_URL))
    .returning({ id: products.id });
  lavenderId = row!.id;
});

afterAll(() => shop.close());

async function call(agent: TestAgent, method: string, url: string, payload?: unknown) {
  return agent.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function ok(agent: TestAgent, method: string, url: string, payload?: unknown) {
  const response = await call(agent, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json();
}

/** 5 × lavender (6 450 ₽) ordered by a guest with this e-mail, cash to the courier; the order's id. */
async function guestOrder(email: string): Promise<number> {
  const guest = createTestAgent(shop.app);
  await ok(guest, 'POST', `/v1/cart/${lavenderId}`, { quantity: 5 });
  const placed = await ok(guest, 'POST', '/v1/order', {
    idempotency_key: randomUUID(),
    contact: { name: 'Мария', fam: 'Соколова', email, tel: `+7 926 ${String(Date.now()).slice(-7)}` },
    delivery: {
      type: 2,
      sposob_dost: 1,
      sposob_oplat: 1,
      addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', flat: '12', zip: '115054' },
    },
  });
  return placed.order.id;
}

async function deliver(orderId: number) {
  for (const status of ['confirmed', 'shipped', 'delivered'])
    await ok(moderator, 'PUT', `${ADMIN}/orders/${orderId}/status`, { status });
}

/** The one-time link of the last letter to `email` that carries one. */
async function linkTokenOf(email: string): Promise<string> {
  const letters = await shop.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, email))
    .orderBy(desc(outbox.id));
  for (const letter of letters) {
    const token = /email_token=([^\s]+)/.exec(letter.text)?.[1];
    if (token) return decodeURIComponent(token);
  }
  throw new Error(`no confirmation link to ${email}`);
}

async function view(customer: TestAgent, id: number) {
  const [orders, account, promo, card] = await Promise.all([
    ok(customer, 'GET', '/v1/my-orders'),
    ok(customer, 'GET', '/v1/my-account'),
    (async () => {
      await ok(customer, 'POST', `/v1/cart/${lavenderId}`, { quantity: 2 });
      return ok(customer, 'PUT', '/v1/cart/promo/code', { code: 'EFIR10' });
    })(),
    ok(moderator, 'GET', `${ADMIN}/customers/${id}`),
  ]);
  return {
    myOrders: (orders.items as { id: number }[]).map((order) => order.id),
    waiting: orders.guest_orders as number,
    discount: account.skidka as { percent: number; completed_total: number },
    promo: promo as { error: boolean; text: string },
    backOffice: (card.customer.orders as { id: number }[]).map((order) => order.id),
  };
}

describe('guest orders and the account (decision 040)', () => {
  it('a guest order joins the account only once its e-mail is confirmed, and every place says so alike', async () => {
    const email = `maria.${randomUUID().slice(0, 8)}@example.ru`;
    const orderId = await guestOrder(email);
    await deliver(orderId);

    const maria = createTestAgent(shop.app);
    const { id } = await maria.register({ name: 'Мария', email });

    // Registered, not confirmed: not her order anywhere; «Мои заказы» and EFIR10 both name the guest order.
    const before = await view(maria, id);
    expect(before.myOrders).toEqual([]);
    expect(before.waiting).toBe(1);
    expect(before.discount).toMatchObject({ percent: 0, completed_total: 0 });
    expect(before.promo.error).toBe(true);
    expect(before.promo.text).toContain('без входа в кабинет');
    expect(before.promo.text).not.toContain('у вас заказы уже есть');
    expect(before.backOffice).toEqual([]);

    // The welcome letter's link confirms the e-mail.
    const confirmed = await ok(maria, 'POST', '/v1/user/email', { token: await linkTokenOf(email) });
    expect(confirmed.message).toBe('E-mail подтверждён.');

    // Now it is her order: listed, counted in the discount (6 450 ₽ delivered: 3 %), refused EFIR10 as hers.
    const after = await view(maria, id);
    expect(after.myOrders).toEqual([orderId]);
    expect(after.waiting).toBe(0);
    expect(after.discount).toMatchObject({ percent: 3, completed_total: 6450 });
    expect(after.promo).toMatchObject({
      error: true,
      text: 'Этот промокод действует только на первый заказ, а у вас заказы уже есть',
    });
    expect(after.backOffice).toEqual([orderId]);

    // A guest order placed with the confirmed e-mail later joins at her next look at «Мои заказы».
    const later = await guestOrder(email.toUpperCase());
    expect((await view(maria, id)).myOrders.sort()).toEqual([orderId, later].sort());
  });

  it('registering with someone else’s e-mail brings none of their orders in', async () => {
    const email = `olga.${randomUUID().slice(0, 8)}@example.ru`;
    const orderId = await guestOrder(email);
    await deliver(orderId);
    const stranger = createTestAgent(shop.app);
    const { id } = await stranger.register({ name: 'Ольга', email });
    await ok(stranger, 'POST', '/v1/user/email/confirmation');
    const unconfirmed = await view(stranger, id);
    expect(unconfirmed.myOrders).toEqual([]);
    expect(unconfirmed.discount.completed_total).toBe(0);
    expect(unconfirmed.backOffice).toEqual([]);
    // A forged or spent link confirms nothing.
    expect((await call(stranger, 'POST', '/v1/user/email', { token: 'x'.repeat(40) })).statusCode).toBe(422);
    expect((await view(stranger, id)).myOrders).toEqual([]);
  });

  it('a password reset through the letter confirms the e-mail too', async () => {
    const email = `anna.${randomUUID().slice(0, 8)}@example.ru`;
    const orderId = await guestOrder(email);
    const anna = createTestAgent(shop.app);
    const { id } = await anna.register({ name: 'Анна', email });
    await ok(createTestAgent(shop.app), 'PUT', '/v1/user/forgot-password', { email });
    const [letter] = await shop.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, 'Восстановление пароля в «Эфире»'))
      .orderBy(desc(outbox.id))
      .limit(1);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(letter!.text)![1]!);
    await ok(createTestAgent(shop.app), 'PUT', '/v1/user/forgot-password', {
      token,
      password: 'новый-пароль-лаванда-7',
    });
    const relogged = createTestAgent(shop.app);
    const login = await ok(relogged, 'POST', '/v1/user/login', { email, password: 'новый-пароль-лаванда-7' });
    relogged.token = login.access_token;
    expect((await view(relogged, id)).myOrders).toEqual([orderId]);
  });
});
