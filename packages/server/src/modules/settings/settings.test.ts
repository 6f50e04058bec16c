// The owner's settings (issue 39 point 8, decision 060) over HTTP: only the back office may read or change them; bad
// requisites are refused with Russian messages per field; a save is audited and, without a restart, the /kontakt
// page, the header and footer, a letter, the YML feed and checkout's free-delivery threshold all show it.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PREFIX } from '../../back-office/admin.routes.ts';
import { auditLog } from '../../back-office/admin.table.ts';
import { outbox } from '../../features/mail/mail.table.ts';
import { addToCart, courierMoscow, placeOrder } from '../../test/checkout.ts';
import { demoProducts, LAVENDER_URL } from '../../test/demo-products.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createSourceSsrOptions } from '../../test/page-renderer.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let shop: TestApp;
let moderator: TestAgent;

beforeAll(async () => {
  // Pages, answers and feeds are kept in memory as in production: the save must drop them.
  shop = await createTestApp({
    deps: { ssr: await createSourceSsrOptions() },
    env: { ...MODERATOR_ENV, PAGE_CACHE_TTL_MS: '600000' },
  });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
});
afterAll(() => shop?.close());

type Settings = Record<string, unknown> & { requisites: Record<string, string> };

async function currentSettings(): Promise<Settings> {
  const response = await moderator.request({ method: 'GET', url: `${ADMIN_PREFIX}/settings` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().settings;
}

function save(settings: unknown, agent: TestAgent = moderator) {
  return agent.request({ method: 'PUT', url: `${ADMIN_PREFIX}/settings`, payload: settings as object });
}

/** The page as a visitor reads it: server-rendered, tags dropped, spaces plain. */
async function pageText(url: string): Promise<string> {
  const response = await shop.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(response.statusCode, url).toBe(200);
  return response.body
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&#(\d+);/g, (_whole, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

async function courierMoscowOption(agent: TestAgent) {
  const response = await agent.request({
    method: 'POST',
    url: '/api/v1/calculator/courier-cost',
    payload: { zip: '115054' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().options.find((option: { type: number }) => option.type === 1);
}

describe('who may touch the settings', () => {
  it('answers 401 to a guest and 403 to a customer, for reading and saving alike', async () => {
    const settings = await currentSettings();
    const guest = createTestAgent(shop.app);
    expect((await guest.request({ method: 'GET', url: `${ADMIN_PREFIX}/settings` })).statusCode).toBe(401);
    expect((await save(settings, guest)).statusCode).toBe(401);
    const customer = await signInAs(shop.app, shop.database.db, 910_777);
    expect((await customer.request({ method: 'GET', url: `${ADMIN_PREFIX}/settings` })).statusCode).toBe(403);
    const refused = await save({ ...settings, name: 'Чужой магазин' }, customer);
    expect(refused.statusCode).toBe(403);
    expect((await currentSettings()).name).toBe(settings.name);
  });
});

describe('requisites are checked as a bank checks them', () => {
  it('refuses a mistyped ИНН, БИК and account with a Russian message on each field, and keeps the old ones', async () => {
    const settings = await currentSettings();
    const response = await save({
      ...settings,
      requisites: {
        ...settings.requisites,
        // One digit off a valid ИНН, a БИК of 8 digits, an account whose key does not match the БИК.
        inn: '7707083894',
        bik: '04452522',
        account: '40702810938000000001',
      },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe('The given data was invalid.');
    expect(body.errors['requisites.inn']).toEqual([
      'ИНН: 10 или 12 цифр с верным контрольным числом — проверьте, нет ли опечатки',
    ]);
    expect(body.errors['requisites.bik']).toEqual(['БИК: 9 цифр']);
    expect((await currentSettings()).requisites.inn).toBe(settings.requisites.inn);
  });

  it('refuses an account that does not match a valid БИК, and a 12-digit ИНН with a wrong check digit', async () => {
    const settings = await currentSettings();
    const response = await save({
      ...settings,
      requisites: {
        ...settings.requisites,
        inn: '500100732258',
        bik: '044525225',
        account: '40702810938000000002',
        correspondentAccount: '30101810400000000225',
      },
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors;
    expect(errors['requisites.inn']).toHaveLength(1);
    expect(errors['requisites.account']).toEqual([
      'Расчётный счёт не сходится с БИК: проверьте обе цифры — счёт или БИК',
    ]);
    expect(errors['requisites.correspondentAccount']).toBeUndefined();
  });
});

describe('a saved setting is everywhere at once, without a restart', () => {
  it('shows the new phone, name, e-mail, requisites and free-delivery threshold on pages, letters, feeds and checkout', async () => {
    // Read everything once, so each of them is cached before the save.
    const before = await pageText('/kontakt.html');
    expect(before).toContain('+7 (800) 555-18-24');
    expect(before).toContain('7700000009');
    expect(before).not.toContain('{{');
    expect(await pageText('/akcii')).toMatch(/от 5 000 ₽\s*3 %/);
    const feedBefore = await shop.app.inject({ method: 'GET', url: '/yml.xml' });
    expect(feedBefore.body).toContain('<name>Эфир</name>');
    const { [LAVENDER_URL]: lavender } = await demoProducts(shop.database.db, [LAVENDER_URL], { stock: 50 });
    const buyer = createTestAgent(shop.app);
    await addToCart(buyer, lavender!.id, 1);
    expect(lavender!.cena).toBeLessThan(5000);
    const courierBefore = await courierMoscowOption(buyer);
    expect(courierBefore).toMatchObject({ free: false, freeFrom: 5000 });

    const settings = await currentSettings();
    const changed = {
      ...settings,
      name: 'Эфир и Ко',
      email: 'hello@efir-i-ko.ru',
      ownerEmail: 'owner@efir-i-ko.ru',
      phones: [
        { phone: '8 (812) 300-40-50', note: 'Санкт-Петербург' },
        { phone: '+7 800 100-20-30', note: 'бесплатно по России' },
      ],
      requisites: {
        ...settings.requisites,
        company: 'ООО «Эфир и Ко»',
        inn: '7707083893',
        ogrn: '1027700132195',
        bank: 'ПАО Сбербанк, г. Москва',
        bik: '044525225',
        account: '40702810938000000001',
        correspondentAccount: '30101810400000000225',
      },
      discountTiers: [
        { from: 1000, percent: 4 },
        { from: 9000, percent: 8 },
      ],
      freeDeliveryFrom: (settings.freeDeliveryFrom as Array<{ kind: number; from: number | null }>).map(
        (entry) => (entry.kind === 1 ? { kind: 1, from: lavender!.cena } : entry),
      ),
    };
    const saved = await save(changed);
    expect(saved.statusCode, saved.body).toBe(200);
    // Stored as normalised +7 numbers.
    expect(saved.json().settings.phones[0].phone).toBe('+78123004050');

    const kontakt = await pageText('/kontakt.html');
    expect(kontakt).toContain('+7 (812) 300-40-50');
    expect(kontakt).toContain('+7 (800) 100-20-30');
    expect(kontakt).toContain('hello@efir-i-ko.ru');
    expect(kontakt).toContain('7707083893');
    expect(kontakt).toContain('40702810938000000001 в ПАО Сбербанк');
    expect(kontakt).not.toContain('7700000009');
    expect(kontakt).not.toContain('+7 (800) 555-18-24');
    // The header and footer of every page, from the critical data.
    expect(kontakt).toMatch(/© 2016–\s*\d{4}\s*Эфир и Ко/);
    expect(kontakt).toMatch(/^\s*Контакты — [^|]+\| Эфир и Ко /);
    expect(kontakt).not.toContain('+7 (495) 120-45-67');
    const critical = await shop.app.inject({ method: 'GET', url: '/api/v1/critical' });
    expect(critical.json().shop).toMatchObject({ name: 'Эфир и Ко', email: 'hello@efir-i-ko.ru' });
    expect(JSON.stringify(critical.json())).not.toContain('owner@efir-i-ko.ru');

    // The discount tiers: /akcii prints the tiers in force.
    const akcii = await pageText('/akcii');
    expect(akcii).toMatch(/от 1 000 ₽\s*4 %/);
    expect(akcii).toMatch(/от 9 000 ₽\s*8 %/);
    expect(akcii).not.toMatch(/от 5 000 ₽\s*3 %/);

    const feed = await shop.app.inject({ method: 'GET', url: '/yml.xml' });
    expect(feed.body).toContain('<name>Эфир и Ко</name>');
    expect(feed.body).toContain('<company>ООО «Эфир и Ко»</company>');
    expect(feed.body).toContain('<email>hello@efir-i-ko.ru</email>');

    const courierAfter = await courierMoscowOption(buyer);
    expect(courierAfter).toMatchObject({ free: true, price: 0, freeFrom: lavender!.cena });
    const placed = await placeOrder(buyer, courierMoscow(3));
    expect(placed.statusCode, placed.body).toBe(200);
    const { order } = placed.json();
    expect(order.delivery_price).toBe(0);
    expect(order.invoice.recipient).toMatchObject({ inn: '7707083893', bik: '044525225' });
    const [letter] = await shop.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Заказ ${order.number} принят`));
    expect(letter?.html).toContain('Интернет-магазин «Эфир и Ко»');
    expect(letter?.html).toContain('+7 (812) 300-40-50');
    expect(letter?.text).toContain('БИК 044525225');

    const [audit] = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.action, 'settings.update')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.userId).toBe(TEST_MODERATOR_ID);
    expect(audit?.before).toMatchObject({ name: 'Эфир' });
    expect(audit?.after).toMatchObject({ name: 'Эфир и Ко', ownerEmail: 'owner@efir-i-ko.ru' });
  });
});
