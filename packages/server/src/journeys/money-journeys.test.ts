// Money journeys over HTTP (issue 16): one customer followed across registration, cart, promo codes, checkout,
// card payment, the back office's status flow and the next cart, with the exact roubles at every step. The same
// figures are asserted in Chromium by e2e/journeys/. Prices are pinned here so every figure is a literal.
// Tiers (DISCOUNT_TIERS default): 3 % from 5 000 ₽, 5 % from 15 000 ₽, 10 % from 30 000 ₽ of completed orders.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../features/account/account.table.ts';
import { categories, products } from '../features/catalog/catalog.table.ts';
import { orders } from '../features/orders/orders.table.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../test/test-agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const ADMIN = '/api/v1/admin';
/** Regular price, no special price: the personal discount applies. */
const LAVENDER = { url: '/lavanda-uzkolistnaya-10-ml.html', cena: 1290 };
/** Special price (cena_st > 0): only add_discount_all reaches it. */
const LEMON = { url: '/limon-10-ml.html', cena: 890, cenaSt: 1090 };

let shop: TestApp;
let moderator: TestAgent;
const ids: Record<string, number> = {};

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  const db = shop.database.db;
  await db
    .update(products)
    .set({ cena: LAVENDER.cena, cenaSt: 0, stock: 500 })
    .where(eq(products.url, LAVENDER.url));
  await db
    .update(products)
    .set({ cena: LEMON.cena, cenaSt: LEMON.cenaSt, stock: 500 })
    .where(eq(products.url, LEMON.url));
  const rows = await db
    .select({ id: products.id, url: products.url })
    .from(products)
    .where(inArray(products.url, [LAVENDER.url, LEMON.url]));
  for (const row of rows) ids[row.url] = row.id;
});

afterAll(() => shop.close());

const courierMoscow = (payment: number) => ({
  type: 2,
  sposob_dost: 1,
  sposob_oplat: payment,
  addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', flat: '12', zip: '115054' },
});

/** A buyer's contact no other test shares: a fresh e-mail and phone. */
function newContact() {
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return {
    name: 'Ольга',
    fam: 'Кузнецова',
    email: `olga.${randomUUID().slice(0, 8)}@example.ru`,
    tel: `+7 926 ${digits}`,
  };
}

