// Shipment tracking: the moderator ships with a carrier and tracking number (and corrects it while the parcel is on
// its way), the customer sees the link (order page and letter); CDEK's ORDER_STATUS webhook and the poll of CDEK's order-status API — a local fake speaking CDEK API v2 —
// move the order to «Доставлен» only when CDEK's API says DELIVERED.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConfig } from '../../config.ts';
import { demoProducts, LEMON_URL } from '../../test/demo-products.ts';
import { type FakeCdekTracking, startFakeCdekTracking } from '../../test/fake-cdek-tracking.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createMailService } from '../mail/mail.service.ts';
import { outbox } from '../mail/mail.table.ts';
import { orders } from './orders.table.ts';
import { pollCdekParcels } from './shipment-tracking.ts';

const SECRET = 'cdek-hook-0123456789abcdef';
let shop: TestApp;
let moderator: TestAgent;
let cdek: FakeCdekTracking;
let productId = 0;
const CREATED = { code: 'CREATED', name: 'Создан', date_time: '2026-11-20T10:00:00+0300', city: 'Москва' };
const AT_POINT = {
  code: 'ACCEPTED_AT_PICK_UP_POINT',
  name: 'Принят в пункт выдачи',
  date_time: '2026-11-22T12:00:00+0300',
  city: 'Казань',
};
const DELIVERED = {
  code: 'DELIVERED',
  name: 'Вручен',
  date_time: '2026-11-23T15:30:00+0300',
  city: 'Казань',
};

beforeAll(async () => {
  cdek = await startFakeCdekTracking();
  shop = await createTestApp({
    env: { ...MODERATOR_ENV, CDEK_WEBHOOK_SECRET: SECRET },
    deps: {
      cdekTracking: cdek.client(),
    },
  });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  productId = (await demoProducts(shop.database.db, [LEMON_URL], { stock: 100 }))[LEMON_URL]!.id;
});

afterAll(async () => {
  await shop.close();
  await cdek.close();
});

