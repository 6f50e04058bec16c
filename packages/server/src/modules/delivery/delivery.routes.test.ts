// The calculator calls of spec §7 through app.inject, on a real database with the demo points and the offline
// tariff tables; hostile input; a carrier that fails or hangs.
import { HYDROLAT_REASON } from '@efir/domain/delivery-rules';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestConfig } from '../../config.ts';
import { products } from '../../schema.ts';
import { DEMO_PICKUP_POINTS, seedPickupPoints } from '../../seed/seed-delivery.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { insertPickupPoints } from './delivery.repo.ts';
import type { CartSnapshot } from './delivery.service.ts';
import { pickupPointsCatalog } from './delivery.table.ts';

let app: FastifyInstance;
let database: TestDatabase;
let cart: CartSnapshot;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedPickupPoints(database.db);
  const config = createTestConfig();
  app = await buildApp(config, { db: database.db, delivery: { cartSnapshot: async () => cart } });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

beforeEach(() => {
  cart = { total: 2000, weightGrams: 600, hydr: false };
});

function post(url: string, payload: unknown) {
  return app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
}

type Option = {
  type: number;
  tarif: string | null;
  price: number | null;
  priceText: string;
  available: boolean;
  reason: string | null;
  free: boolean;
  term: { min: number; max: number; text: string } | null;
};

function byType(options: Option[], type: number): Option[] {
  return options.filter((option) => option.type === type);
}

describe('POST /api/v1/calculator/courier-cost', () => {
  it('prices the Moscow courier inside МКАД, CDEK and Boxberry couriers and the post by zip', async () => {
    const response = await post('/api/v1/calculator/courier-cost', { zip: '125009' });
    expect(response.statusCode).toBe(200);
    const { zip, options } = response.json() as { zip: string; options: Option[] };
    expect(zip).toBe('125009');
    expect(byType(options, 1)[0]).toMatchObject({
      available: true,
      price: 390,
      priceText: '390\u00a0₽',
      tarif: 'shop:courier-msk',
      term: { min: 1, max: 2, text: '1–2 дня' },
    });
    expect(byType(options, 6)[0]).toMatchObject({ available: true, price: 450, tarif: 'cdek:137' });
    expect(byType(options, 11)[0]).toMatchObject({ available: true, price: 450, tarif: 'boxberry:courier' });
    expect(byType(options, 2)[0]).toMatchObject({ available: true, price: 290, tarif: 'pochta:27030' });
    expect(byType(options, 8)[0]).toMatchObject({
      available: false,
      price: null,
      priceText: 'недоступно',
      reason: 'Курьер «Эфира» возит только по Санкт-Петербургу',
    });
  });

  it('makes the Moscow courier free from 5000 ₽ and prices St Petersburg by its own table', async () => {
    cart = { total: 5000, weightGrams: 600, hydr: false };
    const moscow = (await post('/api/v1/calculator/courier-cost', { zip: '101000' })).json() as {
      options: Option[];
    };
    expect(byType(moscow.options, 1)[0]).toMatchObject({ price: 0, free: true, priceText: 'бесплатно' });

    const spb = (await post('/api/v1/calculator/courier-cost', { zip: '191025' })).json() as {
      options: Option[];
    };
    expect(byType(spb.options, 8)[0]).toMatchObject({ available: true, price: 450, free: false });
    expect(byType(spb.options, 1)[0]).toMatchObject({
      available: false,
      reason: 'Курьер «Эфира» возит по Москве только в пределах МКАД',
    });
  });

  it('prices far regions higher and heavy parcels by the post table', async () => {
    cart = { total: 1000, weightGrams: 2300, hydr: false };
    const { options } = (await post('/api/v1/calculator/courier-cost', { zip: '630091' })).json() as {
      options: Option[];
    };
    expect(byType(options, 6)[0]?.price).toBe(650);
    // Zone 3: 420 ₽ for the first kilogram, then 3 started half-kilograms × 75 ₽.
    expect(byType(options, 2)[0]).toMatchObject({ price: 645, term: { min: 7, max: 14, text: '7–14 дней' } });
  });

  it('marks the post unavailable for hydrolats, with the reason', async () => {
    cart = { total: 1000, weightGrams: 500, hydr: true };
    const { options } = (await post('/api/v1/calculator/courier-cost', { zip: '125009' })).json() as {
      options: Option[];
    };
    expect(byType(options, 2)[0]).toMatchObject({ available: false, reason: HYDROLAT_REASON, price: null });
    expect(byType(options, 1)[0]?.available).toBe(true);
  });

  it.each([
    [{ zip: '12345' }, 'Индекс — 6 цифр'],
    [{ zip: 'abcdef' }, 'Индекс — 6 цифр'],
    [{ zip: "1' OR '1'='1" }, 'Индекс — 6 цифр'],
    [{ zip: '912345' }, 'Такого индекса в России нет'],
    [{ zip: 125009 }, 'Укажите индекс'],
    [{}, 'Укажите индекс'],
  ])('refuses %j with 422', async (payload, message) => {
    const response = await post('/api/v1/calculator/courier-cost', payload);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The given data was invalid.', errors: { zip: [message] } });
  });

  it('refuses unknown fields', async () => {
    const response = await post('/api/v1/calculator/courier-cost', { zip: '125009', price: 0 });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ price: ['Неизвестное поле'] });
  });
});

