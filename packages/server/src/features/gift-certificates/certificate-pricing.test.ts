// Gift certificates are sold at face value (decision 050): the personal discount and promo codes reach the other
// lines only, promo minimums and gifts count the goods, not the certificates; «Купить в 1 клик» of a certificate
// is paid online first, and the payment issues it.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payOnTestGateway } from '../../test/checkout.ts';
import { demoProducts, LAVENDER_URL } from '../../test/demo-products.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../account/account.table.ts';
import { promoCodes } from '../cart/cart.table.ts';
import { products } from '../catalog/catalog.table.ts';
import { outbox } from '../mail/mail.table.ts';
import { giftCertificates } from './gift-certificates.table.ts';

let shop: TestApp;
let lavender = { id: 0, cena: 0 };
let certificate3000 = 0;

beforeAll(async () => {
  shop = await createTestApp();
  const db = shop.database.db;
  lavender = (await demoProducts(db, [LAVENDER_URL], { stock: 500 }))[LAVENDER_URL]!;
  await db.update(products).set({ cena: 1000, cenaSt: 0 }).where(eq(products.id, lavender.id));
  const [certificate] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.familyKey, 'sertifikat'), eq(products.cena, 3000)));
  certificate3000 = certificate!.id;
  await db.insert(promoCodes).values([
    { code: 'МИНУС20', conditionType: 'discount', percent: 20 },
    { code: 'ОТ2000', conditionType: 'discount', percent: 15, minTotal: 2000 },
  ]);
});

afterAll(() => shop.close());

async function add(agent: TestAgent, productId: number, quantity = 1) {
  const response = await agent.request({
    method: 'POST',
    url: `/v1/cart/${productId}`,
    payload: { quantity },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function cart(agent: TestAgent) {
  const response = await agent.request({ method: 'GET', url: '/v1/cart' });
  return response.json().cart as {
    lines: Array<{ id: number; price: number; sum: number }>;
    total: number;
    discount: number;
  };
}

const lineOf = (view: Awaited<ReturnType<typeof cart>>, id: number) =>
  view.lines.find((line) => line.id === id)!;

describe('certificates at face value', () => {
  it('the personal discount and a promo code reach the oils, not the certificate', async () => {
    const buyer = createTestAgent(shop.app);
    const { id } = await buyer.register();
    await shop.database.db.update(users).set({ skidka: 10 }).where(eq(users.id, id));
    await add(buyer, certificate3000);
    await add(buyer, lavender.id);
    const withDiscount = await cart(buyer);
    expect(lineOf(withDiscount, certificate3000)).toMatchObject({ price: 3000, sum: 3000 });
    expect(lineOf(withDiscount, lavender.id)).toMatchObject({ price: 900 });
    expect(withDiscount).toMatchObject({ total: 3900, discount: 100 });

    const promo = await buyer.request({
      method: 'PUT',
      url: '/v1/cart/promo/code',
      payload: { code: 'МИНУС20' },
    });
    expect(promo.json()).toMatchObject({ error: false });
    const withPromo = await cart(buyer);
    expect(lineOf(withPromo, certificate3000)).toMatchObject({ price: 3000 });
    expect(lineOf(withPromo, lavender.id)).toMatchObject({ price: 800 });
    expect(withPromo.total).toBe(3800);
  });

  it('a promo code does not apply to a cart of certificates only, and its minimum counts the goods', async () => {
    const guest = createTestAgent(shop.app);
    await add(guest, certificate3000);
    const alone = await guest.request({
      method: 'PUT',
      url: '/v1/cart/promo/code',
      payload: { code: 'МИНУС20' },
    });
    expect(alone.json()).toMatchObject({ error: true });
    // 3 000 ₽ of certificate and 1 000 ₽ of oil: the 2 000 ₽ minimum is not reached by the goods.
    await add(guest, lavender.id);
    const short = await guest.request({
      method: 'PUT',
      url: '/v1/cart/promo/code',
      payload: { code: 'ОТ2000' },
    });
    expect(short.json()).toMatchObject({ error: true });
    // Three bottles (the same line grows): 3 000 ₽ of goods.
    await add(guest, lavender.id, 2);
    const reached = await guest.request({
      method: 'PUT',
      url: '/v1/cart/promo/code',
      payload: { code: 'ОТ2000' },
    });
    expect(reached.json()).toMatchObject({ error: false });
    expect((await cart(guest)).total).toBe(3000 + 3 * 850);
  });

  it('«Купить в 1 клик» of a certificate: at face value, paid online by the link, and the payment issues it', async () => {
    const buyer = createTestAgent(shop.app);
    const { id } = await buyer.register();
    await shop.database.db.update(users).set({ skidka: 10 }).where(eq(users.id, id));
    const noEmail = await createTestAgent(shop.app).request({
      method: 'POST',
      url: '/v1/order/one-click',
      payload: {
        idempotency_key: randomUUID(),
        name: 'Марина',
        tel: '+7 916 700-00-01',
        product_id: certificate3000,
      },
    });
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json().errors.email).toEqual(['Укажите e-mail — на него придёт сертификат после оплаты']);

    const placed = await buyer.request({
      method: 'POST',
      url: '/v1/order/one-click',
      payload: {
        idempotency_key: randomUUID(),
        name: 'Марина',
        tel: '+7 916 700-00-02',
        product_id: certificate3000,
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order;
    expect(order).toMatchObject({ total: 3000, to_pay: 3000, payment_state: 'awaiting', call_back: false });
    const [letter] = await shop.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Заказ ${order.number} принят — ждёт оплаты`));
    expect(letter!.text).toContain(`/checkout/done?order=${order.id}`);

    await payOnTestGateway(shop.app, buyer, order.id);
    const issued = await shop.database.db
      .select()
      .from(giftCertificates)
      .where(eq(giftCertificates.orderId, order.id));
    expect(issued).toEqual([expect.objectContaining({ value: 3000, balance: 3000 })]);
  });
});
