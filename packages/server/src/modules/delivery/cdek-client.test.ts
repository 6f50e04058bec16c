// The CDEK v2 client against a local server speaking CDEK's documented API: OAuth token, tarifflist, deliverypoints.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCdekClient } from './cdek-client.ts';
import { ProviderError } from './delivery-providers.ts';
import {
  type FakeCarrierServer,
  type RecordedRequest,
  startFakeCarrierServer,
} from './fake-carrier-server.ts';

let server: FakeCarrierServer;
let clock = 1_000_000;
let tokensIssued = 0;

const SECRET = 'cdek-secret-do-not-leak';

function client(timeoutMs = 2000) {
  return createCdekClient({
    apiUrl: `${server.url}/`,
    clientId: 'shop-account',
    clientSecret: SECRET,
    fromZip: '101000',
    timeoutMs,
    now: () => clock,
  });
}

function tokenAnswer(request: RecordedRequest) {
  const form = new URLSearchParams(request.body);
  if (
    request.headers['content-type'] !== 'application/x-www-form-urlencoded' ||
    form.get('grant_type') !== 'client_credentials' ||
    form.get('client_id') !== 'shop-account' ||
    form.get('client_secret') !== SECRET
  ) {
    return { status: 401, json: { error: 'invalid_client' } };
  }
  tokensIssued += 1;
  return {
    json: {
      access_token: `token-${tokensIssued}`,
      token_type: 'bearer',
      expires_in: 3599,
      scope: 'order:all payment:all',
      jti: `jti-${tokensIssued}`,
    },
  };
}

const TARIFF_LIST = {
  tariff_codes: [
    {
      tariff_code: 136,
      tariff_name: 'Посылка склад-склад',
      tariff_description: '',
      delivery_mode: 4,
      delivery_sum: 312.5,
      period_min: 2,
      period_max: 4,
    },
    {
      tariff_code: 137,
      tariff_name: 'Посылка склад-дверь',
      tariff_description: '',
      delivery_mode: 3,
      delivery_sum: 455,
      period_min: 2,
      period_max: 4,
    },
    {
      tariff_code: 368,
      tariff_name: 'Посылка склад-постамат',
      tariff_description: '',
      delivery_mode: 7,
      delivery_sum: 280,
      period_min: 3,
      period_max: 5,
    },
    // Door pick-ups are not how we ship: ignored.
    {
      tariff_code: 139,
      tariff_name: 'Посылка дверь-дверь',
      tariff_description: '',
      delivery_mode: 1,
      delivery_sum: 610,
      period_min: 2,
      period_max: 4,
    },
  ],
};

beforeAll(async () => {
  server = await startFakeCarrierServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  tokensIssued = 0;
  clock = 1_000_000;
  server.handle((request) => {
    if (request.method === 'POST' && request.path === '/v2/oauth/token') return tokenAnswer(request);
    if (request.headers.authorization !== `Bearer token-${tokensIssued}`) return { status: 401, json: {} };
    if (request.method === 'POST' && request.path === '/v2/calculator/tarifflist')
      return { json: TARIFF_LIST };
    return { status: 404, json: {} };
  });
});