describe('POST /api/v1/calculator/pvz-cost', () => {
  it('prices a CDEK pickup point by its zone, free from 7000 ₽', async () => {
    const response = await post('/api/v1/calculator/pvz-cost', { code: 'MSK412', type: 7 });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { point: Record<string, unknown>; options: Option[] };
    expect(body.point).toMatchObject({
      code: 'MSK412',
      city: 'Москва',
      address: 'ул. Тверская, 18, корп. 1',
      available: true,
    });
    expect(body.options).toEqual([
      expect.objectContaining({ type: 7, tarif: 'cdek:136', price: 250, available: true }),
    ]);

    cart = { total: 7000, weightGrams: 600, hydr: false };
    const free = (await post('/api/v1/calculator/pvz-cost', { code: 'NSK41', type: 7 })).json() as {
      options: Option[];
    };
    expect(free.options[0]).toMatchObject({ price: 0, free: true, priceText: 'бесплатно' });
  });

  it('prices Boxberry and 5Post points; 5Post from the point’s own rate', async () => {
    const boxberry = (await post('/api/v1/calculator/pvz-cost', { code: '23051', type: 10 })).json() as {
      options: Option[];
    };
    expect(boxberry.options[0]).toMatchObject({ tarif: 'boxberry:pvz', price: 300 });
    const fivepost = (
      await post('/api/v1/calculator/pvz-cost', { code: '5f0a1c2e-0001-4e1a-9c00-000000000001', type: 14 })
    ).json() as { options: Option[] };
    expect(fivepost.options[0]).toMatchObject({ tarif: 'fivepost:locker', price: 199, available: true });
  });

  it('refuses lockers for hydrolats', async () => {
    cart = { total: 1000, weightGrams: 500, hydr: true };
    const locker = (await post('/api/v1/calculator/pvz-cost', { code: 'MSK1204', type: 9 })).json() as {
      point: { available: boolean; reason: string };
      options: Option[];
    };
    expect(locker.point).toMatchObject({ available: false, reason: HYDROLAT_REASON });
    expect(locker.options[0]).toMatchObject({ available: false, reason: HYDROLAT_REASON });
    const point = (await post('/api/v1/calculator/pvz-cost', { code: 'MSK412', type: 7 })).json() as {
      options: Option[];
    };
    expect(point.options[0]?.available).toBe(true);
  });

  it('answers 422 for an unknown point, a wrong kind or a hostile code', async () => {
    const unknown = await post('/api/v1/calculator/pvz-cost', { code: 'NOPE1', type: 7 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      code: ['Пункт выдачи не найден: выберите его из списка заново'],
    });
    // The right code under another carrier's kind is not that point.
    expect((await post('/api/v1/calculator/pvz-cost', { code: 'MSK412', type: 10 })).statusCode).toBe(422);
    for (const payload of [
      { code: 'MSK412', type: 3 },
      { code: "x' OR 1=1 --", type: 7 },
      { code: 'x'.repeat(65), type: 7 },
      { code: 'MSK412' },
    ]) {
      const response = await post('/api/v1/calculator/pvz-cost', payload);
      expect(response.statusCode).toBe(422);
    }
  });
});

