// Placing orders: totals from the server's cart, idempotency, stock that never goes negative (under 200 parallel
// checkouts: orders.pg.test.ts), refused delivery choices, ownership of orders, card payment end to end.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, CONTACT, courierMoscow, placeOrder } from '../../test/checkout.ts';
import { type DemoProduct, demoProducts, LAVENDER_URL, LEMON_URL } from '../../test/demo-products.ts';
import { createTestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { products } from '../catalog/catalog.table.ts';
import { outbox } from '../mail/mail.table.ts';
import { orders } from './orders.table.ts';

const HYDROLAT_URL = '/gidrolat-rozy-100-ml.html';
let testApp: TestApp;
let product: Record<string, DemoProduct>;

beforeAll(async () => {
  testApp = await createTestApp();
  product = await demoProducts(testApp.database.db, [LAVENDER_URL, HYDROLAT_URL, LEMON_URL]);
});

afterAll(() => testApp.close());

const lavender = () => product[LAVENDER_URL]!;
const hydrolat = () => product[HYDROLAT_URL]!;
const lemon = () => product[LEMON_URL]!;

describe('placing an order', () => {
  it('places the order from the server cart with server totals, takes stock, empties the cart and mails', async () => {
    const guest = createTestAgent(testApp.app);
    await addToCart(guest, lavender().id, 2);
    const [before] = await testApp.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, lavender().id));
    const response = await placeOrder(guest);
    expect(response.statusCode, response.body).toBe(200);
    const { order, key } = response.json();
    expect(order.number).toMatch(/^ЭФ-\d{6}$/);
    expect(order.goods_total).toBe(lavender().cena * 2);
    expect(order.total).toBe(order.goods_total + order.delivery_price);
    expect(order.lines).toEqual([
      expect.objectContaining({ id: lavender().id, quantity: 2, sum: lavender().cena * 2 }),
    ]);
    expect(order.status).toBe('new');
    const [after] = await testApp.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, lavender().id));
    expect(after!.stock).toBe(before!.stock - 2);
    expect((await guest.request({ method: 'GET', url: '/v1/cart' })).json().cart.lines).toEqual([]);
    const [letter] = await testApp.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Заказ ${order.number} принят`));
    expect(letter?.to).toBe(CONTACT.email);
    const detail = await guest.request({
      method: 'POST',
      url: `/v1/my-orders/${order.id}`,
      payload: { key },
    });
    expect(detail.json().order.id).toBe(order.id);
  });

  it('returns the same order for the same key, five times over', async () => {
    const guest = createTestAgent(testApp.app);
    await addToCart(guest, lavender().id, 1);
    const key = randomUUID();
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++)
      answers.push((await placeOrder(guest, courierMoscow(), key)).json());
    expect(new Set(answers.map((answer) => answer.order.id)).size).toBe(1);
    const rows = await testApp.database.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });

  it('refuses an empty cart, skipped steps and a client-side price', async () => {
    const guest = createTestAgent(testApp.app);
    expect((await placeOrder(guest)).statusCode).toBe(409);
    await addToCart(guest, lavender().id, 1);
    const noAddress = await placeOrder(guest, { type: 2, sposob_dost: 1, sposob_oplat: 1 });
    expect(noAddress.statusCode).toBe(422);
    const noPayment = await placeOrder(guest, { ...courierMoscow(), sposob_oplat: null });
    expect(noPayment.statusCode).toBe(422);
    const priced = await guest.request({
      method: 'POST',
      url: '/v1/order',
      payload: { idempotency_key: randomUUID(), contact: CONTACT, delivery: courierMoscow(), total: 1 },
    });
    expect(priced.statusCode).toBe(422);
    expect((await guest.request({ method: 'GET', url: '/v1/cart' })).json().cart.count).toBe(1);
  });

  it('gives a bank-transfer order an invoice with the shop’s account, in the letter too', async () => {
    const guest = createTestAgent(testApp.app);
    await addToCart(guest, lavender().id, 1);
    const { order } = (await placeOrder(guest, courierMoscow(3))).json();
    expect(order.invoice).toMatchObject({
      number: order.number,
      amount: order.total,
      recipient: { inn: '7700000009' },
    });
    const [letter] = await testApp.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Заказ ${order.number} принят`));
    expect(letter?.text).toContain('Счёт на оплату');
    expect(letter?.text).toContain('БИК 044525000');
  });

  it('refuses hydrolats by Russian Post with hydr: true', async () => {
    const guest = createTestAgent(testApp.app);
    await addToCart(guest, hydrolat().id, 1);
    const response = await placeOrder(guest, {
      type: 4,
      sposob_dost: 2,
      sposob_oplat: 1,
      addressNew: { city: 'Казань', street: 'ул. Баумана', house: '10', zip: '420111' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().hydr).toBe(true);
  });

  it('shows an order only to its owner', async () => {
    const owner = createTestAgent(testApp.app);
    await owner.register();
    await addToCart(owner, lavender().id, 1);
    const { order } = (await placeOrder(owner)).json();
    const stranger = createTestAgent(testApp.app);
    await stranger.register();
    expect(
      (await stranger.request({ method: 'POST', url: `/v1/my-orders/${order.id}`, payload: {} })).statusCode,
    ).toBe(404);
    const guess = await createTestAgent(testApp.app).request({
      method: 'POST',
      url: `/v1/my-orders/${order.id}`,
      payload: { key: randomUUID() },
    });
    expect(guess.statusCode).toBe(404);
    expect(
      (await owner.request({ method: 'POST', url: `/v1/my-orders/${order.id}`, payload: {} })).statusCode,
    ).toBe(200);
  });
});

