// The 1C exchange end to end: a fake 1C drives checkauth → init → file (chunks) → import with CommerceML 2.05 and
// 2.10 packages (full and partial, split files, a picture, characteristics, two warehouses, UTF-8 and Windows-1251),
// then the catalogue, prices, stock, waitlist letters and orders are checked; hostile packages change nothing.
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { desc, eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestConfig } from '../../config.ts';
import { createMemoryRateLimiter } from '../../lib/rate-limiter.ts';
import { useExchangeShop } from '../../test/exchange-shop.ts';
import { connect1C, importXml, OLD, offersXml, ordersXml, RETAIL } from '../../test/fake-1c.ts';
import { signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent } from '../../test/test-agent.ts';
import { categories, products } from '../catalog/catalog.table.ts';
import { createMailService } from '../mail/mail.service.ts';
import { outbox } from '../mail/mail.table.ts';
import { orders } from '../orders/orders.table.ts';
import { createExchangeService } from './exchange.service.ts';

const LOGIN = 'site-exchange';
const PASSWORD = 'Obmen-s-1C-2026';
const shop = useExchangeShop({
  login: LOGIN,
  password: PASSWORD,
  env: {
    EXCHANGE_PRICE_TYPE: 'Розничная',
    EXCHANGE_OLD_PRICE_TYPE: OLD,
    // The answer cache on, as in production: 1C's price must still show at once.
    PAGE_CACHE_TTL_MS: '60000',
  },
});
const { catalog1C, byExternal } = shop;

/** The exchange service alone, on the shop's database, with settings of its own. */
function serviceWith(env: Record<string, string>) {
  return createExchangeService({
    db: shop.database.db,
    config: createTestConfig({ DATA_DIR: shop.dataDir, ...env }),
    limiter: createMemoryRateLimiter(),
    content: { invalidate() {} },
    mail: createMailService(shop.database.db, createTestConfig()),
    origin: 'http://localhost',
    log: shop.app.log,
    orders: { changeStatus: async () => {}, markPaid: async () => {} },
  });
}

const GROUPS = [
  {
    id: 'grp-oils',
    name: 'Эфирные масла 1С',
    children: [{ id: 'grp-citrus', name: 'Цитрусовые' }],
  },
];

const PROPERTIES = [
  { id: 'prop-country', name: 'Страна', values: { 'val-italy': 'Италия', 'val-france': 'Франция' } },
  { id: 'prop-latin', name: 'Латинское название' },
  { id: 'prop-aroma', name: 'Аромат' },
];

async function picture(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#6b8e23' } })
    .jpeg()
    .toBuffer();
}