type Method = { id: number; name: string; available: boolean; reason: string | null; kinds: Option[] };

describe('GET /api/v1/calculator/list', () => {
  it('lists the seven methods of spec §3 with their kinds, prices «from» and terms', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/calculator/list' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { methods: Method[]; hydr: boolean; total: number; weight: number };
    expect(body).toMatchObject({ hydr: false, total: 2000, weight: 600 });
    expect(
      body.methods.map((method) => [method.id, method.name, method.kinds.map((kind) => kind.type)]),
    ).toEqual([
      [1, 'Самовывоз', [3, 5]],
      [2, 'Доставка курьером (Москва)', [1]],
      [3, 'Доставка курьером (СПб)', [8]],
      [4, 'Почта России', [2, 13]],
      [5, 'ПВЗ | Постамат: CDEK, Boxberry', [7, 10, 9]],
      [6, 'Курьер: CDEK, Boxberry', [6, 11]],
      [7, 'Постаматы 5Post', [14]],
    ]);
    expect(body.methods.every((method) => method.available)).toBe(true);
    const kinds = body.methods.flatMap((method) => method.kinds);
    const price = (type: number) => kinds.find((kind) => kind.type === type)?.priceText;
    expect(price(3)).toBe('бесплатно');
    expect(price(1)).toBe('от 390\u00a0₽');
    expect(price(8)).toBe('от 450\u00a0₽');
    expect(price(7)).toBe('от 250\u00a0₽');
    expect(price(10)).toBe('от 250\u00a0₽');
    expect(price(14)).toBe('от 199\u00a0₽');
    expect(price(13)).toBe('по запросу');
    expect(kinds.every((kind) => kind.available && kind.term !== null)).toBe(true);
  });

  it('marks post and lockers unavailable for hydrolats, keeping the rest', async () => {
    cart = { total: 8000, weightGrams: 900, hydr: true };
    const body = (await app.inject({ method: 'GET', url: '/api/v1/calculator/list' })).json() as {
      methods: Method[];
      hydr: boolean;
    };
    expect(body.hydr).toBe(true);
    const kinds = body.methods.flatMap((method) => method.kinds);
    for (const type of [2, 9, 14]) {
      expect(kinds.find((kind) => kind.type === type)).toMatchObject({
        available: false,
        reason: HYDROLAT_REASON,
      });
    }
    const fivepost = body.methods.find((method) => method.id === 7);
    expect(fivepost).toMatchObject({ available: false, reason: HYDROLAT_REASON });
    expect(body.methods.find((method) => method.id === 5)?.available).toBe(true);
    expect(kinds.find((kind) => kind.type === 7)).toMatchObject({ available: true, priceText: 'бесплатно' });
  });
});

type PointsAnswer = {
  points: Array<{ code: string; city: string; type: number; available: boolean; lat: number; lon: number }>;
  total: number;
  cities?: Array<{ city: string; count: number }>;
};