async function call(agent: TestAgent, method: string, url: string, payload?: unknown) {
  return agent.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function cartOf(agent: TestAgent) {
  const response = await call(agent, 'GET', '/v1/cart');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().cart;
}

async function add(agent: TestAgent, url: string, quantity: number) {
  const response = await call(agent, 'POST', `/v1/cart/${ids[url]}`, { quantity });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().cart;
}

async function applyPromo(agent: TestAgent, code: string) {
  const response = await call(agent, 'PUT', '/v1/cart/promo/code', { code });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { error: boolean; text: string; code: string | null };
}

async function checkout(agent: TestAgent, contact: ReturnType<typeof newContact>, payment = 1) {
  return call(agent, 'POST', '/v1/order', {
    idempotency_key: randomUUID(),
    contact,
    delivery: courierMoscow(payment),
  });
}

/** Pays the order's card payment on the built-in test gateway, as the customer's browser would. */
async function payByCard(agent: TestAgent, orderId: number) {
  const started = await call(agent, 'PUT', '/v1/order/yookassa', { order_id: orderId });
  expect(started.statusCode, started.body).toBe(200);
  const confirmation = new URL(started.json().confirmation_url);
  const page = await shop.app.inject({ method: 'GET', url: confirmation.pathname });
  const token = page.body.match(/name="token" value="([^"]+)"/)?.[1] ?? '';
  const paid = await shop.app.inject({
    method: 'POST',
    url: confirmation.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=pay&token=${encodeURIComponent(token)}`,
  });
  expect(paid.statusCode).toBe(302);
}

async function setStatus(orderId: number, status: string) {
  const response = await call(moderator, 'PUT', `${ADMIN}/orders/${orderId}/status`, { status });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().order;
}

async function account(agent: TestAgent) {
  const response = await call(agent, 'GET', '/v1/my-account');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    user: { skidka: number };
    skidka: { percent: number; completed_total: number; next: { percent: number; remaining: number } | null };
  };
}

/** A registered customer whose first order (5 × lavender with EFIR10, by card) was delivered: 3 % earned. */
async function customerWithDeliveredFirstOrder() {
  const agent = createTestAgent(shop.app);
  const contact = newContact();
  const { id } = await agent.register({ name: contact.name, fam: contact.fam, email: contact.email });
  await add(agent, LAVENDER.url, 5);
  expect(await applyPromo(agent, 'EFIR10')).toMatchObject({ error: false, code: 'EFIR10' });
  const placed = await checkout(agent, contact, 5);
  expect(placed.statusCode, placed.body).toBe(200);
  const order = placed.json().order;
  await payByCard(agent, order.id);
  await setStatus(order.id, 'shipped');
  await setStatus(order.id, 'delivered');
  return { agent, contact, userId: id, order };
}

describe('journey 1: the first order with EFIR10 earns the personal discount', () => {
  it('register → EFIR10 → card → delivered → 3 % on the next cart, special price untouched, EFIR10 refused', async () => {
    const agent = createTestAgent(shop.app);
    const contact = newContact();
    await agent.register({ name: contact.name, fam: contact.fam, email: contact.email });
    expect((await account(agent)).skidka).toMatchObject({ percent: 0, completed_total: 0 });

    // 5 × 1 290 ₽ = 6 450 ₽; EFIR10 replaces the (zero) discount with 10 %: floor(0.9 × 1 290) = 1 161 ₽ a bottle.
    let cart = await add(agent, LAVENDER.url, 5);
    expect(cart).toMatchObject({ subtotal: 6450, total: 6450, discount: 0 });
    const applied = await applyPromo(agent, 'EFIR10');
    expect(applied).toMatchObject({ error: false, code: 'EFIR10' });
    cart = await cartOf(agent);
    expect(cart).toMatchObject({ subtotal: 6450, total: 5805, discount: 645, skidka: 10 });
    expect(cart.lines[0]).toMatchObject({ price: 1161, sum: 5805 });

    const placed = await checkout(agent, contact, 5);
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order;
    expect(order).toMatchObject({ goods_total: 5805, promo_code: 'EFIR10', payment_state: 'awaiting' });
    expect(order.total).toBe(5805 + order.delivery_price);

    await payByCard(agent, order.id);
    const [paid] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({ paymentState: 'paid', status: 'confirmed' });
    // Paid is not completed: the goods are still on their way.
    expect((await account(agent)).skidka).toMatchObject({ percent: 0, completed_total: 0 });

    await setStatus(order.id, 'shipped');
    const delivered = await setStatus(order.id, 'delivered');
    expect(delivered.history.at(-1).text).toBe(
      'Статус: Отправлен → Доставлен; личная скидка покупателя: 3 %',
    );

    // 5 805 ₽ of completed orders: 3 %, and 15 000 − 5 805 = 9 195 ₽ to the 5 % tier.
    const summary = await account(agent);
    expect(summary.user.skidka).toBe(3);
    expect(summary.skidka).toMatchObject({
      percent: 3,
      completed_total: 5805,
      next: { percent: 5, remaining: 9195 },
    });

    // Next cart (§9): regular line floor(0.97 × 1 290) = 1 251 ₽ × 2 = 2 502 ₽; the special line stays 890 ₽.
    await add(agent, LAVENDER.url, 2);
    cart = await add(agent, LEMON.url, 1);
    expect(cart).toMatchObject({ subtotal: 3470, total: 3392, discount: 78, skidka: 3 });
    expect(cart.lines).toEqual([
      expect.objectContaining({ id: ids[LAVENDER.url], price: 1251, sum: 2502 }),
      expect.objectContaining({ id: ids[LEMON.url], cena_st: 1090, price: 890, sum: 890 }),
    ]);

    const refused = await applyPromo(agent, 'EFIR10');
    expect(refused).toMatchObject({
      error: true,
      text: 'Этот промокод действует только на первый заказ, а у вас заказы уже есть',
      code: null,
    });
    expect(await cartOf(agent)).toMatchObject({ total: 3392, promo: null });
  });
});

describe('journey 2: promo codes against the earned discount (spec §6)', () => {
  it('add_discount adds to 3 %, add_discount_all reaches special prices, a plain percent replaces it', async () => {
    const { agent } = await customerWithDeliveredFirstOrder();
    expect((await account(agent)).skidka.percent).toBe(3);
    await add(agent, LAVENDER.url, 2);
    await add(agent, LEMON.url, 1);

    // ПРИВЕТ5 (add_discount 5): 3 + 5 = 8 % on regular lines: floor(0.92 × 1 290) = 1 186 ₽; lemon 890 ₽.
    expect((await applyPromo(agent, 'ПРИВЕТ5')).error).toBe(false);
    let cart = await cartOf(agent);
    expect(cart).toMatchObject({ subtotal: 3470, total: 2 * 1186 + 890, skidka: 8 });
    expect(cart.total).toBe(3262);

    // ВСЁСОСКИДКОЙ (add_discount_all 7): 3 + 7 = 10 % on every line: 1 161 × 2 + floor(0.9 × 890) = 801 → 3 123 ₽.
    expect((await applyPromo(agent, 'ВСЁСОСКИДКОЙ')).error).toBe(false);
    cart = await cartOf(agent);
    expect(cart).toMatchObject({ total: 3123, skidka: 10 });
    expect(cart.lines.map((line: { price: number }) => line.price)).toEqual([1161, 801]);

    // A plain 15 % code replaces the 3 %: floor(0.85 × 1 290) = 1 096 ₽ × 2 + 890 = 3 082 ₽.
    const created = await call(moderator, 'POST', `${ADMIN}/promo`, {
      code: 'ОСЕНЬ15',
      condition_type: 'percent',
      percent: 15,
      description: 'осенняя акция',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await applyPromo(agent, 'ОСЕНЬ15')).error).toBe(false);
    cart = await cartOf(agent);
    expect(cart).toMatchObject({ total: 3082, skidka: 15 });

    // Without a code the earned 3 % is back.
    expect((await call(agent, 'DELETE', '/v1/cart/promo/code')).statusCode).toBe(200);
    expect(await cartOf(agent)).toMatchObject({ total: 3392, skidka: 3 });
  });
});

describe('the personal discount follows completed orders both ways', () => {
  it('a return of the delivered order takes the discount back; a second delivery brings it', async () => {
    const { agent, order } = await customerWithDeliveredFirstOrder();
    expect((await account(agent)).skidka).toMatchObject({ percent: 3, completed_total: 5805 });
    const returned = await setStatus(order.id, 'cancelled');
    expect(returned.history.at(-1).text).toBe(
      'Статус: Доставлен → Отменён (возврат после доставки); личная скидка покупателя: 0 %',
    );
    expect((await account(agent)).skidka).toMatchObject({ percent: 0, completed_total: 0 });
    await add(agent, LAVENDER.url, 2);
    expect(await cartOf(agent)).toMatchObject({ total: 2580, skidka: 0 });
  });

  it('a moderator sets 12 % by hand (audited); it outlives new deliveries until given back to the tiers', async () => {
    const { agent, userId, contact } = await customerWithDeliveredFirstOrder();
    const set = await call(moderator, 'PUT', `${ADMIN}/customers/${userId}/discount`, {
      percent: 12,
      comment: 'Партнёр: салон «Лаванда»',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().customer).toMatchObject({
      skidka: 12,
      skidka_manual: 12,
      skidka_by_orders: 3,
      completed_total: 5805,
      discount_history: [
        expect.objectContaining({ before: 3, after: 12, manual: 12, comment: 'Партнёр: салон «Лаванда»' }),
      ],
    });
    // 12 %: floor(0.88 × 1 290) = 1 135 ₽.
    await add(agent, LAVENDER.url, 1);
    expect(await cartOf(agent)).toMatchObject({ total: 1135, skidka: 12 });

    // Another 10 × 1 135 = 11 350 ₽ delivered: 17 155 ₽ by orders (5 %), but the hand-set 12 % stays.
    await add(agent, LAVENDER.url, 9);
    const placed = await checkout(agent, contact, 1);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order.goods_total).toBe(11350);
    await setStatus(placed.json().order.id, 'confirmed');
    await setStatus(placed.json().order.id, 'shipped');
    await setStatus(placed.json().order.id, 'delivered');
    expect((await account(agent)).skidka).toMatchObject({ percent: 12, completed_total: 17155 });

    const back = await call(moderator, 'PUT', `${ADMIN}/customers/${userId}/discount`, { percent: null });
    expect(back.json().customer).toMatchObject({ skidka: 5, skidka_manual: null, skidka_by_orders: 5 });
    expect((await account(agent)).skidka).toMatchObject({
      percent: 5,
      next: { percent: 10, remaining: 12845 },
    });

    // Only moderators: the customer cannot set their own discount.
    const own = await call(agent, 'PUT', `${ADMIN}/customers/${userId}/discount`, { percent: 50 });
    expect(own.statusCode).toBe(403);
    const invalid = await call(moderator, 'PUT', `${ADMIN}/customers/${userId}/discount`, { percent: 150 });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.percent).toEqual(['Скидка — от 0 до 100 %']);
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, userId));
    expect(row!.skidka).toBe(5);
  });

  it('a paid course counts as a completed order', async () => {
    const agent = createTestAgent(shop.app);
    await agent.register();
    const { items } = (await call(agent, 'GET', '/api/v1/courses')).json();
    const paidCourse = items.find((course: { url: string }) => course.url.includes('aromaterapiya-s-nulya'));
    expect(paidCourse.price).toBe(14_900);
    const enrol = await call(agent, 'POST', '/v1/user/course', { course_id: paidCourse.id });
    expect(enrol.statusCode, enrol.body).toBe(200);
    const confirmation = new URL(enrol.json().order.confirmation_url);
    const page = await shop.app.inject({ method: 'GET', url: confirmation.pathname });
    const token = page.body.match(/name="token" value="([^"]+)"/)?.[1] ?? '';
    await shop.app.inject({
      method: 'POST',
      url: confirmation.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `decision=pay&token=${encodeURIComponent(token)}`,
    });
    // 14 900 ₽: 3 %, 100 ₽ short of 5 %.
    expect((await account(agent)).skidka).toMatchObject({
      percent: 3,
      completed_total: 14_900,
      next: { percent: 5, remaining: 100 },
    });
  });
});

describe('«first order» codes (EFIR10) work once per buyer', () => {
  it('a guest ordering twice with the same e-mail, or the same phone, is refused the second time', async () => {
    const contact = newContact();
    const first = createTestAgent(shop.app);
    await add(first, LAVENDER.url, 2);
    expect((await applyPromo(first, 'EFIR10')).error).toBe(false);
    const placed = await checkout(first, contact);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order).toMatchObject({ goods_total: 2322, promo_code: 'EFIR10' });

    // Same e-mail in another letter case, another browser.
    const second = createTestAgent(shop.app);
    await add(second, LAVENDER.url, 2);
    expect((await applyPromo(second, 'EFIR10')).error).toBe(false);
    const otherPhone = newContact().tel;
    const again = await checkout(second, { ...contact, email: contact.email.toUpperCase(), tel: otherPhone });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'Промокод EFIR10 действует только на первый заказ',
      errors: { promo: [expect.stringContaining('Мы убрали его из корзины')] },
    });
    // Nothing placed; the code left the cart, which shows the full price to confirm.
    expect(await cartOf(second)).toMatchObject({ total: 2580, promo: null });
    const placedAtFullPrice = await checkout(second, { ...contact, tel: otherPhone });
    expect(placedAtFullPrice.statusCode, placedAtFullPrice.body).toBe(200);
    expect(placedAtFullPrice.json().order).toMatchObject({ goods_total: 2580, promo_code: null });

    // Same phone written another way, another e-mail.
    const third = createTestAgent(shop.app);
    await add(third, LAVENDER.url, 2);
    await applyPromo(third, 'EFIR10');
    const digits = contact.tel.replace(/\D/g, '').slice(-10);
    const byPhone = await checkout(third, { ...newContact(), tel: `8${digits}` });
    expect(byPhone.statusCode, byPhone.body).toBe(409);
  });

  it('a cancelled first order does not use up the first order', async () => {
    const contact = newContact();
    const guest = createTestAgent(shop.app);
    await add(guest, LAVENDER.url, 2);
    await applyPromo(guest, 'EFIR10');
    const placed = await checkout(guest, contact);
    await setStatus(placed.json().order.id, 'cancelled');
    await add(guest, LAVENDER.url, 2);
    expect((await applyPromo(guest, 'EFIR10')).error).toBe(false);
    const again = await checkout(guest, contact);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order.goods_total).toBe(2322);
  });

  it('a customer whose cart held EFIR10 before another order was placed is refused at checkout, not charged silently', async () => {
    const agent = createTestAgent(shop.app);
    const contact = newContact();
    await agent.register({ email: contact.email });
    await add(agent, LAVENDER.url, 2);
    expect((await applyPromo(agent, 'EFIR10')).error).toBe(false);
    // Meanwhile, in another tab, an order of another kind: a seat on a paid course.
    const { items } = (await call(agent, 'GET', '/api/v1/courses')).json();
    const course = items.find((item: { price: number }) => item.price > 0);
    expect((await call(agent, 'POST', '/v1/user/course', { course_id: course.id })).statusCode).toBe(200);
    const refused = await checkout(agent, contact);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errors.promo).toEqual([
      'Промокод EFIR10 убран из корзины: этот промокод действует только на первый заказ, а у вас заказы уже есть',
    ]);
    expect(await cartOf(agent)).toMatchObject({ total: 2580, promo: null });
  });

  it('two checkouts of one buyer at the same moment: one gets EFIR10, the other is refused', async () => {
    const contact = newContact();
    const tabs = [createTestAgent(shop.app), createTestAgent(shop.app)];
    for (const tab of tabs) {
      await add(tab, LAVENDER.url, 2);
      expect((await applyPromo(tab, 'EFIR10')).error).toBe(false);
    }
    const answers = await Promise.all(tabs.map((tab) => checkout(tab, contact)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await shop.database.db.select().from(orders).where(eq(orders.email, contact.email));
    expect(rows.map((row) => row.promoCode)).toEqual(['EFIR10']);
  });
});

describe('journey 4: a saved cart opened by another customer', () => {
  it('restores the lines at today’s prices, with the opener’s own discount', async () => {
    const saver = createTestAgent(shop.app);
    await saver.register();
    await add(saver, LAVENDER.url, 3);
    await add(saver, LEMON.url, 2);
    // 3 × 1 290 + 2 × 890 = 5 650 ₽ on the day it is saved.
    expect(await cartOf(saver)).toMatchObject({ total: 5650 });
    const saved = await call(saver, 'PUT', '/v1/cart/save');
    expect(saved.statusCode, saved.body).toBe(200);
    const token = saved.json().link.replace('/saved/', '');
    expect(await cartOf(saver)).toMatchObject({ lines: [], total: 0 });

    // Lavender goes up to 1 350 ₽ before the link is opened.
    await shop.database.db.update(products).set({ cena: 1350 }).where(eq(products.url, LAVENDER.url));
    try {
      // The opener is the customer of journey 1's kind: 3 % earned.
      const { agent } = await customerWithDeliveredFirstOrder();
      const page = await call(agent, 'POST', '/api/v1/route', { url: `/saved/${token}` });
      expect(page.statusCode, page.body).toBe(200);
      const restored = await call(agent, 'POST', `/v1/cart/save/add/${token}`);
      expect(restored.statusCode, restored.body).toBe(200);
      // floor(0.97 × 1 350) = 1 309 ₽ × 3 = 3 927 ₽; the special-price lemon 890 ₽ × 2 = 1 780 ₽.
      expect(restored.json().cart).toMatchObject({ subtotal: 5830, total: 5707, skidka: 3 });
      expect(restored.json().cart.lines).toEqual([
        expect.objectContaining({ id: ids[LAVENDER.url], quantity: 3, cena: 1350, price: 1309, sum: 3927 }),
        expect.objectContaining({ id: ids[LEMON.url], quantity: 2, price: 890, sum: 1780 }),
      ]);
    } finally {
      await shop.database.db
        .update(products)
        .set({ cena: LAVENDER.cena })
        .where(eq(products.url, LAVENDER.url));
    }
  });
});

describe('a promo code’s excluded categories (EFIR10: not on gift certificates)', () => {
  async function certificateUrl() {
    const [row] = await shop.database.db
      .select({ url: products.url })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(categories.url, '/sertifikaty'), eq(products.cena, 5000)));
    return row!.url;
  }

  async function addByUrl(agent: TestAgent, url: string, quantity: number) {
    const [row] = await shop.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.url, url));
    const response = await call(agent, 'POST', `/v1/cart/${row!.id}`, { quantity });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('a 5 000 ₽ certificate stays 5 000 ₽ with EFIR10; the code still works on the oils beside it', async () => {
    const guest = createTestAgent(shop.app);
    const certificate = await certificateUrl();
    await addByUrl(guest, certificate, 1);
    // Alone, the certificate leaves the code nothing to reach.
    expect(await applyPromo(guest, 'EFIR10')).toMatchObject({
      error: true,
      text: 'Промокод не действует на товары в корзине (например, на подарочные сертификаты)',
    });
    expect(await cartOf(guest)).toMatchObject({ total: 5000, promo: null });

    await add(guest, LAVENDER.url, 2);
    const applied = await applyPromo(guest, 'EFIR10');
    expect(applied.error).toBe(false);
    expect(applied.text).toMatch(/Не действует на: «Подарочный сертификат»/);
    // 2 × floor(0.9 × 1 290) = 2 322 ₽ + 5 000 ₽.
    const cart = await cartOf(guest);
    expect(cart).toMatchObject({ subtotal: 7580, total: 7322 });
    expect(cart.lines.find((line: { url: string }) => line.url === certificate)).toMatchObject({
      price: 5000,
      sum: 5000,
    });
    const placed = await checkout(guest, newContact());
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order.goods_total).toBe(7322);
  });

  it('the back office edits the exclusions; an unknown category is refused in Russian', async () => {
    const list = await call(moderator, 'GET', `${ADMIN}/promo`);
    const efir10 = list.json().promo_codes.find((promo: { code: string }) => promo.code === 'EFIR10');
    const [certificates] = await shop.database.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.url, '/sertifikaty'));
    expect(efir10.excluded_category_ids).toEqual([certificates!.id]);
    const { id, state, state_name, used_count, ...body } = efir10;
    const unknown = await call(moderator, 'PUT', `${ADMIN}/promo/${id}`, {
      ...body,
      excluded_category_ids: [2_000_000],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.excluded_category_ids).toEqual(['Такой категории нет']);
  });
});