describe('protocol', () => {
  it('refuses a wrong password and calls without a session, answering as 1C expects', async () => {
    const wrong = await connect1C(shop.app, { type: 'catalog', login: LOGIN, password: 'не тот' });
    expect(wrong.client).toBeNull();
    expect(wrong.answer).toBe('failure\nНеверный логин или пароль обмена');
    const noSession = await shop.app.inject({ method: 'GET', url: '/1c_exchange?type=catalog&mode=init' });
    expect(noSession.statusCode).toBe(401);
    expect(noSession.body).toMatch(/^failure\n/);
  });

  it('counts only failed logins: a 1C that exchanges every minute is never locked out (issue 37, point 6)', async () => {
    const auth = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`;
    const service = serviceWith({ EXCHANGE_LOGIN: LOGIN, EXCHANGE_PASSWORD: PASSWORD });
    const answers = [];
    for (let exchange = 0; exchange < 25; exchange++) {
      answers.push((await service.checkauth(auth, '10.0.0.21', 'catalog')).body.split('\n')[0]);
    }
    expect(answers).toEqual(Array(25).fill('success'));
    // Wrong passwords from that address still run out.
    const wrong = `Basic ${Buffer.from(`${LOGIN}:не тот`).toString('base64')}`;
    const refusals = [];
    for (let guess = 0; guess < 21; guess++)
      refusals.push((await service.checkauth(wrong, '10.0.0.21', 'catalog')).status);
    expect(refusals.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(refusals[20]).toBe(429);
  });

  it('is off without EXCHANGE_LOGIN and EXCHANGE_PASSWORD', async () => {
    const off = serviceWith({});
    const auth = `Basic ${Buffer.from(':').toString('base64')}`;
    expect((await off.checkauth(auth, '127.0.0.1', 'catalog')).body).toMatch(/^failure\nОбмен с 1С выключен/);
  });

  it('answers at the Bitrix path 1C defaults to', async () => {
    const { client } = await connect1C(shop.app, {
      type: 'catalog',
      login: LOGIN,
      password: PASSWORD,
      path: '/bitrix/admin/1c_exchange.php',
    });
    expect((await client!.call('mode=init')).body).toMatch(/^zip=yes/);
  });
});

describe('catalogue from 1C', () => {
  it('takes a full 2.10 package in split files: groups, goods, a picture, characteristics, two warehouses', async () => {
    const oneC = await catalog1C();
    expect(await oneC.upload('import_files/ab/abcd1234.jpg', await picture(), 10_000)).toBe('success\n');
    // 1C 8.3 sends the classifier and the goods in separate files, each in several chunks.
    expect(
      await oneC.upload(
        'import0_1.xml',
        importXml({ version: '2.10', partial: false, groups: GROUPS, properties: PROPERTIES }),
        300,
      ),
    ).toBe('success\n');
    const goods = importXml({
      version: '2.10',
      partial: false,
      goods: [
        {
          id: 'good-bergamot',
          name: 'Бергамот 1С, 10 мл',
          sku: 'BRG-10',
          barcode: '4600000000015',
          group: 'grp-citrus',
          description: 'Свежий цитрусовый аромат.\n\nДля ароматерапии & массажа.',
          pictures: ['import_files/ab/abcd1234.jpg'],
          properties: {
            'prop-country': 'val-italy',
            'prop-latin': 'Citrus bergamia',
            'prop-aroma': 'Свежий',
          },
          requisites: { 'Полное наименование': 'Масло эфирное бергамота 10 мл' },
        },
        // A shop's own code, not a GTIN: kept with the requisites, not published.
        { id: 'good-rose', name: 'Роза дамасская 1С', group: 'grp-oils', barcode: '2000123' },
        { id: 'good-nogroup', name: 'Подарочный набор 1С' },
      ],
    });
    expect(await oneC.upload('import1_1.xml', goods, 500)).toBe('success\n');
    const offers = offersXml({
      version: '2.10',
      offers: [
        {
          id: 'good-bergamot',
          prices: { [RETAIL]: 450, [OLD]: 520 },
          warehouses: { 'wh-msk': 3, 'wh-spb': 4 },
        },
        {
          id: 'good-rose#rose-5',
          prices: { [RETAIL]: 1900 },
          warehouses: { 'wh-msk': 2 },
          characteristic: { name: 'Объем', value: '5 мл' },
        },
        {
          id: 'good-rose#rose-10',
          prices: { [RETAIL]: 3500 },
          warehouses: { 'wh-msk': 0, 'wh-spb': 0 },
          characteristic: { name: 'Объем', value: '10 мл' },
        },
        { id: 'good-nogroup', prices: { [RETAIL]: 0 }, quantity: 5 },
      ],
    });
    expect(await oneC.upload('offers0_1.xml', offers, 700)).toBe('success\n');

    const [citrus] = await shop.database.db
      .select()
      .from(categories)
      .where(eq(categories.externalId, 'grp-citrus'));
    const [oils] = await shop.database.db
      .select()
      .from(categories)
      .where(eq(categories.externalId, 'grp-oils'));
    expect(citrus!.parentId).toBe(oils!.id);
    expect(citrus!.url).toBe(`${oils!.url}/citrusovye`);

    const bergamot = (await byExternal('good-bergamot'))!;
    expect(bergamot).toMatchObject({
      name: 'Бергамот 1С, 10 мл',
      sku: 'BRG-10',
      gtin: '4600000000015',
      country: 'Италия',
      latinName: 'Citrus bergamia',
      externalData: {
        Свойства: { Страна: 'Италия', 'Латинское название': 'Citrus bergamia', Аромат: 'Свежий' },
        Реквизиты: { ВидНоменклатуры: 'Товар', 'Полное наименование': 'Масло эфирное бергамота 10 мл' },
      },
      categoryId: citrus!.id,
      cena: 450,
      cenaSt: 520,
      stock: 7,
      visible: true,
      volume: '10 мл',
      url: '/bergamot-1s-10-ml.html',
    });
    expect(bergamot.description).toBe(
      '<p>Свежий цитрусовый аромат.</p><p>Для ароматерапии &amp; массажа.</p>',
    );
    expect(bergamot.images).toHaveLength(1);

    // Characteristics are products of one family (the volume switcher); the base good has no offer and stays hidden.
    const rose5 = (await byExternal('good-rose#rose-5'))!;
    const rose10 = (await byExternal('good-rose#rose-10'))!;
    const rose = (await byExternal('good-rose'))!;
    expect(rose.visible).toBe(false);
    expect(rose.gtin).toBeNull();
    expect(rose.externalData.Реквизиты).toMatchObject({ Штрихкод: '2000123' });
    expect(rose5).toMatchObject({
      volume: '5 мл',
      cena: 1900,
      stock: 2,
      visible: true,
      familyKey: rose.familyKey,
    });
    expect(rose10).toMatchObject({
      volume: '10 мл',
      cena: 3500,
      stock: 0,
      visible: true,
      familyKey: rose.familyKey,
    });
    // Without a price nobody can buy it: hidden. Without a group: the category «Товары из 1С».
    const noGroup = (await byExternal('good-nogroup'))!;
    expect(noGroup.visible).toBe(false);
    const [fallback] = await shop.database.db
      .select()
      .from(categories)
      .where(eq(categories.id, noGroup.categoryId));
    expect(fallback!.name).toBe('Товары из 1С');

    // The shop shows it: the product page answers with 1C's price.
    const page = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/route',
      payload: { url: bergamot.url },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Бергамот 1С');
    expect(page.body).toContain('450');
  });

  it('applies a partial 2.05 package in Windows-1251 and hides what a later full package lacks', async () => {
    const productPage = async () =>
      (
        await shop.app.inject({
          method: 'POST',
          url: '/api/v1/route',
          payload: { url: '/bergamot-1s-10-ml.html' },
        })
      ).body;
    expect(await productPage()).toContain('450');
    const oneC = await catalog1C();
    const partial = importXml({
      version: '2.05',
      encoding: 'windows-1251',
      partial: true,
      goods: [{ id: 'good-bergamot', name: 'Бергамот 1С, 10 мл (Италия)', group: 'grp-citrus' }],
    });
    expect(await oneC.upload('import.xml', partial)).toBe('success\n');
    const offers = offersXml({
      version: '2.05',
      encoding: 'windows-1251',
      partial: true,
      offers: [{ id: 'good-bergamot', prices: { [RETAIL]: 480 }, warehouses: { 'wh-msk': 1, 'wh-spb': 1 } }],
    });
    expect(await oneC.upload('offers.xml', offers)).toBe('success\n');
    // The cached page is dropped with the change, as after a moderator's edit.
    expect(await productPage()).toContain('480');
    expect(await byExternal('good-bergamot')).toMatchObject({
      name: 'Бергамот 1С, 10 мл (Италия)',
      cena: 480,
      cenaSt: 0,
      stock: 2,
      visible: true,
    });
    // Partial: the roses it did not mention are untouched.
    expect((await byExternal('good-rose#rose-5'))!.visible).toBe(true);

    const full = await catalog1C();
    const onlyBergamot = importXml({
      version: '2.05',
      partial: false,
      goods: [{ id: 'good-bergamot', name: 'Бергамот 1С, 10 мл (Италия)', group: 'grp-citrus' }],
    });
    expect(await full.upload('import.xml', onlyBergamot)).toBe('success\n');
    expect((await byExternal('good-bergamot'))!.visible).toBe(true);
    expect((await byExternal('good-rose#rose-5'))!.visible).toBe(false);
    // The shop's own goods (not from 1C) are never hidden by 1C.
    const own = await shop.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.visible, true));
    expect(own.length).toBeGreaterThan(1);
  });

  it('shows the volumes of a good again when a full package lists it again, and keeps them at the next one', async () => {
    // The previous full package lacked the rose: it and its volumes are hidden.
    expect(await byExternal('good-rose#rose-5')).toMatchObject({ visible: false, externalListed: false });
    const both = importXml({
      version: '2.10',
      partial: false,
      goods: [
        { id: 'good-bergamot', name: 'Бергамот 1С, 10 мл (Италия)', group: 'grp-citrus' },
        { id: 'good-rose', name: 'Роза дамасская 1С', group: 'grp-oils', barcode: '2000123' },
      ],
    });
    const oneC = await catalog1C();
    expect(await oneC.upload('import.xml', both)).toBe('success\n');
    expect(
      await oneC.upload(
        'offers.xml',
        offersXml({
          version: '2.10',
          offers: [{ id: 'good-rose#rose-5', prices: { [RETAIL]: 1900 }, warehouses: { 'wh-msk': 2 } }],
        }),
      ),
    ).toBe('success\n');
    expect(await byExternal('good-rose#rose-5')).toMatchObject({ visible: true, cena: 1900, stock: 2 });
    // A full package lists goods, never their characteristics: the same package again keeps the volumes shown.
    const next = await catalog1C();
    expect(await next.upload('import.xml', both)).toBe('success\n');
    expect(await byExternal('good-rose#rose-5')).toMatchObject({ visible: true, externalListed: true });
    expect(await byExternal('good-rose#rose-10')).toMatchObject({ visible: true, externalListed: true });
    expect((await byExternal('good-rose'))!.visible).toBe(false);
  });

  it('sends the waitlist letter when 1C brings stock back, as a moderator restock does', async () => {
    const oneC = await catalog1C();
    await oneC.upload(
      'offers.xml',
      offersXml({ version: '2.10', offers: [{ id: 'good-bergamot', quantity: 0 }] }),
    );
    const bergamot = (await byExternal('good-bergamot'))!;
    expect(bergamot.stock).toBe(0);
    const customer = createTestAgent(shop.app);
    const { email } = await customer.register();
    expect(
      (await customer.request({ method: 'PUT', url: `/v1/user/waitlist/${bergamot.id}` })).statusCode,
    ).toBe(200);

    const again = await catalog1C();
    await again.upload(
      'offers.xml',
      offersXml({ version: '2.10', offers: [{ id: 'good-bergamot', quantity: 12 }] }),
    );
    const letters = await shop.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(letters.filter((letter) => letter.subject.includes('снова в наличии'))).toHaveLength(1);
  });
});

describe('hostile packages', () => {
  const cases: Array<[string, Buffer, RegExp]> = [
    [
      'an external entity (XXE)',
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><КоммерческаяИнформация><ПакетПредложений><Предложения><Предложение><Ид>good-bergamot</Ид><Наименование>&xxe;</Наименование><Количество>999</Количество></Предложение></Предложения></ПакетПредложений></КоммерческаяИнформация>',
      ),
      /DTD/,
    ],
    [
      'an entity bomb',
      Buffer.from(
        `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level || ''};`.repeat(10)}">`).join('')}]><КоммерческаяИнформация><ПакетПредложений><Предложения><Предложение><Ид>good-bergamot</Ид><Количество>999</Количество><Наименование>&lol9;</Наименование></Предложение></Предложения></ПакетПредложений></КоммерческаяИнформация>`,
      ),
      /DTD/,
    ],
    [
      'a file cut short',
      offersXml({
        version: '2.10',
        offers: [
          { id: 'good-bergamot', quantity: 999 },
          { id: 'good-rose#rose-10', quantity: 999 },
        ],
      }).subarray(0, -60),
      /оборван/,
    ],
  ];
  for (const [name, content, reason] of cases) {
    it(`refuses ${name} and changes nothing`, async () => {
      const before = await byExternal('good-bergamot');
      const oneC = await catalog1C();
      const answer = await oneC.upload('offers.xml', content);
      expect(answer).toMatch(/^failure\n/);
      expect(answer).toMatch(reason);
      expect(await byExternal('good-bergamot')).toEqual(before);
    });
  }

  it('refuses a file name leaving the session folder', async () => {
    const oneC = await catalog1C();
    for (const name of ['../../escape.xml', '/etc/passwd', 'import_files/../../x.jpg', 'a\\..\\b.xml']) {
      const answer = await oneC.call(`mode=file&filename=${encodeURIComponent(name)}`, Buffer.from('<x/>'));
      expect(answer.body).toBe('failure\nНедопустимое имя файла');
    }
    expect(await readdir(shop.dataDir)).toEqual(['exchange']);
  });

  it('answers failure with a reason, never a 500, for names that clash with a file or a folder (issue 37, point 7)', async () => {
    const oneC = await catalog1C();
    const send = (name: string) =>
      oneC.call(`mode=file&filename=${encodeURIComponent(name)}`, Buffer.from('<x/>'));
    const importing = (name: string) => oneC.call(`mode=import&filename=${encodeURIComponent(name)}`);
    expect((await send('col.xml')).body).toBe('success\n');
    // «col.xml» is a file now: a file inside it cannot be.
    const inside = await send('col.xml/inner.xml');
    expect(inside).toEqual({
      status: 200,
      body: 'failure\nНедопустимое имя файла: col.xml/inner.xml уже занято',
    });
    expect((await send('dir2/inner.xml')).body).toBe('success\n');
    // «dir2» is a folder now: neither written to nor imported as a file.
    const intoFolder = await send('dir2');
    expect(intoFolder).toEqual({ status: 200, body: 'failure\nНедопустимое имя файла: dir2 уже занято' });
    const importFolder = await importing('dir2');
    expect(importFolder).toEqual({ status: 200, body: 'failure\nФайл dir2 не был передан' });
  });

  it('answers a chunk over the size limit with failure and the limit, over a real connection (issue 37, point 7)', async () => {
    const oneC = await catalog1C();
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const chunk = Buffer.alloc(40 * 1024 * 1024, 0x20);
    const response = await fetch(`${address}/1c_exchange?type=catalog&mode=file&filename=big.xml`, {
      method: 'POST',
      headers: { cookie: oneC.cookie, 'content-type': 'application/octet-stream' },
      body: chunk,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(`failure\nЧасть файла больше ${32 * 1024 * 1024} байт`);
    // Nothing of it is kept: a later import of the name finds no file.
    expect((await oneC.call('mode=import&filename=big.xml')).body).toBe(
      'failure\nФайл big.xml не был передан',
    );
  });
});

describe('orders to 1C', () => {
  it('sends new orders with 1C Ид lines and delivery as a service, once', async () => {
    const bergamot = (await byExternal('good-bergamot'))!;
    // Orders placed before this test are not 1C's business here: mark them as taken.
    await shop.database.db.update(orders).set({ exportedAt: new Date() });
    const buyer = createTestAgent(shop.app);
    expect(
      (await buyer.request({ method: 'POST', url: `/v1/cart/${bergamot.id}`, payload: { quantity: 2 } }))
        .statusCode,
    ).toBe(200);
    const placed = await buyer.request({
      method: 'POST',
      url: '/v1/order',
      payload: {
        idempotency_key: randomUUID(),
        contact: {
          name: 'Ирина',
          fam: 'Соколова',
          email: 'irina.sokolova@example.ru',
          tel: '+7 916 123-45-67',
        },
        delivery: {
          type: 2,
          sposob_dost: 1,
          sposob_oplat: 1,
          addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', flat: '12', zip: '115054' },
        },
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().order.id as number;

    const { client } = await connect1C(shop.app, { type: 'sale', login: LOGIN, password: PASSWORD });
    const query = await client!.call('mode=query');
    expect(query.body).toContain('<КоммерческаяИнформация ВерсияСхемы="2.05"');
    const documents = query.body.match(/<Документ>/g) ?? [];
    expect(documents).toHaveLength(1);
    expect(query.body).toContain(`<Ид>${orderId}</Ид>`);
    expect(query.body).toContain('<Ид>good-bergamot</Ид>');
    expect(query.body).toContain('<Количество>2</Количество>');
    expect(query.body).toContain('<Ид>ORDER_DELIVERY</Ид>');
    expect(query.body).toContain('<Значение>Услуга</Значение>');
    expect(query.body).toContain('<Значение>irina.sokolova@example.ru</Значение>');
    expect((await client!.call('mode=success')).body).toBe('success\n');

    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.exportedAt).not.toBeNull();
    const next = await connect1C(shop.app, { type: 'sale', login: LOGIN, password: PASSWORD });
    expect((await next.client!.call('mode=query')).body).not.toContain('<Документ>');

    // 1C paid and shipped it: the order follows, and the customer gets the letters a moderator's change sends.
    const changes = ordersXml([
      {
        id: orderId,
        number: `ЭФ-${String(orderId).padStart(6, '0')}`,
        status: '[D] Отгружен',
        paidOn: '2026-11-27T12:00:00',
      },
      { id: 999_999, number: 'ЭФ-999999', status: 'Отгружен' },
    ]);
    expect(await next.client!.upload('orders-2026-11-27.xml', changes)).toBe('success\n');
    const [after] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(after).toMatchObject({ status: 'shipped', paymentState: 'paid' });
    const subjects = (
      await shop.database.db.select().from(outbox).where(eq(outbox.to, 'irina.sokolova@example.ru'))
    ).map((letter) => letter.subject);
    expect(subjects).toContainEqual(expect.stringMatching(/^Оплата заказа ЭФ-\d+ получена$/));
    expect(subjects).toContainEqual(expect.stringMatching(/^Заказ ЭФ-\d+: отправлен$/));

    // Cancelled in 1C: cancelled here, the bottles back on the shelf.
    const stockBefore = (await byExternal('good-bergamot'))!.stock;
    const cancel = await connect1C(shop.app, { type: 'sale', login: LOGIN, password: PASSWORD });
    await cancel.client!.upload('orders.xml', ordersXml([{ id: orderId, number: 'ЭФ-1', cancelled: true }]));
    expect((await shop.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe(
      'cancelled',
    );
    expect((await byExternal('good-bergamot'))!.stock).toBe(stockBefore + 2);
  });
  it('does not send the orders placed before the shop first talked to 1C', async () => {
    const [latest] = await shop.database.db.select().from(orders).orderBy(desc(orders.id)).limit(1);
    // An order of the shop's history, from before any exchange session: not 1C's to book.
    await shop.database.db
      .update(orders)
      .set({ exportedAt: null, createdAt: new Date('2020-01-15T10:00:00Z') })
      .where(eq(orders.id, latest!.id));
    const { client } = await connect1C(shop.app, { type: 'sale', login: LOGIN, password: PASSWORD });
    expect((await client!.call('mode=query')).body).not.toContain(`<Ид>${latest!.id}</Ид>`);
    // Unless the owner asks for the history from a date on (EXCHANGE_ORDERS_FROM).
    const fromDate = serviceWith({
      EXCHANGE_LOGIN: LOGIN,
      EXCHANGE_PASSWORD: PASSWORD,
      EXCHANGE_ORDERS_FROM: '2020-01-01',
    });
    const auth = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`;
    const { token } = await fromDate.checkauth(auth, '10.0.0.9', 'sale');
    const session = await fromDate.findSession(token);
    expect(await fromDate.saleQuery(session!)).toContain(`<Ид>${latest!.id}</Ид>`);
    // Placed after the first session: sent.
    await shop.database.db.update(orders).set({ createdAt: new Date() }).where(eq(orders.id, latest!.id));
    expect((await client!.call('mode=query')).body).toContain(`<Ид>${latest!.id}</Ид>`);
    expect((await client!.call('mode=success')).body).toBe('success\n');
  });
});