describe('POST /api/v1/calculator/pvz', () => {
  it('lists every point with the cities, without filters', async () => {
    const body = (await post('/api/v1/calculator/pvz', {})).json() as PointsAnswer;
    expect(body.total).toBe(DEMO_PICKUP_POINTS.length);
    expect(body.points).toHaveLength(DEMO_PICKUP_POINTS.length);
    expect(body.cities?.map((entry) => entry.city)).toEqual(
      expect.arrayContaining([
        'Москва',
        'Санкт-Петербург',
        'Казань',
        'Екатеринбург',
        'Новосибирск',
        'Нижний Новгород',
        'Краснодар',
      ]),
    );
  });

  it('filters by city (any case, ё or е), kind and map bounds', async () => {
    const moscow = (await post('/api/v1/calculator/pvz', { city: 'москва' })).json() as PointsAnswer;
    expect(moscow.points.length).toBe(DEMO_PICKUP_POINTS.filter((point) => point.city === 'Москва').length);
    expect(moscow.points.every((point) => point.city === 'Москва')).toBe(true);

    const lockers = (
      await post('/api/v1/calculator/pvz', { city: 'Москва', type: 14 })
    ).json() as PointsAnswer;
    expect(lockers.points.map((point) => point.type)).toEqual([14, 14, 14]);

    const box = { south: 59.8, west: 30.1, north: 60.1, east: 30.6 };
    const spb = (await post('/api/v1/calculator/pvz', { bounds: box })).json() as PointsAnswer;
    expect(spb.points.length).toBeGreaterThan(5);
    expect(spb.points.every((point) => point.city === 'Санкт-Петербург')).toBe(true);

    const nowhere = (await post('/api/v1/calculator/pvz', { city: "Атлантида'; --" })).json() as PointsAnswer;
    expect(nowhere).toMatchObject({ points: [], total: 0 });
  });

  it('marks lockers unavailable for hydrolats', async () => {
    cart = { total: 1000, weightGrams: 500, hydr: true };
    const body = (await post('/api/v1/calculator/pvz', { city: 'Москва' })).json() as PointsAnswer;
    for (const point of body.points) expect(point.available).toBe([7, 10].includes(point.type));
  });

  it('refuses bad bounds and kinds with 422', async () => {
    for (const payload of [
      { bounds: { south: 60, west: 30, north: 59, east: 31 } },
      { bounds: { south: -200, west: 30, north: 59, east: 31 } },
      { bounds: { south: 59, west: 30, north: 60 } },
      { type: 1 },
      { city: '' },
      { city: 'x'.repeat(101) },
    ]) {
      expect((await post('/api/v1/calculator/pvz', payload)).statusCode).toBe(422);
    }
  });
});