/** A guest's order, confirmed by the moderator: ready to ship. */
async function confirmedOrder() {
  const guest = createTestAgent(shop.app);
  await guest.request({ method: 'POST', url: `/v1/cart/${productId}`, payload: { quantity: 1 } });
  const email = `parcel-${randomUUID().slice(0, 8)}@example.ru`;
  const placed = await guest.request({
    method: 'POST',
    url: '/v1/order',
    payload: {
      idempotency_key: randomUUID(),
      contact: { name: 'Анна', fam: 'Посылкина', email, tel: '+7 916 222-33-44' },
      delivery: {
        type: 2,
        sposob_dost: 1,
        sposob_oplat: 1,
        addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', flat: '12', zip: '115054' },
      },
    },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const { order, key } = placed.json() as { order: { id: number; number: string }; key: string };
  const confirmed = await setStatus(order.id, { status: 'confirmed' });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { order, key, guest, email };
}

function setStatus(orderId: number, payload: Record<string, unknown>) {
  return moderator.request({ method: 'PUT', url: `/api/v1/admin/orders/${orderId}/status`, payload });
}

function webhook(secret: string, cdekNumber: string, code: string) {
  return shop.app.inject({
    method: 'POST',
    url: `/api/v1/cdek/webhook/${secret}`,
    payload: {
      type: 'ORDER_STATUS',
      date_time: '2026-11-23T15:30:05+0300',
      uuid: randomUUID(),
      attributes: {
        is_return: false,
        cdek_number: cdekNumber,
        number: 'ЭФ-1',
        status_code: '4',
        status_date_time: '2026-11-23T15:30:00+0300',
        city_name: 'Казань',
        city_code: '424',
        code,
      },
    },
  });
}

async function statusOf(orderId: number) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

describe('shipment tracking', () => {
  it('shows the customer the carrier’s tracking link on the order and in the shipping letter', async () => {
    const { order, key, guest, email } = await confirmedOrder();
    const shipped = await setStatus(order.id, {
      status: 'shipped',
      carrier: 'cdek',
      tracking_number: '1106207236',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().order.history.at(-1).text).toBe(
      'Статус: Подтверждён → Отправлен; трек-номер СДЭК 1106207236',
    );

    const seen = await guest.request({ method: 'POST', url: `/v1/my-orders/${order.id}`, payload: { key } });
    expect(seen.json().order.tracking).toEqual({
      carrier: 'cdek',
      carrier_name: 'СДЭК',
      number: '1106207236',
      url: 'https://www.cdek.ru/ru/tracking?order_id=1106207236',
    });
    const [letter] = await shop.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Заказ ${order.number}: отправлен`));
    expect(letter!.to).toBe(email);
    expect(letter!.text).toContain(
      'Трек-номер СДЭК: 1106207236. Отследить посылку: https://www.cdek.ru/ru/tracking?order_id=1106207236',
    );
  });

  it('refuses a tracking number without a carrier, or before shipping, in Russian', async () => {
    const { order } = await confirmedOrder();
    const noCarrier = await setStatus(order.id, { status: 'shipped', tracking_number: '1106207236' });
    expect(noCarrier.statusCode).toBe(422);
    expect(noCarrier.json().errors.carrier).toEqual(['Выберите службу доставки']);
    const early = await setStatus(order.id, {
      status: 'cancelled',
      carrier: 'pochta',
      tracking_number: 'RA123456789RU',
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.tracking_number).toEqual(['Трек-номер указывают при отправке заказа']);
    const odd = await setStatus(order.id, {
      status: 'shipped',
      carrier: 'pochta',
      tracking_number: 'трек 1',
    });
    expect(odd.json().errors.tracking_number).toEqual(['Трек-номер — от 4 до 40 латинских букв и цифр']);
    expect((await statusOf(order.id)).status).toBe('confirmed');
  });

  it('lets the moderator correct a mistyped tracking number while the parcel is on its way: history, letter, new link', async () => {
    const { order, key, guest, email } = await confirmedOrder();
    const shipped = await setStatus(order.id, {
      status: 'shipped',
      carrier: 'cdek',
      tracking_number: '1106207299',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    await shop.database.db
      .update(orders)
      .set({ carrierStatus: 'CREATED', carrierCheckedAt: new Date() })
      .where(eq(orders.id, order.id));
    const correct = (payload: Record<string, unknown>) =>
      moderator.request({ method: 'PUT', url: `/api/v1/admin/orders/${order.id}/tracking`, payload });
    const letters = () =>
      shop.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.subject, `Заказ ${order.number}: новый трек-номер`));
    const pochta = {
      carrier: 'pochta',
      carrier_name: 'Почта России',
      number: 'RA123456789RU',
      url: 'https://www.pochta.ru/tracking?barcode=RA123456789RU',
    };

    const corrected = await correct({
      carrier: 'pochta',
      tracking_number: ' RA123456789RU ',
      comment: 'Ушло Почтой, не СДЭК',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().order.tracking).toEqual(pochta);
    expect(corrected.json().order.history.at(-1)).toMatchObject({
      text: 'Трек-номер исправлен: СДЭК 1106207299 → Почта России RA123456789RU',
      who: `Модератор № ${TEST_MODERATOR_ID}`,
      comment: 'Ушло Почтой, не СДЭК',
    });
    // The customer sees the new number and gets its link; CDEK's status of the old parcel is forgotten.
    const seen = await guest.request({ method: 'POST', url: `/v1/my-orders/${order.id}`, payload: { key } });
    expect(seen.json().order.tracking).toEqual(pochta);
    const [letter, ...more] = await letters();
    expect(more).toEqual([]);
    expect(letter!.to).toBe(email);
    expect(letter!.text).toContain(
      `Мы исправили трек-номер вашего заказа ${order.number}. Трек-номер Почта России: RA123456789RU. Отследить посылку: ${pochta.url}`,
    );
    expect(await statusOf(order.id)).toMatchObject({ carrierStatus: null, carrierCheckedAt: null });

    // The same number again (a double click) changes nothing and tells nobody.
    const again = await correct({ carrier: 'pochta', tracking_number: 'RA123456789RU' });
    expect(again.statusCode).toBe(200);
    expect(again.json().order.history).toHaveLength(corrected.json().order.history.length);
    expect(await letters()).toHaveLength(1);

    // Refused in Russian: a number that is not one, and any change once the parcel is delivered.
    const odd = await correct({ carrier: 'pochta', tracking_number: 'трек 1' });
    expect(odd.statusCode).toBe(422);
    expect(odd.json().errors.tracking_number).toEqual(['Трек-номер — от 4 до 40 латинских букв и цифр']);
    expect((await setStatus(order.id, { status: 'delivered' })).statusCode).toBe(200);
    const late = await correct({ carrier: 'cdek', tracking_number: '1106207236' });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.tracking_number).toEqual([
      'Трек-номер исправляют, пока заказ в пути (статус «Отправлен»), а этот — «Доставлен»',
    ]);
    expect((await statusOf(order.id)).trackingNumber).toBe('RA123456789RU');
    const missing = await moderator.request({
      method: 'PUT',
      url: '/api/v1/admin/orders/999999/tracking',
      payload: { carrier: 'cdek', tracking_number: '1106207236' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('moves the order to «Доставлен» on CDEK’s webhook only when CDEK’s API confirms the parcel was handed over', async () => {
    const { order, email } = await confirmedOrder();
    const number = '1106300001';
    await setStatus(order.id, { status: 'shipped', carrier: 'cdek', tracking_number: number });

    // Not our secret: as if there were no such address.
    expect((await webhook('not-the-secret-0000000', number, 'DELIVERED')).statusCode).toBe(404);
    const probe = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/cdek/webhook/guess',
      payload: { type: 1 },
    });
    expect(probe.statusCode).toBe(404);

    // The body says DELIVERED, CDEK's API says the parcel waits at the pickup point: the API is believed.
    cdek.parcels.set(number, [CREATED, AT_POINT]);
    const early = await webhook(SECRET, number, 'DELIVERED');
    expect(early.statusCode, early.body).toBe(200);
    expect(await statusOf(order.id)).toMatchObject({
      status: 'shipped',
      carrierStatus: 'ACCEPTED_AT_PICK_UP_POINT',
    });

    cdek.parcels.set(number, [CREATED, AT_POINT, DELIVERED]);
    const handed = await webhook(SECRET, number, 'DELIVERED');
    expect(handed.json()).toEqual({ status: 'delivered' });
    expect(await statusOf(order.id)).toMatchObject({ status: 'delivered', carrierStatus: 'DELIVERED' });
    // A repeated webhook changes nothing and is still answered 200, so CDEK stops sending it.
    const repeated = await webhook(SECRET, number, 'DELIVERED');
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toEqual({ status: 'ok' });

    const delivered = await shop.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Заказ ${order.number}: доставлен`));
    expect(delivered.map((letter) => letter.to)).toEqual([email]);
    const detail = await moderator.request({ method: 'GET', url: `/api/v1/admin/orders/${order.id}` });
    expect(detail.json().order.history.at(-1)).toMatchObject({
      who: 'Магазин (автоматически)',
      text: 'Статус: Отправлен → Доставлен',
      comment: 'СДЭК: посылка вручена получателю',
    });
  });

  it('answers webhooks of parcels it does not know with 200 and changes nothing', async () => {
    const answer = await webhook(SECRET, '9999999999', 'DELIVERED');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ignored' });
  });

  it('polls CDEK’s order-status API for shipped parcels and delivers those CDEK handed over', async () => {
    const waiting = await confirmedOrder();
    const handed = await confirmedOrder();
    await setStatus(waiting.order.id, { status: 'shipped', carrier: 'cdek', tracking_number: '1106400001' });
    await setStatus(handed.order.id, { status: 'shipped', carrier: 'cdek', tracking_number: '1106400002' });
    cdek.parcels.set('1106400001', [CREATED, AT_POINT]);
    cdek.parcels.set('1106400002', [CREATED, AT_POINT, DELIVERED]);

    const tracking = {
      db: shop.database.db,
      ordersAdmin: {
        db: shop.database.db,
        payments: { getOrderPayment: async () => null },
        mail: createMailService(shop.database.db, createTestConfig(), () => {}),
        log: shop.app.log,
        origin: 'http://localhost:3000',
        discountTiers: [],
      },
      cdek: cdek.client(),
      log: shop.app.log,
    };
    const pass = await pollCdekParcels(tracking as never, new Date(), 60 * 60_000);
    expect(pass.delivered).toBe(1);
    expect((await statusOf(waiting.order.id)).status).toBe('shipped');
    expect((await statusOf(handed.order.id)).status).toBe('delivered');
    // Asked a moment ago: the next pass within the hour leaves them alone.
    const next = await pollCdekParcels(tracking as never, new Date(), 60 * 60_000);
    expect(next.asked).toBe(0);
  });
});