describe('back office log', () => {
  it('lists each session with what came, the counts and the errors in Russian', async () => {
    const moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
    const response = await moderator.request({ method: 'GET', url: '/api/v1/admin/exchange' });
    expect(response.statusCode).toBe(200);
    const log = response.json() as {
      enabled: boolean;
      sessions: Array<{
        type: string;
        files: Array<{ filename: string; kind: string; created: number; error?: string }>;
      }>;
    };
    expect(log.enabled).toBe(true);
    const files = log.sessions.flatMap((session) => session.files);
    expect(files).toContainEqual(
      expect.objectContaining({ filename: 'import1_1.xml', kind: 'Каталог (полный)', created: 4 }),
    );
    expect(files.map((file) => file.error).filter(Boolean)).toContain('Недопустимое имя файла');
    expect(files.some((file) => file.error?.includes('DTD'))).toBe(true);
    expect(files.map((file) => file.error)).toContain('Заказ 999999 не найден');
    const guest = await shop.app.inject({ method: 'GET', url: '/api/v1/admin/exchange' });
    expect(guest.statusCode).toBe(401);
    // Goods and characteristics from 1C are linked by their Ид: bergamot, the rose and its two volumes, the set.
    const linked = await shop.database.db
      .select({ id: products.id })
      .from(products)
      .where(isNotNull(products.externalId));
    expect(linked.length).toBe(5);
  });
});