describe('POST /api/v1/calculator/pvz-search', () => {
  const search = async (qs: unknown) => post('/api/v1/calculator/pvz-search', { qs });

  it('finds points by street, metro, city and postal code, ё-insensitive', async () => {
    const codes = async (qs: string) =>
      ((await search(qs)).json() as PointsAnswer).points.map((point) => point.code).sort();
    expect(await codes('Тверская')).toEqual(['MSK412']);
    expect(await codes('м. Бауманская')).toEqual(['MSK487']);
    expect(await codes('метро Академическая')).toEqual(['5f0a1c2e-0001-4e1a-9c00-000000000001']);
    expect(await codes('щелковское шоссе')).toEqual(['5f0a1c2e-0003-4e1a-9c00-000000000003']);
    // Substrings count: «Невский» is also inside «Заневский».
    expect(await codes('Невский проспект')).toEqual(['5f0a1c2e-0102-4e1a-9c00-000000000102', 'SPB37']);
    expect(await codes('Невский, 114')).toEqual(['SPB37']);
    expect(await codes('125009')).toEqual(['MSK412']);
    expect((await codes('Казань')).length).toBe(4);
    expect(await codes('спб лиговский')).toEqual(['78123']);
  });

  it('returns at most 50 points', async () => {
    await insertPickupPoints(
      database.db,
      Array.from({ length: 60 }, (_, index) => ({
        provider: 'cdek' as const,
        code: `TST${index}`,
        type: 7 as const,
        city: 'Тестоград',
        address: `ул. Проверочная, ${index + 1}`,
        name: `Пункт ${index + 1}`,
        zip: '',
        metro: '',
        lat: 50,
        lon: 50,
        workHours: '',
        details: {},
      })),
    );
    const body = (await search('Тестоград')).json() as PointsAnswer;
    expect(body.points).toHaveLength(50);
    expect(body.total).toBe(50);
  });

  it('treats LIKE wildcards and SQL as plain text', async () => {
    for (const qs of ['%%', '__', '\\\\', "'; DROP TABLE pickup_points_catalog; --", 'ул. %', 'м.']) {
      const response = await search(qs);
      expect(response.statusCode).toBe(200);
      expect((response.json() as PointsAnswer).points).toEqual([]);
    }
    const [row] = await database.db.select({ n: count() }).from(pickupPointsCatalog);
    expect(row?.n).toBeGreaterThanOrEqual(DEMO_PICKUP_POINTS.length);
  });

  it('refuses too short, too long and non-text queries with 422', async () => {
    const long = await search('а'.repeat(10_000));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ qs: ['Запрос — не длиннее 100 символов'] });
    expect((await search(' a ')).json().errors).toEqual({ qs: ['Введите хотя бы 2 символа'] });
    expect((await search(42)).statusCode).toBe(422);
    expect((await post('/api/v1/calculator/pvz-search', {})).statusCode).toBe(422);
  });

  it('treats the names of Object.prototype as plain words, not as lookups (500 before)', async () => {
    for (const qs of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'спб constructor']) {
      const response = await search(qs);
      expect(response.statusCode, `${qs}: ${response.body}`).toBe(200);
      expect((response.json() as PointsAnswer).points).toEqual([]);
    }
  });
});

describe('GET /api/v1/address', () => {
  const suggest = async (q: string) =>
    app.inject({ method: 'GET', url: `/api/v1/address?q=${encodeURIComponent(q)}` });

  it('suggests Moscow and St Petersburg streets by prefix', async () => {
    const tverskaya = (await suggest('тверс')).json() as { suggestions: Array<{ value: string }> };
    expect(tverskaya.suggestions.map((entry) => entry.value)).toEqual([
      'г. Москва, ул. Тверская',
      'г. Москва, б-р Тверской',
    ]);
    const nevsky = (await suggest('СПб, невск')).json() as {
      suggestions: Array<{ value: string; city: string }>;
    };
    expect(nevsky.suggestions).toEqual([
      { value: 'г. Санкт-Петербург, пр-т Невский', city: 'Санкт-Петербург', street: 'пр-т Невский' },
    ]);
    const shchelkovo = (await suggest('улица щелк')).json() as { suggestions: Array<{ street: string }> };
    expect(shchelkovo.suggestions.map((entry) => entry.street)).toEqual(['ш. Щёлковское']);
  });

  it('answers an empty list for nothing, one letter or noise, and 422 for a huge query', async () => {
    for (const q of ['', 'т', "' OR 1=1 --", '%']) {
      const response = await suggest(q);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ suggestions: [] });
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/address' })).json()).toEqual({ suggestions: [] });
    expect((await suggest('я'.repeat(201))).statusCode).toBe(422);
  });

  it('treats the names of Object.prototype as plain words', async () => {
    for (const q of ['constructor тверс', '__proto__ тверс', 'toString', 'valueOf невск']) {
      const response = await suggest(q);
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
      expect(response.json()).toEqual({ suggestions: [] });
    }
  });
});

