// Abandoned-cart reminders: exact lines and roubles, once per cart state, never for goods bought since, only with
// mailings consent; the letter's unsubscribe link works without logging in and turns the reminders off.
import { randomUUID } from 'node:crypto';
import { formatRub } from '@efir/domain/money';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConfig } from '../../config.ts';
import { type DemoProduct, demoProducts, LAVENDER_URL, LEMON_URL } from '../../test/demo-products.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createMailService } from '../mail/mail.service.ts';
import { outbox } from '../mail/mail.table.ts';
import { unsubscribeUrl } from '../mail/unsubscribe.ts';
import { buyerHasOrdered } from '../orders/orders.service.ts';
import { orders } from '../orders/orders.table.ts';
import { remindAbandonedCarts } from './abandoned-cart.ts';
import { createCartService } from './cart.service.ts';
import { cartLines, carts } from './cart.table.ts';

const ORIGIN = 'https://efir.test';
const SUBJECT = 'Вы оставили товары в корзине';
let shop: TestApp;
let product: Record<string, DemoProduct>;

beforeAll(async () => {
  shop = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
  product = await demoProducts(shop.database.db, [LAVENDER_URL, LEMON_URL], { stock: 500 });
});

afterAll(() => shop.close());

const lavender = () => product[LAVENDER_URL]!;
const lemon = () => product[LEMON_URL]!;
const hoursLater = (hours: number) => new Date(Date.now() + hours * 60 * 60 * 1000);

function remind(now: Date) {
  const db = shop.database.db;
  const secret = createTestConfig().JWT_SECRET!;
  return remindAbandonedCarts(
    {
      db,
      cart: createCartService(db, { buyerHasOrdered }),
      mail: createMailService(db, { PUBLIC_URL: ORIGIN }),
      origin: ORIGIN,
      hours: 24,
      unsubscribeUrl: (userId) => unsubscribeUrl(ORIGIN, secret, userId),
    },
    now,
  );
}

async function customerWithCart(lines: Array<[productId: number, quantity: number]>) {
  const browser = createTestAgent(shop.app);
  const { id, email } = await browser.register();
  for (const [productId, quantity] of lines) {
    const added = await browser.request({
      method: 'POST',
      url: `/v1/cart/${productId}`,
      payload: { quantity },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  return { browser, id, email };
}

const cartOf = (userId: number) =>
  shop.database.db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));

const reminders = (email: string) =>
  shop.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.subject, SUBJECT)))
    .orderBy(outbox.id);

async function mailings(browser: TestAgent): Promise<boolean> {
  return (await browser.request({ method: 'GET', url: '/v1/my-settings' })).json().settings.mailings;
}

