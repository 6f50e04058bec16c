// The 5Post client against a local server speaking 5Post's API: JWT by api key, paged pickuppoints/query, and
// prices from the rates each point carries.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCarrierServer, startFakeCarrierServer } from './fake-carrier-server.ts';
import { createFivePostClient } from './fivepost-client.ts';
import { createFivePostTariffs } from './tariff-tables.ts';

let server: FakeCarrierServer;
let jwtIssued = 0;
const API_KEY = 'fivepost-key-do-not-leak';

function fakeJwt(expSeconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ sub: 'OpenAPI', exp: expSeconds })}.c2lnbmF0dXJl`;
}

function point(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    mdmCode: 'OM120349',
    name: '5POST-00513',
    partnerName: 'Fivebox',
    type: 'POSTAMAT',
    fullAddress: 'г. Москва, ул. Вавилова, 53, корп. 1',
    shortAddress: 'ул. Вавилова, 53, корп. 1',
    extStatus: 'ACTIVE',
    phone: '88005118800',
    cashAllowed: false,
    cardAllowed: true,
    address: {
      country: 'RU',
      zipCode: '117312',
      region: 'Москва',
      city: 'Москва',
      street: 'Вавилова',
      house: '53',
      metroStation: 'Академическая',
      lat: 55.688,
      lng: 37.569,
    },
    workHours: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].map((day) => ({
      day,
      opensAt: '08:00',
      closesAt: '22:00',
    })),
    rate: [
      {
        rateType: 'HUB_SPB',
        zone: 'D2',
        rateValue: 230,
        vat: 20,
        rateValueWithVat: 276,
        rateExtraValue: 40,
        rateExtraValueWithVat: 48,
        rateCurrency: 'RUB',
      },
      {
        rateType: 'HUB_MOSCOW',
        zone: '1',
        rateValue: 165.83,
        vat: 20,
        rateValueWithVat: 199,
        rateExtraValue: 25,
        rateExtraValueWithVat: 30,
        rateCurrency: 'RUB',
      },
    ],
    deliverySL: [{ sl: 3, minimalSl: 2, slCode: '10' }],
    ...overrides,
  };
}

function client(timeoutMs = 2000) {
  return createFivePostClient({ apiUrl: server.url, apiKey: API_KEY, timeoutMs, pageSize: 2 });
}

beforeAll(async () => {
  server = await startFakeCarrierServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  jwtIssued = 0;
  server.handle((request) => {
    if (request.method === 'POST' && request.path === '/jwt-generate-claims/rs256/1') {
      const form = new URLSearchParams(request.body);
      if (
        request.query.get('apikey') !== API_KEY ||
        form.get('subject') !== 'OpenAPI' ||
        form.get('audience') !== 'A122019!'
      ) {
        return { status: 401, json: { status: 'error', error: 'invalid api key' } };
      }
      jwtIssued += 1;
      return { json: { status: 'ok', jwt: fakeJwt(Math.floor(Date.now() / 1000) + 3600) } };
    }
    if (request.method === 'POST' && request.path === '/api/v1/pickuppoints/query') {
      if (!String(request.headers.authorization).startsWith('Bearer ey')) return { status: 401, json: {} };
      const { pageNumber, pageSize } = JSON.parse(request.body) as { pageNumber: number; pageSize: number };
      const pages = [
        [
          point('a1b2c3d4-0000-4000-8000-000000000001'),
          point('a1b2c3d4-0000-4000-8000-000000000002', { extStatus: 'INACTIVE' }),
        ],
        [point('a1b2c3d4-0000-4000-8000-000000000003', { rate: [], deliverySL: [], workHours: [] })],
      ];
      return {
        json: {
          content: pages[pageNumber] ?? [],
          totalPages: pages.length,
          totalElements: 3,
          numberOfElements: pageSize,
        },
      };
    }
    return { status: 404, json: {} };
  });
});

describe('5Post client', () => {
  it('takes a JWT by api key and reads every page of points', async () => {
    const points = await client().fetchPoints();
    expect(points.map((entry) => entry.code)).toEqual([
      'a1b2c3d4-0000-4000-8000-000000000001',
      'a1b2c3d4-0000-4000-8000-000000000003',
    ]);
    expect(points[0]).toEqual({
      provider: 'fivepost',
      code: 'a1b2c3d4-0000-4000-8000-000000000001',
      type: 14,
      city: 'Москва',
      address: 'ул. Вавилова, 53, корп. 1',
      name: '5POST-00513',
      zip: '117312',
      metro: 'Академическая',
      lat: 55.688,
      lon: 37.569,
      workHours: 'Ежедневно 08:00–22:00',
      // The cheapest hub's rate.
      details: { rate: 199, baseWeightGrams: 3000, ratePerKg: 30, days: 3, phone: '88005118800' },
    });
    const pages = server.requests.filter((request) => request.path === '/api/v1/pickuppoints/query');
    expect(pages.map((request) => JSON.parse(request.body))).toEqual([
      { pageSize: 2, pageNumber: 0 },
      { pageSize: 2, pageNumber: 1 },
    ]);
    expect(jwtIssued).toBe(1);
  });

  it('reuses the JWT until it expires', async () => {
    const fivepost = client();
    await fivepost.fetchPoints();
    await fivepost.fetchPoints();
    expect(jwtIssued).toBe(1);
  });

  it('refuses a wrong api key without repeating it', async () => {
    const wrong = createFivePostClient({ apiUrl: server.url, apiKey: 'wrong-key-123', timeoutMs: 2000 });
    const error = await wrong.fetchPoints().catch((caught) => caught);
    expect(error).toMatchObject({ provider: 'fivepost', kind: 'api', status: 401 });
    expect(String(error.message)).not.toContain('wrong-key-123');
  });

  it('reports a failing points call and gives up after its time limit', async () => {
    server.handle((request) =>
      request.path === '/jwt-generate-claims/rs256/1'
        ? { json: { status: 'ok', jwt: fakeJwt(Math.floor(Date.now() / 1000) + 3600) } }
        : { status: 503, text: 'Service Unavailable' },
    );
    await expect(client().fetchPoints()).rejects.toMatchObject({
      provider: 'fivepost',
      kind: 'http',
      status: 503,
    });
    server.handle(() => ({ json: {}, delayMs: 2000 }));
    await expect(client(150).fetchPoints()).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('prices a locker from the rate that came with the point, plus each kilogram over 3 kg', async () => {
    const [fetched] = await client().fetchPoints();
    const tariffs = createFivePostTariffs(async (code) => (code === fetched!.code ? fetched! : null), true);
    const light = await tariffs.quote({ pvzCode: fetched!.code, weightGrams: 900, declaredValue: 1000 });
    expect(light).toEqual([
      {
        provider: 'fivepost',
        kind: 14,
        tariff: 'fivepost:locker',
        name: 'Постамат 5Post',
        price: 199,
        daysMin: 2,
        daysMax: 3,
      },
    ]);
    const heavy = await tariffs.quote({ pvzCode: fetched!.code, weightGrams: 4500, declaredValue: 1000 });
    expect(heavy[0]?.price).toBe(199 + 2 * 30);
    expect(await tariffs.quote({ pvzCode: 'unknown', weightGrams: 900, declaredValue: 1 })).toEqual([]);
  });
});