describe('GET /api/v1/calculator/estimate', () => {
  let oil: number;
  let dearOil: number;
  let hydrolat: number;
  beforeAll(async () => {
    const product = { familyKey: 'estimate', categoryId: 1, stock: 5 };
    [{ id: oil }, { id: dearOil }, { id: hydrolat }] = (await database.db
      .insert(products)
      .values([
        { ...product, name: 'Лаванда', url: '/estimate-oil.html', volume: '10 мл', cena: 590 },
        { ...product, name: 'Роза', url: '/estimate-rose.html', volume: '5 мл', cena: 7500 },
        {
          ...product,
          name: 'Гидролат',
          url: '/estimate-hydr.html',
          volume: '100 мл',
          cena: 450,
          katGlobal: 12,
        },
      ])
      .returning({ id: products.id })) as [{ id: number }, { id: number }, { id: number }];
  });

  const estimate = (query: string) =>
    app.inject({ method: 'GET', url: `/api/v1/calculator/estimate?${query}` });
  type Estimate = { city: string; courier: Option | null; pickup: Option | null };

  it('quotes the courier and the cheapest pickup point as courier-cost and pvz-cost do for that cart', async () => {
    const response = await estimate(`product=${oil}&city=${encodeURIComponent('Москва')}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const moscow = response.json() as Estimate;
    expect(moscow.courier).toMatchObject({ type: 1, price: 390, term: { text: '1–2 дня' } });
    // 5Post's rate (199 ₽) is below CDEK and Boxberry points (250 ₽) in Moscow; its term is the 5Post table's.
    expect(moscow.pickup).toMatchObject({ type: 14, price: 199, term: { text: '2–5 дней' } });

    // The same numbers the checkout calls give for a cart of this one product (590 ₽, 10 ml).
    cart = { total: 590, weightGrams: 370, hydr: false };
    const courier = (await post('/api/v1/calculator/courier-cost', { zip: '101000' })).json() as {
      options: Option[];
    };
    expect(byType(courier.options, 1)[0]?.price).toBe(moscow.courier?.price);

    // Novosibirsk has no 5Post lockers, so the cheapest point there is a CDEK or Boxberry one of zone 3.
    const novosibirsk = (await estimate(`product=${oil}&city=${encodeURIComponent('Новосибирск')}`)).json();
    expect(novosibirsk).toMatchObject({
      city: 'Новосибирск',
      courier: { type: 6, price: 650 },
      pickup: { price: 350, term: { text: '5–8 дней' } },
    });
    const kazan = (await estimate(`product=${oil}&city=${encodeURIComponent('Казань')}`)).json() as Estimate;
    expect(kazan.courier).toMatchObject({ price: 550, term: { text: '3–6 дней' } });
  });

  it('says «бесплатно» above the free-delivery threshold and leaves out lockers for hydrolats', async () => {
    const dear = (
      await estimate(`product=${dearOil}&city=${encodeURIComponent('Москва')}`)
    ).json() as Estimate;
    expect(dear.courier).toMatchObject({ type: 1, price: 0, free: true, priceText: 'бесплатно' });
    const spb = (
      await estimate(`product=${hydrolat}&city=${encodeURIComponent('Санкт-Петербург')}`)
    ).json() as Estimate;
    expect(spb.courier).toMatchObject({ type: 8, price: 450 });
    expect(spb.pickup).toMatchObject({ price: 250 });
    expect([7, 10]).toContain(spb.pickup?.type);
  });

  it('answers 404 for a hidden or unknown product and 422 for a city not in the list or a bad id', async () => {
    await database.db.update(products).set({ visible: false }).where(eq(products.url, '/estimate-rose.html'));
    expect((await estimate(`product=${dearOil}&city=${encodeURIComponent('Москва')}`)).statusCode).toBe(404);
    expect((await estimate(`product=999999&city=${encodeURIComponent('Москва')}`)).statusCode).toBe(404);
    for (const query of [
      `product=${oil}&city=Tokyo`,
      `product=${oil}`,
      'product=abc&city=Москва',
      'product=-1',
    ]) {
      expect((await estimate(query)).statusCode, query).toBe(422);
    }
    expect((await estimate(`product=${oil}&city=${encodeURIComponent('Москва')}&x=1`)).statusCode).toBe(422);
  });
});