describe('CDEK client', () => {
  it('gets a token by client credentials and prices by tarifflist', async () => {
    const quotes = await client().quote({ toZip: '420111', weightGrams: 850, declaredValue: 3200 });
    expect(quotes).toEqual([
      {
        provider: 'cdek',
        kind: 7,
        tariff: 'cdek:136',
        name: 'Посылка склад-склад',
        price: 313,
        daysMin: 2,
        daysMax: 4,
      },
      {
        provider: 'cdek',
        kind: 6,
        tariff: 'cdek:137',
        name: 'Посылка склад-дверь',
        price: 455,
        daysMin: 2,
        daysMax: 4,
      },
      {
        provider: 'cdek',
        kind: 9,
        tariff: 'cdek:368',
        name: 'Посылка склад-постамат',
        price: 280,
        daysMin: 3,
        daysMax: 5,
      },
    ]);
    const calc = server.requests.find((request) => request.path === '/v2/calculator/tarifflist')!;
    expect(calc.headers['content-type']).toBe('application/json');
    const body = JSON.parse(calc.body);
    expect(body.from_location).toEqual({ postal_code: '101000', country_code: 'RU' });
    expect(body.to_location).toEqual({ postal_code: '420111', country_code: 'RU' });
    expect(body.packages[0].weight).toBe(850);
  });

  it('keeps the token until it expires, then asks for a new one', async () => {
    const cdek = client();
    await cdek.quote({ toZip: '420111', weightGrams: 500, declaredValue: 1000 });
    await cdek.quote({ toZip: '190000', weightGrams: 500, declaredValue: 1000 });
    expect(server.requests.filter((request) => request.path === '/v2/oauth/token')).toHaveLength(1);
    clock += 3600 * 1000;
    await cdek.quote({ toZip: '190000', weightGrams: 500, declaredValue: 1000 });
    expect(server.requests.filter((request) => request.path === '/v2/oauth/token')).toHaveLength(2);
  });

  it('shares one token request between parallel calls', async () => {
    const cdek = client();
    await Promise.all(
      [1, 2, 3].map(() => cdek.quote({ toZip: '420111', weightGrams: 500, declaredValue: 1 })),
    );
    expect(server.requests.filter((request) => request.path === '/v2/oauth/token')).toHaveLength(1);
  });

  it('renews a token the server no longer accepts, once', async () => {
    const cdek = client();
    await cdek.quote({ toZip: '420111', weightGrams: 500, declaredValue: 1 });
    // The server forgets the token: the next call gets 401, takes a new token and succeeds.
    tokensIssued += 1;
    const quotes = await cdek.quote({ toZip: '420112', weightGrams: 500, declaredValue: 1 });
    expect(quotes).toHaveLength(3);
  });

  it('sends the pickup point destination and leaves out courier tariffs', async () => {
    const quotes = await client().quote({
      pvzCode: 'KZN15',
      toZip: '420111',
      toCity: 'Казань',
      weightGrams: 500,
      declaredValue: 1,
    });
    expect(quotes.map((quote) => quote.kind)).toEqual([7, 9]);
  });

  it('reports an API error as a ProviderError without secrets', async () => {
    server.handle((request) => {
      if (request.path === '/v2/oauth/token') return tokenAnswer(request);
      return { status: 400, json: { errors: [{ code: 'v2_entity_not_found', message: 'Город не найден' }] } };
    });
    const error = await client()
      .quote({ toZip: '999999', weightGrams: 500, declaredValue: 1 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('http');
    expect((error as ProviderError).message).not.toContain(SECRET);
  });

  it('reports `errors` in a 200 answer without tariffs', async () => {
    server.handle((request) => {
      if (request.path === '/v2/oauth/token') return tokenAnswer(request);
      return { json: { errors: [{ code: 'v2_invalid_value_type', message: 'Неверный формат' }] } };
    });
    await expect(
      client().quote({ toZip: '420111', weightGrams: 500, declaredValue: 1 }),
    ).rejects.toMatchObject({
      provider: 'cdek',
      kind: 'api',
    });
  });

  it('refuses wrong credentials', async () => {
    const wrong = createCdekClient({
      apiUrl: server.url,
      clientId: 'shop-account',
      clientSecret: 'not-the-secret',
      fromZip: '101000',
      timeoutMs: 2000,
    });
    const error = await wrong
      .quote({ toZip: '420111', weightGrams: 500, declaredValue: 1 })
      .catch((caught) => caught);
    expect(error).toMatchObject({ provider: 'cdek', kind: 'api', status: 401 });
    expect(String(error.message)).not.toContain('not-the-secret');
  });

  it('gives up after its time limit', async () => {
    server.handle(() => ({ json: {}, delayMs: 2000 }));
    const started = Date.now();
    await expect(
      client(150).quote({ toZip: '420111', weightGrams: 500, declaredValue: 1 }),
    ).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('lists delivery points: PVZ as kind 7, POSTAMAT as kind 9', async () => {
    server.handle((request) => {
      if (request.path === '/v2/oauth/token') return tokenAnswer(request);
      if (request.path !== '/v2/deliverypoints') return { status: 404, json: {} };
      return {
        json: [
          {
            code: 'MSK27',
            name: 'Чертановская',
            uuid: '841abd2c-ddb5-44e5-8ecf-3bddc98d582b',
            address_comment: 'Выход из метро направо',
            nearest_metro_station: 'Чертановская',
            work_time: 'Пн-Пт 10:00-20:00, Сб-Вс 10:00-18:00',
            phones: [{ number: '+79856185001' }],
            type: 'PVZ',
            owner_code: 'CDEK',
            location: {
              country_code: 'RU',
              city_code: 44,
              city: 'Москва',
              postal_code: '117639',
              longitude: 37.61026,
              latitude: 55.64042,
              address: 'пр-т Балаклавский, 5',
              address_full: '117639, Россия, Москва, Москва, пр-т Балаклавский, 5',
            },
          },
          {
            code: 'MSK1500',
            name: 'Постамат',
            type: 'POSTAMAT',
            work_time: 'Круглосуточно',
            location: {
              city: 'Москва',
              postal_code: '129090',
              longitude: 37.633,
              latitude: 55.78,
              address: 'пр-т Мира, 40',
            },
          },
          { code: 'BROKEN', name: 'Без координат', type: 'PVZ', location: { city: 'Москва' } },
        ],
      };
    });
    const points = await client().fetchPoints();
    const listed = server.requests.find((request) => request.path === '/v2/deliverypoints')!;
    expect(listed.query.get('country_code')).toBe('RU');
    expect(listed.headers.authorization).toBe('Bearer token-1');
    expect(points).toEqual([
      {
        provider: 'cdek',
        code: 'MSK27',
        type: 7,
        city: 'Москва',
        address: 'пр-т Балаклавский, 5',
        name: 'Чертановская',
        zip: '117639',
        metro: 'Чертановская',
        lat: 55.64042,
        lon: 37.61026,
        workHours: 'Пн-Пт 10:00-20:00, Сб-Вс 10:00-18:00',
        details: { phone: '+79856185001', note: 'Выход из метро направо' },
      },
      expect.objectContaining({ code: 'MSK1500', type: 9, zip: '129090' }),
    ]);
  });
});