describe('abandoned cart', () => {
  it('one reminder after the quiet time, with the lines and roubles, again only when the cart changes', async () => {
    const { browser, email } = await customerWithCart([
      [lavender().id, 2],
      [lemon().id, 1],
    ]);
    await remind(hoursLater(23));
    expect(await reminders(email)).toHaveLength(0);

    await remind(hoursLater(25));
    const [letter] = await reminders(email);
    expect(letter).toBeDefined();
    // The seed's prices for a customer without a personal discount: 2 × 490 ₽ and 1 × 320 ₽.
    expect(letter!.text).toContain(
      [
        'В вашей корзине остались товары:',
        `• Лаванда узколистная, 10 мл — 2 × ${formatRub(490)} = ${formatRub(980)}`,
        `• Лимон, 10 мл — 1 × ${formatRub(320)} = ${formatRub(320)}`,
        '',
        `Итого: ${formatRub(1300)}`,
      ].join('\n'),
    );
    expect(letter!.text).toContain(`Вернуться к корзине: ${ORIGIN}/cart`);
    expect(letter!.html).toContain(`href="${ORIGIN}/cart"`);
    expect(letter!.html).toContain(formatRub(1300));
    expect(letter!.headers['List-Unsubscribe']).toMatch(
      new RegExp(`^<${ORIGIN}/unsubscribe/\\d+\\.[\\w-]{32}>$`),
    );
    expect(letter!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // The same cart again, however long it waits: no second letter.
    await remind(hoursLater(26));
    await remind(hoursLater(24 * 7));
    expect(await reminders(email)).toHaveLength(1);

    // Another lemon: a new cart state, its own reminder once it has been quiet long enough.
    await browser.request({ method: 'POST', url: `/v1/cart/${lemon().id}`, payload: { quantity: 1 } });
    await remind(hoursLater(25));
    const letters = await reminders(email);
    expect(letters).toHaveLength(2);
    expect(letters[1]!.text).toContain(`• Лимон, 10 мл — 2 × ${formatRub(320)} = ${formatRub(640)}`);
    expect(letters[1]!.text).toContain(`Итого: ${formatRub(1620)}`);
  });

  it('leaves out goods bought since they were put in the cart; nothing when all were bought', async () => {
    const db = shop.database.db;
    const { browser, id, email } = await customerWithCart([[lavender().id, 1]]);
    // Lavender is ordered; the cart then holds it again as it was before the order (a line put there earlier,
    // on another device, say) and lemon put there after the order.
    const order = await placeOrder(browser);
    for (const [productId, quantity] of [
      [lavender().id, 1],
      [lemon().id, 3],
    ] as const) {
      await browser.request({ method: 'POST', url: `/v1/cart/${productId}`, payload: { quantity } });
    }
    const [placed] = await db
      .select({ createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.id, order.id));
    await db
      .update(cartLines)
      .set({ addedAt: new Date(placed!.createdAt.getTime() - 60 * 60 * 1000) })
      .where(and(eq(cartLines.productId, lavender().id), inArray(cartLines.cartId, cartOf(id))));
    await remind(hoursLater(25));
    const [letter] = await reminders(email);
    expect(letter!.text).not.toContain(lavender().name);
    expect(letter!.text).toContain(
      `• ${lemon().name}, ${lemon().volume} — 3 × ${formatRub(lemon().cena)} = ${formatRub(lemon().cena * 3)}`,
    );
    expect(letter!.text).toContain(`Итого: ${formatRub(lemon().cena * 3)}`);

    // Everything in the cart was bought since: no letter at all.
    const other = await customerWithCart([[lavender().id, 1]]);
    const second = await placeOrder(other.browser);
    await other.browser.request({
      method: 'POST',
      url: `/v1/cart/${lavender().id}`,
      payload: { quantity: 1 },
    });
    const [secondPlaced] = await db
      .select({ createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.id, second.id));
    await db
      .update(cartLines)
      .set({ addedAt: new Date(secondPlaced!.createdAt.getTime() - 60 * 60 * 1000) })
      .where(inArray(cartLines.cartId, cartOf(other.id)));
    await remind(hoursLater(25));
    expect(await reminders(other.email)).toHaveLength(0);
  });

  it('only with mailings consent; the letter’s unsubscribe link works without login', async () => {
    const refused = await customerWithCart([[lemon().id, 1]]);
    await refused.browser.request({ method: 'POST', url: '/v1/user/mailings', payload: { mailings: false } });
    await remind(hoursLater(25));
    expect(await reminders(refused.email)).toHaveLength(0);

    const customer = await customerWithCart([[lavender().id, 1]]);
    await remind(hoursLater(25));
    const [letter] = await reminders(customer.email);
    const link = /Отписаться от рассылки: (\S+)/.exec(letter!.text)?.[1];
    expect(link).toBe(letter!.headers['List-Unsubscribe']!.slice(1, -1));
    const path = new URL(link!).pathname;

    // Opening the link (a mail scanner does too) changes nothing; the button or a mail client's one-click does.
    const page = await shop.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Отписаться от рассылки?');
    expect(await mailings(customer.browser)).toBe(true);
    const oneClick = await shop.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('Вы отписались от рассылки');
    expect(await mailings(customer.browser)).toBe(false);

    // A changed cart of an unsubscribed customer: no reminder.
    await customer.browser.request({
      method: 'POST',
      url: `/v1/cart/${lemon().id}`,
      payload: { quantity: 1 },
    });
    await remind(hoursLater(25));
    expect(await reminders(customer.email)).toHaveLength(1);

    // A forged or altered token is refused.
    const forged = path.replace(/\d+\./, `${customer.id + 1}.`);
    expect((await shop.app.inject({ method: 'POST', url: forged })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url: '/unsubscribe/1.abc' })).statusCode).toBe(404);
  });
});

/** The customer orders the whole cart through checkout (the cart is emptied). */
async function placeOrder(browser: TestAgent) {
  const response = await browser.request({
    method: 'POST',
    url: '/v1/order',
    payload: {
      idempotency_key: randomUUID(),
      contact: {
        name: 'Анна',
        fam: 'Покупатель',
        email: `buyer.${randomUUID().slice(0, 8)}@example.ru`,
        tel: '+7 916 000-11-22',
      },
      delivery: {
        type: 2,
        sposob_dost: 1,
        sposob_oplat: 1,
        addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', flat: '12', zip: '115054' },
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().order as { id: number };
}
