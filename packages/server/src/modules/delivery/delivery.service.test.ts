// quoteDelivery (what the orders feature charges), carriers that fail or hang while the list is priced, and the
// pickup-point sync — on a real database, with live clients pointed at a local fake carrier server.
import { type DeliveryFormInput, deliveryFormSchema, HYDROLAT_REASON } from '@efir/domain/delivery-rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestConfig } from '../../config.ts';
import { seedPickupPoints } from '../../seed/seed-delivery.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import {
  type CartSnapshot,
  createDeliveryProviders,
  type DeliveryDeps,
  listDeliveryMethods,
  quoteDelivery,
  syncPickupPoints,
} from './delivery.service.ts';
import { pickupPointsCatalog } from './delivery.table.ts';
import { type FakeCarrierServer, startFakeCarrierServer } from './fake-carrier-server.ts';

let database: TestDatabase;
let deps: DeliveryDeps;
let server: FakeCarrierServer;
const cart: CartSnapshot = { total: 2500, weightGrams: 700, hydr: false };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedPickupPoints(database.db);
  deps = { db: database.db, config: createTestConfig() };
  server = await startFakeCarrierServer();
});

afterAll(async () => {
  await server?.close();
  await database?.destroy();
});

function form(input: DeliveryFormInput) {
  return deliveryFormSchema.parse(input);
}

const moscowAddress = { city: 'Москва', street: 'Тверская', house: '7', zip: '125009' };

describe('quoteDelivery', () => {
  it('prices the Moscow courier to a new address, free from 5000 ₽', async () => {
    const courier = form({ type: 2, sposob_dost: 1, sposob_oplat: 5, addressNew: moscowAddress });
    expect(await quoteDelivery(deps, courier, cart)).toMatchObject({
      ok: true,
      method: 2,
      kind: 1,
      provider: 'shop',
      tarif: 'shop:courier-msk',
      price: 390,
      free: false,
      pickupPoint: null,
    });
    expect(await quoteDelivery(deps, courier, { ...cart, total: 5000 })).toMatchObject({
      ok: true,
      price: 0,
      free: true,
    });
  });

  it('prices a CDEK pickup point with the chosen tariff', async () => {
    const chosen = form({ type: 5, sposob_dost: 7, tarif: 'cdek:136', pvzNew: { code: 'KZN15', type: 7 } });
    const result = await quoteDelivery(deps, chosen, cart);
    expect(result).toMatchObject({ ok: true, method: 5, kind: 7, tarif: 'cdek:136', price: 300 });
    expect(result.ok && result.pickupPoint).toMatchObject({ code: 'KZN15', city: 'Казань' });
  });

  it('uses the saved address and saved point resolvers of the account feature', async () => {
    const byPost = form({ type: 4, sposob_dost: 2, adrec: 5 });
    const withResolver = {
      ...deps,
      resolveSavedAddress: async (id: number) => (id === 5 ? { zip: '630091', city: 'Новосибирск' } : null),
      resolveSavedPickupPoint: async (id: number) => (id === 9 ? { code: '77611', type: 10 } : null),
    };
    expect(await quoteDelivery(withResolver, byPost, cart)).toMatchObject({ ok: true, kind: 2, price: 420 });
    expect(await quoteDelivery(deps, byPost, cart)).toMatchObject({
      ok: false,
      reason: 'address_not_found',
      field: 'adrec',
    });

    const savedPoint = form({ type: 5, sposob_dost: 10, tarif: 'boxberry:pvz', pvz: 9 });
    expect(await quoteDelivery(withResolver, savedPoint, cart)).toMatchObject({
      ok: true,
      kind: 10,
      price: 250,
    });
    expect(await quoteDelivery(withResolver, { ...savedPoint, pvz: 10 }, cart)).toMatchObject({
      ok: false,
      reason: 'point_not_found',
    });
  });

  it('refuses hydrolats by post and to lockers, with hydr: true', async () => {
    const hydrolats = { ...cart, hydr: true };
    const byPost = form({ type: 4, sposob_dost: 2, addressNew: moscowAddress });
    expect(await quoteDelivery(deps, byPost, hydrolats)).toEqual({
      ok: false,
      reason: 'hydrolats',
      message: HYDROLAT_REASON,
      field: 'sposob_dost',
      hydr: true,
    });
    const locker = form({ type: 5, sposob_dost: 9, tarif: 'cdek:368', pvzNew: { code: 'MSK1204', type: 9 } });
    expect(await quoteDelivery(deps, locker, hydrolats)).toMatchObject({
      ok: false,
      reason: 'hydrolats',
      hydr: true,
    });
    expect(await quoteDelivery(deps, locker, cart)).toMatchObject({ ok: true, kind: 9, price: 250 });
  });

  it('refuses a step that is not ready, an unknown tariff, point or destination', async () => {
    expect(await quoteDelivery(deps, form({ type: 2, sposob_dost: 1 }), cart)).toMatchObject({
      ok: false,
      reason: 'not_ready',
    });
    expect(
      await quoteDelivery(
        deps,
        form({ type: 5, sposob_dost: 7, tarif: 'cdek:999', pvzNew: { code: 'MSK412', type: 7 } }),
        cart,
      ),
    ).toMatchObject({ ok: false, reason: 'tariff_not_found', field: 'tarif' });
    expect(
      await quoteDelivery(
        deps,
        form({ type: 5, sposob_dost: 7, tarif: 'cdek:136', pvzNew: { code: 'GONE1', type: 7 } }),
        cart,
      ),
    ).toMatchObject({ ok: false, reason: 'point_not_found', field: 'pvz' });
    const spbCourierToMoscow = form({ type: 3, sposob_dost: 8, addressNew: moscowAddress });
    expect(await quoteDelivery(deps, spbCourierToMoscow, cart)).toMatchObject({
      ok: false,
      reason: 'unavailable',
      message: 'Курьер «Эфира» возит только по Санкт-Петербургу',
    });
  });

  it('prices office pickups as free and 5Post to an address by the table', async () => {
    expect(await quoteDelivery(deps, form({ type: 1, sposob_dost: 3 }), cart)).toMatchObject({
      ok: true,
      price: 0,
      free: true,
      tarif: 'shop:office-msk',
    });
    expect(
      await quoteDelivery(deps, form({ type: 7, sposob_dost: 14, addressNew: moscowAddress }), cart),
    ).toMatchObject({
      ok: true,
      kind: 14,
      price: 199,
    });
  });
});