describe('paying by card through the test gateway', () => {
  it('creates the payment, the gateway «Оплатить» notifies, the order becomes paid', async () => {
    const shopper = createTestAgent(testApp.app);
    await shopper.register();
    await addToCart(shopper, lemon().id, 1);
    const { order } = (await placeOrder(shopper, courierMoscow(5))).json();
    expect(order.payment_state).toBe('awaiting');
    const started = await shopper.request({
      method: 'PUT',
      url: '/v1/order/yookassa',
      payload: { order_id: order.id },
    });
    expect(started.statusCode, started.body).toBe(200);
    const confirmation = new URL(started.json().confirmation_url);
    const again = await shopper.request({
      method: 'PUT',
      url: '/v1/order/yookassa',
      payload: { order_id: order.id },
    });
    expect(again.json().payment_id).toBe(started.json().payment_id);
    const page = await testApp.app.inject({ method: 'GET', url: confirmation.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Оплатить');
    const form = page.body.match(/name="token" value="([^"]+)"/)?.[1];
    const pay = await testApp.app.inject({
      method: 'POST',
      url: confirmation.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `decision=pay&token=${encodeURIComponent(form ?? '')}`,
    });
    expect(pay.statusCode).toBe(302);
    const status = await shopper.request({ method: 'GET', url: `/v1/order/${order.id}/payment` });
    expect(status.json().order.payment_state).toBe('paid');
    expect(status.json().order.status).toBe('confirmed');
  });
});

describe('one cart, one order; nothing placed that the buyer did not confirm (issue 17)', () => {
  /** Price and stock pinned for a test, so its figures are literals. */
  async function pin(productId: number, values: { cena?: number; stock?: number }) {
    await testApp.database.db
      .update(products)
      .set({ cenaSt: 0, ...values })
      .where(eq(products.id, productId));
  }

  async function stockOf(productId: number) {
    const [row] = await testApp.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productId));
    return row!.stock;
  }

  it('five checkouts of one cart with five keys at once (two tabs, two devices): one order, the others told which', async () => {
    await pin(lemon().id, { cena: 500, stock: 40 });
    const buyer = createTestAgent(testApp.app);
    await buyer.register();
    await addToCart(buyer, lemon().id, 1);
    const letters = async () => (await testApp.database.db.select().from(outbox)).length;
    const lettersBefore = await letters();

    const answers = await Promise.all(Array.from({ length: 5 }, () => placeOrder(buyer)));
    const placed = answers.filter((answer) => answer.statusCode === 200);
    expect(placed).toHaveLength(1);
    const number = placed[0]!.json().order.number;
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message: `Заказ из этой корзины уже оформлен: ${number}`,
        errors: {
          cart: [
            `Эта корзина уже стала заказом ${number}. Он в разделе «Мои заказы». Чтобы заказать ещё, добавьте товары в корзину`,
          ],
        },
      });
    }
    expect(await stockOf(lemon().id)).toBe(39);
    expect(await letters()).toBe(lettersBefore + 1);
  });

  it('a line that shrank with the stock since the buyer saw it: no order, the change named', async () => {
    await pin(lemon().id, { cena: 500, stock: 40 });
    const guest = createTestAgent(testApp.app);
    await addToCart(guest, lemon().id, 3);
    // Someone else buys 38 meanwhile: 2 are left.
    await pin(lemon().id, { stock: 2 });
    const refused = await placeOrder(guest);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Корзина изменилась — проверьте заказ',
      errors: { cart: ['«Лимон»: осталось 2 шт., количество уменьшено'] },
    });
    expect(await stockOf(lemon().id)).toBe(2);
    // Confirmed again, the 2 that are there are ordered.
    const placed = await placeOrder(guest);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order).toMatchObject({
      goods_total: 1000,
      lines: [expect.objectContaining({ quantity: 2 })],
    });
  });

  it('a line whose product sold out stays in the cart, named, and checkout names it instead of «Корзина пуста»', async () => {
    await pin(lemon().id, { cena: 500, stock: 40 });
    await pin(lavender().id, { cena: 700, stock: 40 });
    const guest = createTestAgent(testApp.app);
    await addToCart(guest, lemon().id, 2);
    // Someone else buys the last lemon oil.
    await pin(lemon().id, { stock: 0 });

    // Read twice: the line is not dropped by the first read.
    for (let read = 0; read < 2; read++) {
      const cart = (await guest.request({ method: 'GET', url: '/v1/cart' })).json().cart;
      expect(cart.lines).toEqual([]);
      expect(cart.unavailable).toEqual([
        expect.objectContaining({ id: lemon().id, name: 'Лимон', quantity: 2, reason: 'sold_out' }),
      ]);
      expect(cart).toMatchObject({ total: 0, count: 0 });
    }
    const alone = await placeOrder(guest);
    expect(alone.statusCode, alone.body).toBe(409);
    expect(alone.json()).toMatchObject({
      message: 'В корзине есть товары, которых нет в наличии',
      errors: {
        cart: [`«Лимон, ${lemon().volume}»: нет в наличии — уберите из корзины, чтобы оформить заказ`],
      },
    });

    // Beside a line in stock: still named, nothing placed, the stock untouched.
    await addToCart(guest, lavender().id, 1);
    const beside = await placeOrder(guest);
    expect(beside.statusCode, beside.body).toBe(409);
    expect(beside.json().errors.cart).toEqual([
      `«Лимон, ${lemon().volume}»: нет в наличии — уберите из корзины, чтобы оформить заказ`,
    ]);
    expect(await stockOf(lavender().id)).toBe(40);

    // The buyer removes it; the order is placed from what is there.
    await guest.request({ method: 'DELETE', url: `/v1/cart/line/${lemon().id}` });
    const placed = await placeOrder(guest);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order).toMatchObject({
      goods_total: 700,
      lines: [expect.objectContaining({ quantity: 1 })],
    });
  });

  it('a price or a delivery cost that changed after /check: no order, both changes named; confirmed again, placed', async () => {
    await pin(lemon().id, { cena: 500, stock: 40 });
    const guest = createTestAgent(testApp.app);
    await addToCart(guest, lemon().id, 2);
    // The buyer saw 1 000 ₽ of goods and the Moscow courier at 390 ₽.
    const shown = { goods_total: 1000, delivery_price: 390 };
    const place = (expected: typeof shown) =>
      guest.request({
        method: 'POST',
        url: '/v1/order',
        payload: { idempotency_key: randomUUID(), contact: CONTACT, delivery: courierMoscow(), expected },
      });
    // The moderator raises the price to 2 600 ₽: the goods now cost 5 200 ₽ and the courier is free from 5 000 ₽.
    await pin(lemon().id, { cena: 2600 });
    const refused = await place(shown);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(JSON.parse(refused.body.replaceAll('\u00a0', ' '))).toEqual({
      message: 'Сумма заказа изменилась — проверьте и подтвердите ещё раз',
      errors: {
        cart: ['Товары теперь стоят 5 200 ₽, а не 1 000 ₽: цены или скидка изменились'],
        delivery_price: ['Доставка теперь бесплатная (была 390 ₽)'],
      },
    });
    expect(await stockOf(lemon().id)).toBe(40);
    const placed = await place({ goods_total: 5200, delivery_price: 0 });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order).toMatchObject({ goods_total: 5200, delivery_price: 0, total: 5200 });
  });
  it('a cart changed in another tab to other goods at the same total: no order, the change named; the shown version places it', async () => {
    await pin(lemon().id, { cena: 500, stock: 40 });
    await pin(lavender().id, { cena: 500, stock: 40 });
    const buyer = createTestAgent(testApp.app);
    await addToCart(buyer, lemon().id, 1);
    const seen = await addToCart(buyer, lavender().id, 1);
    const place = (cartVersion: string) =>
      buyer.request({
        method: 'POST',
        url: '/v1/order',
        payload: {
          idempotency_key: randomUUID(),
          contact: CONTACT,
          delivery: courierMoscow(),
          expected: { goods_total: 1000, delivery_price: 390, cart_version: cartVersion },
        },
      });
    // In another tab: the lavender goes, a second lemon comes — still 1 000 ₽.
    await buyer.request({ method: 'DELETE', url: `/v1/cart/line/${lavender().id}` });
    const now = await addToCart(buyer, lemon().id, 1);
    expect(now.cart.total).toBe(1000);
    expect(now.cart.version).not.toBe(seen.cart.version);

    const refused = await place(seen.cart.version);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Корзина изменилась — проверьте заказ',
      errors: {
        cart: ['Состав корзины изменился в другой вкладке или на другом устройстве: проверьте товары'],
      },
    });
    expect(await stockOf(lemon().id)).toBe(40);

    const placed = await place(now.cart.version);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order.lines).toEqual([expect.objectContaining({ id: lemon().id, quantity: 2 })]);
  });
});

