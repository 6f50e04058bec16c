// A journey across features, with the exact roubles at every step: a registered customer orders in one click, the
// moderator calls back and confirms, ships by CDEK with a tracking number, CDEK's webhook (checked against a local fake
// speaking CDEK API v2) marks the parcel handed over, the delivered order earns the personal discount, 1C takes the
// order through the sale exchange, the owner's «Сводка» counts it, and the customer's next cart carries the discount.
// Tiers (DISCOUNT_TIERS default): 3 % from 5 000 ₽ of completed orders.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../features/catalog/catalog.table.ts';
import { outbox } from '../features/mail/mail.table.ts';
import { orders } from '../features/orders/orders.table.ts';
import { connect1C } from '../test/fake-1c.ts';
import { type FakeCdekTracking, startFakeCdekTracking } from '../test/fake-cdek-tracking.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../test/test-agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const LAVENDER = { url: '/lavanda-uzkolistnaya-10-ml.html', cena: 1290 };
const CDEK_SECRET = 'journey-cdek-hook-0123456789';
const EXCHANGE = { login: 'odin-c', password: 'journey-exchange-password' };
const PARCEL = '1106400777';

let shop: TestApp;
let moderator: TestAgent;
let cdek: FakeCdekTracking;
let lavenderId = 0;
beforeAll(async () => {
  cdek = await startFakeCdekTracking();
  shop = await createTestApp({
    env: {
      ...MODERATOR_ENV,
      CDEK_WEBHOOK_SECRET: CDEK_SECRET,
      EXCHANGE_LOGIN: EXCHANGE.login,
      EXCHANGE_PASSWORD: EXCHANGE.password,
    },
    deps: {
      cdekTracking: cdek.client(),
    },
  });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  const [row] = await shop.database.db
    .update(products)
    .set({ cena: LAVENDER.cena, cenaSt: 0, stock: 40 })
    .where(eq(products.url, LAVENDER.url))
    .returning({ id: products.id });
  lavenderId = row!.id;
});

afterAll(async () => {
  await shop.close();
  await cdek.close();
});

interface Dashboard {
  totals: { orders: number; ordered: number };
  by_day: Array<{ orders: number; ordered: number }>;
  top_products: Array<{ product_id: number; quantity: number; revenue: number }>;
}