describe('carriers that fail or hang', () => {
  const SECRET = 'cdek-secret-xyz';

  beforeEach(() => {
    server.requests.length = 0;
    server.handle((request) => {
      if (request.path === '/v2/oauth/token')
        return { json: { access_token: 't', token_type: 'bearer', expires_in: 3600 } };
      // CDEK hangs on prices, Boxberry is down, the post calculator answers.
      if (request.path === '/v2/calculator/tarifflist') return { json: {}, delayMs: 8000 };
      if (request.path === '/json.php') return { status: 500, text: 'Internal Server Error' };
      if (request.path === '/v2/calculate/tariff/delivery') {
        return { json: { id: 27030, name: 'Посылка стандарт', paynds: 35000, delivery: { min: 1, max: 3 } } };
      }
      return { status: 404, json: {} };
    });
  });

  function liveConfig() {
    return createTestConfig({
      CDEK_CLIENT_ID: 'shop',
      CDEK_CLIENT_SECRET: SECRET,
      CDEK_API_URL: server.url,
      BOXBERRY_TOKEN: 'bb-token',
      BOXBERRY_API_URL: `${server.url}/json.php`,
      POCHTA_TARIFF_URL: server.url,
      // Generous for the answering carriers (the embedded database shares this thread), far below the hang.
      DELIVERY_TIMEOUT_MS: '1500',
    });
  }

  it('marks only their kinds «недоступно» and prices everything else', async () => {
    const config = liveConfig();
    const live: DeliveryDeps = {
      db: database.db,
      config,
      providers: createDeliveryProviders(config, database.db),
    };
    const started = Date.now();
    const list = await listDeliveryMethods(live, cart);
    expect(Date.now() - started).toBeLessThan(6000);
    const kinds = list.methods.flatMap((method) => method.kinds);
    for (const type of [6, 7, 9, 10, 11]) {
      const kind = kinds.find((entry) => entry.type === type)!;
      expect(kind).toMatchObject({ available: false, priceText: 'недоступно', price: null });
      expect(kind.reason).toMatch(/^Расчёт (CDEK|Boxberry) сейчас недоступен/);
    }
    expect(kinds.find((entry) => entry.type === 2)).toMatchObject({
      available: true,
      price: 350,
      tarif: 'pochta:27030',
    });
    expect(kinds.find((entry) => entry.type === 1)).toMatchObject({ available: true, price: 390 });
    expect(list.methods.find((method) => method.id === 6)).toMatchObject({ available: false });
    expect(list.methods.find((method) => method.id === 5)).toMatchObject({ available: false });
    expect(list.methods.find((method) => method.id === 4)).toMatchObject({ available: true, reason: null });
  });

  it('answers 200 through the route, never 500, and logs no secret', async () => {
    const config = liveConfig();
    const lines: string[] = [];
    const app = await buildApp(createTestConfig({ LOG_LEVEL: 'warn' }), {
      db: database.db,
      delivery: {
        providers: { ...createDeliveryProviders(config, database.db), sources: [] },
        cartSnapshot: async () => cart,
      },
    });
    app.log.warn = ((object: unknown, message?: string) => {
      lines.push(JSON.stringify(object) + String(message));
    }) as typeof app.log.warn;
    await app.ready();
    try {
      const list = await app.inject({ method: 'GET', url: '/api/v1/calculator/list' });
      expect(list.statusCode).toBe(200);
      const courier = await app.inject({
        method: 'POST',
        url: '/api/v1/calculator/courier-cost',
        payload: { zip: '420111' },
      });
      expect(courier.statusCode).toBe(200);
      const cost = await app.inject({
        method: 'POST',
        url: '/api/v1/calculator/pvz-cost',
        payload: { code: 'MSK412', type: 7 },
      });
      expect(cost.statusCode).toBe(200);
      expect(cost.json().options[0]).toMatchObject({ available: false, priceText: 'недоступно' });
    } finally {
      await app.close();
    }
    expect(lines.some((line) => line.includes('delivery provider failed'))).toBe(true);
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines.join('\n')).not.toContain('bb-token');
  });
});

