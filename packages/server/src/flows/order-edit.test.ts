// Editing an order and taking one by phone in the back office (decision 055), through HTTP as a moderator: the
// totals equal checkout's for the same cart, stock moves by the difference, the history says «было → стало», the
// customer gets one letter, 1C's queue takes the order again; refusals in Russian; only moderators may do it.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../features/account/account.table.ts';
import { products } from '../features/catalog/catalog.table.ts';
import { outbox } from '../features/mail/mail.table.ts';
import { orders } from '../features/orders/orders.table.ts';
import { addToCart, CONTACT, courierMoscow, payOnTestGateway, placeOrder } from '../test/checkout.ts';
import { type DemoProduct, demoProducts, LAVENDER_URL, LEMON_URL } from '../test/demo-products.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../test/test-agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const ADMIN = '/api/v1/admin';
let shop: TestApp;
let moderator: TestAgent;
let product: Record<string, DemoProduct>;
const lavender = () => product[LAVENDER_URL]!;
const lemon = () => product[LEMON_URL]!;

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  product = await demoProducts(shop.database.db, [LAVENDER_URL, LEMON_URL], { stock: 50 });
  // Plain prices, no special offer: the sums below are worked out by hand.
  await shop.database.db
    .update(products)
    .set({ cena: 1290, cenaSt: 0 })
    .where(eq(products.id, lavender().id));
  await shop.database.db.update(products).set({ cena: 450, cenaSt: 0 }).where(eq(products.id, lemon().id));
});

afterAll(() => shop.close());

