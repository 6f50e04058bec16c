// «Купить в 1 клик»: a guest orders a product (or the cart) by name and phone; the order is «Новый», flagged for a
// call in the back office, its stock taken like any order's, a letter only with an e-mail, limits per address/phone.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoProduct, demoProducts, LAVENDER_URL, LEMON_URL } from '../../test/demo-products.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { products } from '../catalog/catalog.table.ts';
import { outbox } from '../mail/mail.table.ts';
import { orders } from './orders.table.ts';

let shop: TestApp;
let moderator: TestAgent;
let product: Record<string, DemoProduct>;
let phones = 0;

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  product = await demoProducts(shop.database.db, [LAVENDER_URL, LEMON_URL], { stock: 50 });
});

afterAll(() => shop.close());

const lavender = () => product[LAVENDER_URL]!;
const lemon = () => product[LEMON_URL]!;

/** A fresh phone each time, so the per-phone limit belongs to the test that means to reach it. */
function nextPhone(): string {
  phones += 1;
  return `8 (917) 555-${String(phones).padStart(2, '0')}-11`;
}

function oneClick(agent: TestAgent, body: Record<string, unknown>) {
  return agent.request({
    method: 'POST',
    url: '/v1/order/one-click',
    payload: { idempotency_key: randomUUID(), name: 'Марина', tel: nextPhone(), ...body },
  });
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await shop.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

describe('«Купить в 1 клик»', () => {
  it('places a guest order of the product at today’s price, takes its stock, and the back office sees it flagged', async () => {
    const before = await stockOf(lavender().id);
    const guest = createTestAgent(shop.app);
    const answer = await oneClick(guest, { product_id: lavender().id, quantity: 2, tel: '+7 916 123 45 67' });
    expect(answer.statusCode, answer.body).toBe(200);
    const { order, key } = answer.json();
    expect(order.status_name).toBe('Новый');
    expect(order.call_back).toBe(true);
    expect(order.tel).toBe('+79161234567');
    expect(order.lines).toEqual([
      expect.objectContaining({
        id: lavender().id,
        quantity: 2,
        price: lavender().cena,
        sum: 2 * lavender().cena,
      }),
    ]);
    expect(order.total).toBe(2 * lavender().cena);
    expect(order.delivery_name).toBe('Уточним по телефону');
    expect(await stockOf(lavender().id)).toBe(before - 2);

    // The guest sees it with the key, as after checkout.
    const own = await guest.request({ method: 'POST', url: `/v1/my-orders/${order.id}`, payload: { key } });
    expect(own.json().order.number).toBe(order.number);

    const list = await moderator.request({ method: 'GET', url: '/api/v1/admin/orders?call_back=1' });
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().orders.find((item: { id: number }) => item.id === order.id);
    expect(row).toMatchObject({ call_back: true, status_name: 'Новый', name: 'Марина' });

    // Once the shop called and confirmed it, the flag is gone from the list.
    const confirmed = await moderator.request({
      method: 'PUT',
      url: `/api/v1/admin/orders/${order.id}/status`,
      payload: { status: 'confirmed', comment: 'Перезвонили, курьер по Москве' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = await moderator.request({ method: 'GET', url: '/api/v1/admin/orders?call_back=1' });
    expect(after.json().orders.map((item: { id: number }) => item.id)).not.toContain(order.id);
    // No e-mail was given: the status change writes no letter to nobody.
    expect(await shop.database.db.select().from(outbox).where(eq(outbox.to, ''))).toEqual([]);
  });

  it('writes a letter in the order’s transaction only when an e-mail was given', async () => {
    const email = `one-click-${randomUUID().slice(0, 8)}@example.ru`;
    const withMail = await oneClick(createTestAgent(shop.app), { product_id: lemon().id, email });
    expect(withMail.statusCode, withMail.body).toBe(200);
    const letters = await shop.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(letters).toHaveLength(1);
    expect(letters[0]!.subject).toBe(`Заказ ${withMail.json().order.number} принят — мы перезвоним`);
    expect(letters[0]!.text).toContain('Мы перезвоним вам в рабочее время');

    const outboxBefore = (await shop.database.db.select({ id: outbox.id }).from(outbox)).length;
    const withoutMail = await oneClick(createTestAgent(shop.app), { product_id: lemon().id });
    expect(withoutMail.statusCode, withoutMail.body).toBe(200);
    expect((await shop.database.db.select({ id: outbox.id }).from(outbox)).length).toBe(outboxBefore);
  });

  it('orders the cart’s lines and empties the cart', async () => {
    const guest = createTestAgent(shop.app);
    await guest.request({ method: 'POST', url: `/v1/cart/${lavender().id}`, payload: { quantity: 1 } });
    await guest.request({ method: 'POST', url: `/v1/cart/${lemon().id}`, payload: { quantity: 3 } });
    const answer = await oneClick(guest, {});
    expect(answer.statusCode, answer.body).toBe(200);
    const { order } = answer.json();
    expect(order.lines.map((line: { id: number; quantity: number }) => [line.id, line.quantity])).toEqual([
      [lavender().id, 1],
      [lemon().id, 3],
    ]);
    expect(order.goods_total).toBe(lavender().cena + 3 * lemon().cena);
    const cart = await guest.request({ method: 'GET', url: '/v1/cart' });
    expect(cart.json().cart.lines).toEqual([]);
    // An empty cart has nothing to order.
    const again = await oneClick(guest, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.cart).toEqual(['Добавьте товары в корзину, чтобы оформить заказ']);
  });

  it('answers a double click with the same order and takes the stock once', async () => {
    const before = await stockOf(lemon().id);
    const guest = createTestAgent(shop.app);
    const body = { idempotency_key: randomUUID(), name: 'Олег', tel: nextPhone(), product_id: lemon().id };
    const first = await guest.request({ method: 'POST', url: '/v1/order/one-click', payload: body });
    const second = await guest.request({ method: 'POST', url: '/v1/order/one-click', payload: body });
    expect(second.json().order.id).toBe(first.json().order.id);
    expect(second.json().message).toBe('order/existing');
    expect(await stockOf(lemon().id)).toBe(before - 1);
  });

  it('refuses a wrong phone, a missing name and more than the stock, in Russian, and places nothing', async () => {
    const guest = createTestAgent(shop.app);
    const countBefore = (await shop.database.db.select({ id: orders.id }).from(orders)).length;
    const wrong = await oneClick(guest, { product_id: lemon().id, tel: '123', name: '' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.tel).toEqual(['Укажите российский номер: +7 и 10 цифр']);
    expect(wrong.json().errors.name[0]).toBe('Введите имя');
    const tooMany = await oneClick(guest, { product_id: lemon().id, quantity: 99 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().errors.quantity[0]).toMatch(/^В наличии \d+ шт\. — уменьшите количество$/);
    const missing = await oneClick(guest, { product_id: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect((await shop.database.db.select({ id: orders.id }).from(orders)).length).toBe(countBefore);
  });

  it('limits attempts per phone number from one visitor (and per visitor address)', async () => {
    const tel = '+7 903 777-00-00';
    const stranger = createTestAgent(shop.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await oneClick(stranger, { product_id: lemon().id, tel })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const visitor = createTestAgent(shop.app);
    const fromOneAddress: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      fromOneAddress.push((await oneClick(visitor, { product_id: lemon().id })).statusCode);
    }
    expect(fromOneAddress).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await oneClick(visitor, { product_id: lemon().id });
    expect(refused.json()).toEqual({ message: 'Too Many Attempts.' });
  });

  it('never lets strangers lock the owner of a phone out (issue 37, point 5)', async () => {
    const tel = '+7 903 777-55-44';
    // Three strangers, each from an address and a browser of its own, order with the victim's number.
    for (let stranger = 0; stranger < 3; stranger += 1)
      expect((await oneClick(createTestAgent(shop.app), { product_id: lemon().id, tel })).statusCode).toBe(
        200,
      );
    const owner = createTestAgent(shop.app);
    const own = await oneClick(owner, { product_id: lemon().id, tel, name: 'Вера' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().order.name).toBe('Вера');
  });

  it('scopes an idempotency key to its visitor: another guest with the same key never gets the first order (issue 37, point 11)', async () => {
    const key = randomUUID();
    const first = await oneClick(createTestAgent(shop.app), {
      idempotency_key: key,
      product_id: lemon().id,
      name: 'Первая',
      tel: '+7 916 000-11-22',
    });
    expect(first.statusCode).toBe(200);
    const second = await oneClick(createTestAgent(shop.app), {
      idempotency_key: key,
      product_id: lemon().id,
      name: 'Вторая',
      tel: '+7 916 000-33-44',
    });
    expect(second.statusCode, second.body).toBe(200);
    const answer = second.json();
    expect(answer.order.id).not.toBe(first.json().order.id);
    expect(answer.order.name).toBe('Вторая');
    expect(answer.key).not.toBe(first.json().key);
    expect(second.body).not.toContain('Первая');
    expect(second.body).not.toContain('000-11-22');
  });
});
