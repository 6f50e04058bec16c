// «Отметить оплату» (issue 38 point 3): a bank-transfer order paid in two parts by a moderator — the order is paid
// when the parts cover it, the customer hears, the history and audit say it, a double click records once, more than
// is left or a day in the future is refused in its field, a card order is not marked by hand; and the journey: a
// customer's transfer marked paid and delivered counts towards the personal discount.
import { randomUUID } from 'node:crypto';
import { formatDateShort } from '@efir/domain/dates';
import { formatRub } from '@efir/domain/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../back-office/admin.table.ts';
import { CONTACT, courierMoscow } from '../../test/checkout.ts';
import { demoProducts, LAVENDER_URL } from '../../test/demo-products.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { outbox } from '../mail/mail.table.ts';
import { moscowDay } from './received-payments.ts';

const ADMIN = '/api/v1/admin';
const TRANSFER = 3;
const CARD = 5;
let shop: TestApp;
let moderator: TestAgent;
let lavender: number;

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  const products = await demoProducts(shop.database.db, [LAVENDER_URL], { stock: 500 });
  lavender = products[LAVENDER_URL]!.id;
});

afterAll(() => shop.close());

async function order(agent: TestAgent, payment: number, quantity = 2) {
  const added = await agent.request({ method: 'POST', url: `/v1/cart/${lavender}`, payload: { quantity } });
  expect(added.statusCode, added.body).toBe(200);
  const placed = await agent.request({
    method: 'POST',
    url: '/v1/order',
    payload: {
      idempotency_key: randomUUID(),
      contact: { ...CONTACT, email: `buyer.${randomUUID().slice(0, 8)}@example.ru` },
      delivery: courierMoscow(payment),
    },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().order as { id: number; number: string; total: number; email: string };
}

function mark(orderId: number, body: Record<string, unknown>) {
  return moderator.request({
    method: 'POST',
    url: `${ADMIN}/orders/${orderId}/received-payments`,
    payload: { key: randomUUID(), received_on: moscowDay(new Date()), ...body },
  });
}

describe('a bank transfer marked paid', () => {
  it('in two parts: «осталось» after the first, «Оплачен» after the second, with letters and history', async () => {
    const placed = await order(createTestAgent(shop.app), TRANSFER);
    const before = await moderator.request({
      method: 'GET',
      url: `${ADMIN}/orders/${placed.id}/received-payments`,
    });
    expect(before.json().payments).toMatchObject({
      method_name: 'Банковский перевод по счёту',
      can_mark: true,
      to_pay: placed.total,
      received: 0,
      left: placed.total,
    });

    const key = randomUUID();
    const first = await mark(placed.id, { amount: 1000, key, comment: 'Платёжка № 17' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().payments).toMatchObject({
      received: 1000,
      left: placed.total - 1000,
      can_mark: true,
    });
    expect(first.json().order.payment_state).toBe('not_required');
    // The same confirmed form sent again (a double click) records nothing more.
    const again = await mark(placed.id, { amount: 1000, key });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().payments.received).toBe(1000);

    const tooMuch = await mark(placed.id, { amount: placed.total });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount[0]).toMatch(/^Больше, чем осталось получить: /);

    const rest = await mark(placed.id, { amount: placed.total - 1000 });
    expect(rest.statusCode, rest.body).toBe(200);
    const paid = rest.json();
    expect(paid.payments).toMatchObject({ received: placed.total, left: 0, can_mark: false });
    expect(paid.order).toMatchObject({ payment_state: 'paid', payment_state_name: 'Оплачен' });
    expect(paid.order.paid_at).not.toBeNull();
    const texts = paid.order.history.map((entry: { text: string }) => entry.text);
    expect(texts).toContain(
      `Получена оплата ${formatRub(1000)} от ${formatDateShort(new Date())} (банковский перевод по счёту); осталось ${formatRub(placed.total - 1000)}`,
    );
    expect(texts.at(-1)).toMatch(/ — заказ оплачен$/);

    const letters = await shop.database.db.select().from(outbox).where(eq(outbox.to, placed.email));
    const subjects = letters.map((letter) => letter.subject);
    expect(subjects).toContain(`Получена часть оплаты заказа ${placed.number}`);
    expect(subjects).toContain(`Оплата заказа ${placed.number} получена`);

    const audit = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(placed.id)), eq(auditLog.action, 'order.payment_received')));
    expect(audit).toHaveLength(2);
    expect(audit.every((row) => row.userId === TEST_MODERATOR_ID)).toBe(true);

    const once = await mark(placed.id, { amount: 1 });
    expect(once.statusCode).toBe(409);
    expect(once.json().message).toBe('Заказ уже оплачен');
  });

  it('refuses a day in the future in its field, and a card order', async () => {
    const transfer = await order(createTestAgent(shop.app), TRANSFER, 1);
    const tomorrow = moscowDay(new Date(Date.now() + 86_400_000));
    const future = await mark(transfer.id, { amount: 100, received_on: tomorrow });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.received_on).toEqual(['Дата оплаты не может быть позже сегодняшней']);
    const noAmount = await mark(transfer.id, { amount: 0 });
    expect(noAmount.statusCode).toBe(422);
    expect(noAmount.json().errors.amount).toEqual(['Сумма должна быть больше нуля']);

    const card = await order(createTestAgent(shop.app), CARD, 1);
    const refused = await mark(card.id, { amount: 100 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/картой онлайн/);
  });
});

describe('journey: a transfer marked paid counts towards the personal discount once delivered', () => {
  it('register → order by transfer → marked paid → shipped → delivered → 3 %', async () => {
    const customer = createTestAgent(shop.app);
    await customer.register();
    // 12 × lavender is over the first tier (5 000 ₽).
    const placed = await order(customer, TRANSFER, 12);
    expect(placed.total).toBeGreaterThanOrEqual(5000);
    expect((await mark(placed.id, { amount: placed.total })).statusCode).toBe(200);
    for (const status of ['confirmed', 'shipped', 'delivered']) {
      const moved = await moderator.request({
        method: 'PUT',
        url: `${ADMIN}/orders/${placed.id}/status`,
        payload: { status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const account = await customer.request({ method: 'GET', url: '/v1/my-account' });
    expect(account.json().skidka.percent).toBe(3);
    const orders = await customer.request({ method: 'GET', url: '/v1/my-orders' });
    expect(orders.statusCode, orders.body).toBe(200);
  });
});
