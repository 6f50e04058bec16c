// Two owner's journeys of issue 38 (decision 055), with the exact roubles at every step:
// 1. a one-click order → 1C takes it → the owner calls back and fills in delivery, a second bottle and a price agreed
//    on the phone → the customer gets one letter with the new contents → 1C's sale/query shows the new lines and total;
// 2. an order taken by phone for a new customer, paid online → the letter carries the payment link → the customer
//    pays by it on the test gateway → the order is paid.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../features/catalog/catalog.table.ts';
import { outbox } from '../features/mail/mail.table.ts';
import { orders } from '../features/orders/orders.table.ts';
import { connect1C } from '../test/fake-1c.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../test/test-agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const LAVENDER = { url: '/lavanda-uzkolistnaya-10-ml.html', cena: 1290 };
const EXCHANGE = { login: 'odin-c', password: 'journey-exchange-password' };

let shop: TestApp;
let moderator: TestAgent;
let lavenderId = 0;

beforeAll(async () => {
  shop = await createTestApp({
    env: { ...MODERATOR_ENV, EXCHANGE_LOGIN: EXCHANGE.login, EXCHANGE_PASSWORD: EXCHANGE.password },
  });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  const [row] = await shop.database.db
    .update(products)
    .set({ cena: LAVENDER.cena, cenaSt: 0, stock: 40 })
    .where(eq(products.url, LAVENDER.url))
    .returning({ id: products.id });
  lavenderId = row!.id;
});

afterAll(() => shop.close());

async function stock(): Promise<number> {
  const [row] = await shop.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, lavenderId));
  return row!.stock;
}