describe('syncPickupPoints', () => {
  it('replaces a carrier’s points with its fresh list and keeps them when the carrier fails', async () => {
    server.handle((request) => {
      if (request.path === '/v2/oauth/token')
        return { json: { access_token: 't', token_type: 'bearer', expires_in: 3600 } };
      if (request.path === '/v2/deliverypoints') {
        return {
          json: [
            {
              code: 'MSK9001',
              name: 'Новый пункт',
              type: 'PVZ',
              work_time: 'Пн-Вс 09:00-21:00',
              location: {
                city: 'Москва',
                postal_code: '101000',
                latitude: 55.76,
                longitude: 37.64,
                address: 'ул. Мясницкая, 10',
              },
            },
          ],
        };
      }
      return { status: 500, text: 'down' };
    });
    const config = createTestConfig({
      CDEK_CLIENT_ID: 'shop',
      CDEK_CLIENT_SECRET: 'secret',
      CDEK_API_URL: server.url,
      BOXBERRY_TOKEN: 'bb',
      BOXBERRY_API_URL: `${server.url}/json.php`,
      DELIVERY_TIMEOUT_MS: '500',
    });
    const boxberryBefore = await database.db
      .select()
      .from(pickupPointsCatalog)
      .where(eq(pickupPointsCatalog.provider, 'boxberry'));
    const result = await syncPickupPoints({
      db: database.db,
      config,
      providers: createDeliveryProviders(config, database.db),
    });
    expect(result).toEqual([
      { provider: 'cdek', points: 1 },
      { provider: 'boxberry', points: null },
    ]);
    const cdek = await database.db
      .select()
      .from(pickupPointsCatalog)
      .where(eq(pickupPointsCatalog.provider, 'cdek'));
    expect(cdek.map((row) => [row.code, row.type, row.address])).toEqual([
      ['MSK9001', 7, 'ул. Мясницкая, 10'],
    ]);
    const boxberryAfter = await database.db
      .select()
      .from(pickupPointsCatalog)
      .where(eq(pickupPointsCatalog.provider, 'boxberry'));
    expect(boxberryAfter).toHaveLength(boxberryBefore.length);
    expect(boxberryAfter.length).toBeGreaterThan(0);
  });
});