// Last: it uses up the attempts of this client's address.
describe('schema versions', () => {
  it.each(['2.03', '2.04', '2.08'] as const)('reads a package of schema version %s', async (version) => {
    const id = `good-v${version.replace('.', '')}`;
    const oneC = await catalog1C();
    const goods = importXml({
      version,
      partial: true,
      goods: [{ id, name: `Лаванда 1С, версия ${version}`, group: 'grp-oils' }],
    });
    expect(await oneC.upload('import.xml', goods)).toBe('success\n');
    const offers = offersXml({
      version,
      partial: true,
      offers: [{ id, prices: { [RETAIL]: 990 }, warehouses: { 'wh-msk': 3, 'wh-spb': 2 } }],
    });
    expect(await oneC.upload('offers.xml', offers)).toBe('success\n');
    expect(await byExternal(id)).toMatchObject({
      name: `Лаванда 1С, версия ${version}`,
      cena: 990,
      stock: 5,
      visible: true,
    });
  });
});

describe('guessing', () => {
  it('limits password guessing like the login', async () => {
    let last = '';
    for (let attempt = 0; attempt < 21; attempt++)
      last = (await connect1C(shop.app, { type: 'sale', login: 'guess', password: `guess-${attempt}` }))
        .answer;
    expect(last).toMatch(/^failure\nСлишком много попыток/);
  });
});
