// The owner hears of new orders (decision 057): a letter and a Telegram message per order, queued in the outbox with
// the order; a one-click order says «перезвонить» and the phone; nothing when the owner has no address set.
import { randomUUID } from 'node:crypto';
import { formatRub } from '@efir/domain/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, courierMoscow, placeOrder } from '../../test/checkout.ts';
import { type DemoProduct, demoProducts, LAVENDER_URL } from '../../test/demo-products.ts';
import { createTestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { outbox } from '../mail/mail.table.ts';

const OWNER = 'owner@efir-shop.ru';
const CHAT = '700100200';

async function lettersTo(shop: TestApp, to: string) {
  return shop.database.db
    .select({ channel: outbox.channel, subject: outbox.subject, text: outbox.text, status: outbox.status })
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(outbox.id);
}

async function order(shop: TestApp, product: DemoProduct) {
  const buyer = createTestAgent(shop.app);
  await addToCart(buyer, product.id, 2);
  const placed = await placeOrder(buyer, courierMoscow(3));
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().order as { id: number; number: string; total: number };
}

async function oneClick(shop: TestApp, product: DemoProduct) {
  const answer = await createTestAgent(shop.app).request({
    method: 'POST',
    url: '/v1/order/one-click',
    payload: {
      idempotency_key: randomUUID(),
      name: 'Марина',
      tel: '+7 917 555-01-11',
      product_id: product.id,
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().order as { id: number; number: string };
}

describe('the owner’s notice of new orders, switched on', () => {
  let shop: TestApp;
  let lavender: DemoProduct;
  beforeAll(async () => {
    shop = await createTestApp({
      env: {
        OWNER_NOTIFY_EMAIL: OWNER,
        OWNER_TELEGRAM_CHAT_ID: CHAT,
        PUBLIC_URL: 'https://efir.example',
      },
    });
    lavender = (await demoProducts(shop.database.db, [LAVENDER_URL], { stock: 50 }))[LAVENDER_URL]!;
  });
  afterAll(() => shop.close());

  it('queues one letter and one Telegram message per order, with what was ordered and a link to it', async () => {
    const placed = await order(shop, lavender);
    const letters = await lettersTo(shop, OWNER);
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ channel: 'email', status: 'pending' });
    expect(letters[0]!.subject).toBe(`Новый заказ ${placed.number} на ${formatRub(placed.total)}`);
    expect(letters[0]!.text).toContain('Покупатель: Анна Смирнова, +7 (916) 111-22-33');
    expect(letters[0]!.text).toContain(`${lavender.name}`);
    expect(letters[0]!.text).toContain('Оплата: Банковский перевод (предоплата)');
    expect(letters[0]!.text).toContain(`https://efir.example/admin/orders/${placed.id}`);
    const messages = await lettersTo(shop, CHAT);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'telegram', subject: letters[0]!.subject });
  });

  it('marks a one-click order «перезвонить» with the phone', async () => {
    const placed = await oneClick(shop, lavender);
    const letters = await lettersTo(shop, OWNER);
    expect(letters).toHaveLength(2);
    expect(letters[1]!.subject).toBe(`Заказ в 1 клик ${placed.number} — перезвонить +7 (917) 555-01-11`);
    expect(letters[1]!.text).toContain('Доставку и оплату нужно согласовать по телефону.');
    expect(await lettersTo(shop, CHAT)).toHaveLength(2);
  });
});

describe('the owner’s notice of new orders, switched off', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(() => shop.close());

  it('queues nothing for the owner: the buyer’s letter is the only one', async () => {
    const lavender = (await demoProducts(shop.database.db, [LAVENDER_URL], { stock: 50 }))[LAVENDER_URL]!;
    await order(shop, lavender);
    await oneClick(shop, lavender);
    const all = await shop.database.db.select({ to: outbox.to, subject: outbox.subject }).from(outbox);
    expect(all.filter((row) => /Новый заказ|в 1 клик/.test(row.subject))).toEqual([]);
  });
});