async function stockOf(productId: number): Promise<number> {
  const [row] = await shop.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

async function guestOrder(lines: Array<[number, number]>, payment = 1) {
  const guest = createTestAgent(shop.app);
  for (const [id, quantity] of lines) await addToCart(guest, id, quantity);
  const placed = await placeOrder(guest, courierMoscow(payment));
  expect(placed.statusCode, placed.body).toBe(200);
  return {
    order: placed.json().order as { id: number; number: string; total: number },
    guest,
    key: placed.json().key as string,
  };
}

function edit(orderId: number, payload: Record<string, unknown>, agent = moderator) {
  return agent.request({ method: 'PUT', url: `${ADMIN}/orders/${orderId}`, payload });
}

async function lettersTo(email: string) {
  return shop.database.db.select().from(outbox).where(eq(outbox.to, email));
}

describe('PUT /api/v1/admin/orders/{id}', () => {
  it('changes the lines, moves stock by the difference, tells the customer once and puts the order back in 1C’s queue', async () => {
    const { order } = await guestOrder([[lavender().id, 2]]);
    await shop.database.db.update(orders).set({ exportedAt: new Date() }).where(eq(orders.id, order.id));
    const lavenderBefore = await stockOf(lavender().id);
    const lemonBefore = await stockOf(lemon().id);
    const lettersBefore = (await lettersTo(CONTACT.email)).length;

    const response = await edit(order.id, {
      lines: [
        { product_id: lavender().id, quantity: 1 },
        { product_id: lemon().id, quantity: 3 },
      ],
      reason: 'Покупательница попросила по телефону',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    // 1 × 1 290 + 3 × 450 = 2 640 ₽ of goods, delivery as it was.
    expect(answer.order.goods_total).toBe(2640);
    expect(answer.order.total).toBe(2640 + answer.order.delivery_price);
    expect(answer.changes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/2 × 1\s290\s₽ → 1 × 1\s290\s₽/),
        expect.stringMatching(/^Добавлен товар: «.+» 3 × 450\s₽/),
      ]),
    );
    expect(await stockOf(lavender().id)).toBe(lavenderBefore + 1);
    expect(await stockOf(lemon().id)).toBe(lemonBefore - 3);
    const history = answer.order.history.map((entry: { text: string }) => entry.text).join('\n');
    expect(history).toMatch(/Заказ изменён: .*→/);
    const letters = await lettersTo(CONTACT.email);
    expect(letters).toHaveLength(lettersBefore + 1);
    expect(letters.at(-1)!.subject).toBe(`Заказ ${order.number} изменён`);
    expect(letters.at(-1)!.text).toMatch(/Лимон, 10 мл × 3 — 1\s350\s₽/);
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.exportedAt).toBeNull();
  });

  it('prices the edited goods as checkout prices the same cart (personal discount)', async () => {
    const customer = createTestAgent(shop.app);
    const account = await customer.register({ name: 'Вера', fam: 'Лебедева' });
    await shop.database.db.update(users).set({ skidka: 5 }).where(eq(users.id, account.id));
    await addToCart(customer, lavender().id, 1);
    const placed = await placeOrder(customer);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().order.id;

    const edited = await edit(orderId, {
      lines: [
        { product_id: lavender().id, quantity: 3 },
        { product_id: lemon().id, quantity: 2 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // The same goods in the customer's cart, priced by checkout.
    await addToCart(customer, lavender().id, 3);
    await addToCart(customer, lemon().id, 2);
    const cart = (await customer.request({ method: 'GET', url: '/v1/cart' })).json().cart;
    expect(cart.skidka).toBe(5);
    expect(edited.json().order).toMatchObject({
      subtotal: cart.subtotal,
      discount: cart.discount,
      goods_total: cart.total,
    });
  });

  it('keeps a price the owner set, with its reason in the history; without a reason it is refused in Russian', async () => {
    const { order } = await guestOrder([[lavender().id, 1]]);
    const refused = await edit(order.id, {
      lines: [{ product_id: lavender().id, quantity: 1, price: 1000 }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['lines.0.price_reason']).toEqual(['Укажите, почему цена другая']);

    const response = await edit(order.id, {
      lines: [
        { product_id: lavender().id, quantity: 2, price: 1000, price_reason: 'уценка: помята коробка' },
      ],
      delivery: { type: 1, sposob_dost: 3, price: 0 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order).toMatchObject({ goods_total: 2000, total: 2000, delivery_price: 0 });
    expect(response.json().changes.join('\n')).toContain('(цена: уценка: помята коробка)');
    expect(response.json().changes.join('\n')).toMatch(/Доставка: .+ → Самовывоз из офиса в Москве/);
  });

  it('refuses a shipped order, more than the shelf holds, and an empty order — in Russian', async () => {
    const { order } = await guestOrder([[lemon().id, 1]]);
    const short = await edit(order.id, { lines: [{ product_id: lemon().id, quantity: 99 }] });
    expect(short.statusCode).toBe(409);
    expect(short.json().errors['lines.0.quantity'][0]).toMatch(/столько нет в наличии/);
    // Nothing changed with the refusal.
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.total).toBe(order.total);

    const empty = await edit(order.id, { lines: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.lines).toEqual(['В заказе должен остаться хотя бы один товар']);

    for (const status of ['confirmed', 'shipped']) {
      const moved = await moderator.request({
        method: 'PUT',
        url: `${ADMIN}/orders/${order.id}/status`,
        payload:
          status === 'shipped' ? { status, carrier: 'cdek', tracking_number: '1106400888' } : { status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const late = await edit(order.id, { comment: 'Позвонить за час' });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.order[0]).toMatch(/^Заказ в статусе «Отправлен» изменить нельзя/);
  });

  it('a paid card order that gets cheaper shows «К возврату» and the customer is told', async () => {
    const customer = createTestAgent(shop.app);
    await customer.register();
    await addToCart(customer, lemon().id, 4);
    const placed = await placeOrder(customer, courierMoscow(5));
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order as { id: number };
    await payOnTestGateway(shop.app, customer, order.id);
    const [paid] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid!.paymentState).toBe('paid');
    const refused = await edit(order.id, { sposob_oplat: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.sposob_oplat).toEqual(['Заказ уже оплачен — способ оплаты не меняется']);

    const response = await edit(order.id, { lines: [{ product_id: lemon().id, quantity: 3 }] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().settlement).toMatchObject({ kind: 'refund', amount: 450 });
    expect(response.json().settlement.text).toMatch(/^К возврату 450\s₽$/);
    const letter = (await lettersTo(CONTACT.email)).at(-1)!;
    expect(letter.text).toMatch(/Мы вернём вам 450\s₽/);
  });

  it('is for moderators only', async () => {
    const { order } = await guestOrder([[lemon().id, 1]]);
    const customer = createTestAgent(shop.app);
    await customer.register();
    expect((await edit(order.id, { comment: 'x' }, customer)).statusCode).toBe(403);
    expect((await edit(order.id, { comment: 'x' }, createTestAgent(shop.app))).statusCode).toBe(401);
    const missing = await edit(2_000_000_000, { comment: 'x' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/v1/admin/orders (an order taken by phone)', () => {
  const courier = {
    type: 2,
    sposob_dost: 1,
    address: { city: 'Москва', street: 'Тверская', house: '7' },
    price: 350,
  };

  it('finds the customer by phone: the order joins the account with its discount', async () => {
    const customer = createTestAgent(shop.app);
    const account = await customer.register({ name: 'Ольга', fam: 'Кузнецова', tel: '+7 903 555-12-34' });
    await shop.database.db.update(users).set({ skidka: 10 }).where(eq(users.id, account.id));
    const lemonBefore = await stockOf(lemon().id);
    const response = await moderator.request({
      method: 'POST',
      url: `${ADMIN}/orders`,
      payload: {
        idempotency_key: randomUUID(),
        recipient: { name: 'Ольга', fam: 'Кузнецова', tel: '8 (903) 555-12-34' },
        lines: [{ product_id: lemon().id, quantity: 2 }],
        delivery: courier,
        sposob_oplat: 1,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.customer_id).toBe(account.id);
    expect(answer.payment_link).toBeNull();
    // floor(0.9 × 450) = 405 ₽ a bottle.
    expect(answer.order).toMatchObject({
      goods_total: 810,
      total: 1160,
      email: account.email,
      user_id: account.id,
    });
    expect(await stockOf(lemon().id)).toBe(lemonBefore - 2);
    const mine = await customer.request({ method: 'GET', url: '/v1/my-orders' });
    expect(JSON.stringify(mine.json())).toContain(answer.order.number);
  });

  it('refuses a form without goods or address, in Russian', async () => {
    const response = await moderator.request({
      method: 'POST',
      url: `${ADMIN}/orders`,
      payload: {
        idempotency_key: randomUUID(),
        recipient: { name: 'Иван', tel: '12' },
        lines: [],
        delivery: { type: 2, price: 0 },
        sposob_oplat: 5,
      },
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors;
    expect(errors['recipient.tel']).toEqual(['Укажите российский номер: +7 и 10 цифр']);
    expect(errors.lines).toEqual(['В заказе должен остаться хотя бы один товар']);
    expect(errors['delivery.address.city']).toEqual(['Укажите адрес доставки']);
  });

  it('the same form sent twice is one order', async () => {
    const key = randomUUID();
    const payload = {
      idempotency_key: key,
      recipient: { name: 'Пётр', tel: '+7 901 222-33-44' },
      lines: [{ product_id: lemon().id, quantity: 1 }],
      delivery: { type: 1, price: 0 },
      sposob_oplat: 1,
    };
    const first = await moderator.request({ method: 'POST', url: `${ADMIN}/orders`, payload });
    const second = await moderator.request({ method: 'POST', url: `${ADMIN}/orders`, payload });
    expect(second.json()).toMatchObject({ message: 'order/existing', order: { id: first.json().order.id } });
    const rows = await shop.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.idempotencyKey, key)));
    expect(rows).toHaveLength(1);
  });
});