describe('the address book learns from the checkout', () => {
  it('a logged-in buyer’s new address and pickup point join /my-address once; a guest’s do not', async () => {
    await testApp.database.db.update(products).set({ stock: 50 }).where(eq(products.id, lavender().id));
    const buyer = createTestAgent(testApp.app);
    const { id } = await buyer.register();
    const book = async () =>
      (await buyer.request({ method: 'GET', url: `/v1/user/${id}/address` })).json() as {
        addresses: Array<{ street: string; house: string }>;
        pvz: Array<{ code: string; type: number }>;
      };
    for (let order = 0; order < 2; order++) {
      await addToCart(buyer, lavender().id, 1);
      expect((await placeOrder(buyer)).statusCode).toBe(200);
    }
    expect((await book()).addresses).toEqual([
      expect.objectContaining({ street: 'ул. Дубининская', house: '57' }),
    ]);

    await addToCart(buyer, lavender().id, 1);
    const point = await placeOrder(buyer, {
      type: 5,
      sposob_dost: 7,
      sposob_oplat: 1,
      tarif: 'cdek:136',
      pvzNew: { code: 'MSK412', type: 7 },
    });
    expect(point.statusCode, point.body).toBe(200);
    expect((await book()).pvz).toEqual([expect.objectContaining({ code: 'MSK412', type: 7 })]);

    const guest = createTestAgent(testApp.app);
    await addToCart(guest, lavender().id, 1);
    expect((await placeOrder(guest)).statusCode).toBe(200);
    expect((await book()).addresses).toHaveLength(1);
  });
});