async function dashboard(): Promise<Dashboard> {
  const response = await moderator.request({ method: 'GET', url: '/api/v1/admin/dashboard?days=7' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function setStatus(orderId: number, payload: Record<string, unknown>) {
  const response = await moderator.request({
    method: 'PUT',
    url: `/api/v1/admin/orders/${orderId}/status`,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().order;
}

async function stock(): Promise<number> {
  const [row] = await shop.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, lavenderId));
  return row!.stock;
}

function cdekWebhook(code: string) {
  return shop.app.inject({
    method: 'POST',
    url: `/api/v1/cdek/webhook/${CDEK_SECRET}`,
    payload: {
      type: 'ORDER_STATUS',
      date_time: '2026-11-27T15:30:05+0300',
      uuid: randomUUID(),
      attributes: {
        is_return: false,
        cdek_number: PARCEL,
        code,
        status_date_time: '2026-11-27T15:30:00+0300',
      },
    },
  });
}

describe('journey: one click → call back → CDEK → delivered → discount → 1C → «Сводка» → next cart', () => {
  it('keeps the same roubles from the product page to the accountant and the owner', async () => {
    // The owner connected 1C before this order: its sale exchange has nothing to take yet.
    const first = await connect1C(shop.app, { type: 'sale', ...EXCHANGE });
    expect(first.client, first.answer).not.toBeNull();
    expect((await first.client!.call('mode=query')).body).not.toContain('<Документ>');

    const customer = createTestAgent(shop.app);
    const email = `tatiana.${randomUUID().slice(0, 8)}@example.ru`;
    await customer.register({ name: 'Татьяна', fam: 'Орлова', email });
    const before = await dashboard();
    const stockBefore = await stock();

    // «Купить в 1 клик» on the product page: 4 × 1 290 ₽ = 5 160 ₽, nothing for delivery until the call.
    const oneClick = await customer.request({
      method: 'POST',
      url: '/v1/order/one-click',
      payload: {
        idempotency_key: randomUUID(),
        product_id: lavenderId,
        quantity: 4,
        name: 'Татьяна',
        tel: '+7 916 700-11-22',
      },
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const placed = oneClick.json().order;
    expect(placed).toMatchObject({ status_name: 'Новый', call_back: true, goods_total: 5160, total: 5160 });
    expect(placed.lines).toEqual([
      expect.objectContaining({ id: lavenderId, quantity: 4, price: 1290, sum: 5160 }),
    ]);
    expect(await stock()).toBe(stockBefore - 4);
    // The customer is logged in: the order is theirs, in /my-orders without a key.
    const mine = await customer.request({ method: 'GET', url: '/v1/my-orders' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(JSON.stringify(mine.json())).toContain(placed.number);

    // The back office's «Ждут звонка»: the moderator calls, confirms; the flag goes.
    const waiting = await moderator.request({ method: 'GET', url: '/api/v1/admin/orders?call_back=1' });
    expect(waiting.json().orders.map((row: { id: number }) => row.id)).toContain(placed.id);
    await setStatus(placed.id, { status: 'confirmed', comment: 'Перезвонили: СДЭК до пункта выдачи' });
    const waitingAfter = await moderator.request({ method: 'GET', url: '/api/v1/admin/orders?call_back=1' });
    expect(waitingAfter.json().orders.map((row: { id: number }) => row.id)).not.toContain(placed.id);

    // Shipped by CDEK with a tracking number: the customer sees the link.
    await setStatus(placed.id, { status: 'shipped', carrier: 'cdek', tracking_number: PARCEL });
    const shippedView = await customer.request({
      method: 'POST',
      url: `/v1/my-orders/${placed.id}`,
      payload: {},
    });
    expect(shippedView.statusCode, shippedView.body).toBe(200);
    expect(shippedView.json().order.tracking).toMatchObject({
      carrier: 'cdek',
      number: PARCEL,
      url: `https://www.cdek.ru/ru/tracking?order_id=${PARCEL}`,
    });

    // CDEK says DELIVERED and its API confirms: the shop marks the order delivered by itself.
    cdek.parcels.set(PARCEL, [
      { code: 'CREATED', name: 'Создан', date_time: '2026-11-25T10:00:00+0300', city: 'Москва' },
      { code: 'DELIVERED', name: 'Вручен', date_time: '2026-11-27T15:30:00+0300', city: 'Москва' },
    ]);
    const hook = await cdekWebhook('DELIVERED');
    expect(hook.statusCode, hook.body).toBe(200);
    const [delivered] = await shop.database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(delivered).toMatchObject({ status: 'delivered', total: 5160 });
    const letters = await shop.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(letters.map((letter) => letter.subject)).toEqual(
      expect.arrayContaining([
        `Заказ ${placed.number} принят — мы перезвоним`,
        `Заказ ${placed.number}: отправлен`,
        `Заказ ${placed.number}: доставлен`,
      ]),
    );

    // 5 160 ₽ of completed orders: 3 % personal discount, 15 000 − 5 160 = 9 840 ₽ to the 5 % tier.
    const account = await customer.request({ method: 'GET', url: '/v1/my-account' });
    expect(account.json().skidka).toMatchObject({
      percent: 3,
      completed_total: 5160,
      next: { percent: 5, remaining: 9840 },
    });

    // 1C takes the order with the same sum, and does not take it twice.
    const sale = await connect1C(shop.app, { type: 'sale', ...EXCHANGE });
    const query = (await sale.client!.call('mode=query')).body;
    const documents = query.split('<Документ>').slice(1);
    expect(documents).toHaveLength(1);
    expect(documents[0]).toContain(`<Ид>${placed.id}</Ид>`);
    expect(documents[0]).toContain('<Сумма>5160</Сумма>');
    expect(documents[0]).toContain('<ЦенаЗаЕдиницу>1290</ЦенаЗаЕдиницу><Количество>4</Количество>');
    expect((await sale.client!.call('mode=success')).body).toBe('success\n');
    const again = await connect1C(shop.app, { type: 'sale', ...EXCHANGE });
    expect((await again.client!.call('mode=query')).body).not.toContain('<Документ>');

    // The owner's «Сводка»: one more order today, 5 160 ₽ more «Заказано на сумму», four more bottles of lavender.
    const after = await dashboard();
    expect(after.totals.orders).toBe(before.totals.orders + 1);
    expect(after.totals.ordered).toBe(before.totals.ordered + 5160);
    expect(after.by_day.at(-1)!.ordered).toBe(before.by_day.at(-1)!.ordered + 5160);
    const lavenderBefore = before.top_products.find((row) => row.product_id === lavenderId)?.quantity ?? 0;
    expect(after.top_products.find((row) => row.product_id === lavenderId)?.quantity).toBe(
      lavenderBefore + 4,
    );

    // The next cart: floor(0.97 × 1 290) = 1 251 ₽ a bottle, 2 × 1 251 = 2 502 ₽.
    const cart = await customer.request({
      method: 'POST',
      url: `/v1/cart/${lavenderId}`,
      payload: { quantity: 2 },
    });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json().cart).toMatchObject({ subtotal: 2580, total: 2502, discount: 78, skidka: 3 });
  });
});