describe('journey: one click → 1C → the owner edits the order after the call → letter → 1C again', () => {
  it('1C receives the changed order with its new lines and total', async () => {
    // The owner connected 1C before this order (1C books the orders placed from then on).
    const connected = await connect1C(shop.app, { type: 'sale', ...EXCHANGE });
    expect((await connected.client!.call('mode=query')).body).not.toContain('<Документ>');
    const email = `marina.${randomUUID().slice(0, 8)}@example.ru`;
    const stockBefore = await stock();
    const oneClick = await createTestAgent(shop.app).request({
      method: 'POST',
      url: '/v1/order/one-click',
      payload: {
        idempotency_key: randomUUID(),
        product_id: lavenderId,
        quantity: 1,
        name: 'Марина',
        tel: '+7 916 700-33-44',
        email,
      },
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const placed = oneClick.json().order;
    expect(placed).toMatchObject({ call_back: true, total: 1290 });

    // 1C takes the one-click order as it was: 1 × 1 290 ₽.
    const first = await connect1C(shop.app, { type: 'sale', ...EXCHANGE });
    const firstQuery = (await first.client!.call('mode=query')).body;
    expect(firstQuery).toContain(`<Ид>${placed.id}</Ид>`);
    expect(firstQuery).toContain('<ЦенаЗаЕдиницу>1290</ЦенаЗаЕдиницу><Количество>1</Количество>');
    expect((await first.client!.call('mode=success')).body).toBe('success\n');
    const none = await connect1C(shop.app, { type: 'sale', ...EXCHANGE });
    expect((await none.client!.call('mode=query')).body).not.toContain('<Документ>');

    // The call: two bottles, 1 200 ₽ each as agreed, CDEK courier to Kazan for 450 ₽, paid on receipt.
    const edited = await moderator.request({
      method: 'PUT',
      url: `/api/v1/admin/orders/${placed.id}`,
      payload: {
        lines: [
          {
            product_id: lavenderId,
            quantity: 2,
            price: 1200,
            price_reason: 'скидка постоянной покупательнице',
          },
        ],
        delivery: {
          type: 6,
          sposob_dost: 6,
          address: { zip: '420111', city: 'Казань', street: 'ул. Баумана', house: '19', flat: '4' },
          price: 450,
        },
        recipient: { name: 'Марина', fam: 'Соколова', tel: '+7 916 700-33-44', email },
        sposob_oplat: 4,
        comment: 'Позвонить за час до приезда',
        reason: 'Перезвонили покупательнице',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const order = edited.json().order;
    // 2 × 1 200 = 2 400 ₽ of goods + 450 ₽ delivery = 2 850 ₽.
    expect(order).toMatchObject({
      goods_total: 2400,
      delivery_price: 450,
      total: 2850,
      call_back: false,
      fam: 'Соколова',
    });
    expect(order.delivery).toMatchObject({
      summary: 'Курьер CDEK — 420111, Казань, ул. Баумана, 19, 4',
      comment: 'Позвонить за час до приезда',
    });
    expect(await stock()).toBe(stockBefore - 2);
    const history = order.history.find((entry: { text: string }) => entry.text.startsWith('Заказ изменён'));
    expect(history.text).toMatch(/«Лаванда узколистная, 10 мл» 1 × 1\s290\s₽ → 2 × 1\s200\s₽/);
    expect(history.text).toMatch(/Стоимость доставки: 0\s₽ → 450\s₽/);
    expect(history.text).toMatch(/Итого: 1\s290\s₽ → 2\s850\s₽/);
    expect(history.comment).toBe('Перезвонили покупательнице');

    // One letter with the new contents.
    const letters = await shop.database.db.select().from(outbox).where(eq(outbox.to, email));
    const changed = letters.filter((letter) => letter.subject === `Заказ ${placed.number} изменён`);
    expect(changed).toHaveLength(1);
    expect(changed[0]!.text).toMatch(/Лаванда узколистная, 10 мл × 2 — 2\s400\s₽/);
    expect(changed[0]!.text).toMatch(/Итого: 2\s850\s₽/);

    // 1C's next sale/query carries the order again, with the new lines and total.
    const again = await connect1C(shop.app, { type: 'sale', ...EXCHANGE });
    const query = (await again.client!.call('mode=query')).body;
    const documents = query.split('<Документ>').slice(1);
    expect(documents).toHaveLength(1);
    expect(documents[0]).toContain(`<Ид>${placed.id}</Ид>`);
    expect(documents[0]).toContain('<Сумма>2850</Сумма>');
    expect(documents[0]).toContain(
      '<ЦенаЗаЕдиницу>1290</ЦенаЗаЕдиницу><Количество>2</Количество><Сумма>2400</Сумма>',
    );
    expect(documents[0]).toContain('<ЦенаЗаЕдиницу>450</ЦенаЗаЕдиницу>');
  });
});

describe('journey: an order taken by phone, paid online by the link in the letter', () => {
  it('the new customer pays by the link and the order is paid', async () => {
    const email = `pavel.${randomUUID().slice(0, 8)}@example.ru`;
    const created = await moderator.request({
      method: 'POST',
      url: '/api/v1/admin/orders',
      payload: {
        idempotency_key: randomUUID(),
        recipient: { name: 'Павел', fam: 'Никитин', tel: '+7 921 400-50-60', email },
        lines: [{ product_id: lavenderId, quantity: 3 }],
        delivery: {
          type: 5,
          sposob_dost: 7,
          pickup_point: 'СДЭК, Санкт-Петербург, Невский пр., 100',
          price: 300,
        },
        sposob_oplat: 5,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const answer = created.json();
    // A new customer: a guest order, 3 × 1 290 = 3 870 ₽ + 300 ₽.
    expect(answer).toMatchObject({ message: 'order/created', customer_id: null });
    expect(answer.order).toMatchObject({ total: 4170, payment_state: 'awaiting', status: 'new' });
    const link = new URL(answer.payment_link);
    expect(link.pathname).toBe('/checkout/done');

    const [letter] = await shop.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(letter!.subject).toBe(`Заказ ${answer.order.number} принят`);
    expect(letter!.text).toContain(answer.payment_link);

    // The customer opens the link: the order's page starts the payment with the key from the link (as checkout's
    // «Оплатить» does), and pays on the gateway.
    const customer = createTestAgent(shop.app);
    const started = await customer.request({
      method: 'PUT',
      url: '/v1/order/yookassa',
      payload: { order_id: answer.order.id, key: link.searchParams.get('key') },
    });
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
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, answer.order.id));
    expect(row).toMatchObject({ paymentState: 'paid', status: 'confirmed', total: 4170 });
    const letters = await shop.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(letters.map((item) => item.subject)).toContain(`Оплата заказа ${answer.order.number} получена`);
  });
});
