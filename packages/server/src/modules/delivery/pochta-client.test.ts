// The Russian Post client against a local server speaking the tariff calculator's API.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCarrierServer, startFakeCarrierServer } from './fake-carrier-server.ts';
import { createPochtaClient } from './pochta-client.ts';

let server: FakeCarrierServer;

function client(timeoutMs = 2000) {
  return createPochtaClient({ tariffUrl: `${server.url}/`, fromZip: '101000', timeoutMs });
}

beforeAll(async () => {
  server = await startFakeCarrierServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.handle((request) => {
    if (request.path !== '/v2/calculate/tariff/delivery' || !request.query.has('json'))
      return { status: 404, json: {} };
    if (request.query.get('to') === '999999') {
      return { status: 200, json: { errors: [{ msg: 'Индекс 999999 не найден', code: 1301 }] } };
    }
    return {
      json: {
        caption: 'Расчет тарифов, контрольных сроков доставки',
        id: 27030,
        name: 'Посылка стандарт',
        from: 101000,
        to: Number(request.query.get('to')),
        weight: Number(request.query.get('weight')),
        pay: 34800,
        paynds: 41760,
        ndsrate: 20,
        nds: 6960,
        delivery: { min: 2, max: 4, deadline: '20260512T000000' },
      },
    };
  });
});

describe('Russian Post client', () => {
  it('asks the tariff calculator for a standard parcel and reads paynds and delivery terms', async () => {
    const quotes = await client().quote({ toZip: '630091', weightGrams: 1200, declaredValue: 4000 });
    expect(quotes).toEqual([
      {
        provider: 'pochta',
        kind: 2,
        tariff: 'pochta:27030',
        name: 'Посылка стандарт',
        price: 418,
        daysMin: 2,
        daysMax: 4,
      },
    ]);
    const { query } = server.requests[0]!;
    expect(query.get('object')).toBe('27030');
    expect(query.get('from')).toBe('101000');
    expect(query.get('to')).toBe('630091');
    expect(query.get('weight')).toBe('1200');
  });

  it('needs a postal code: a city alone gets no quote', async () => {
    expect(await client().quote({ toCity: 'Казань', weightGrams: 500, declaredValue: 1 })).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('reports the calculator’s errors', async () => {
    await expect(
      client().quote({ toZip: '999999', weightGrams: 500, declaredValue: 1 }),
    ).rejects.toMatchObject({
      provider: 'pochta',
      kind: 'api',
    });
    server.handle(() => ({ status: 500, text: 'Internal error' }));
    await expect(
      client().quote({ toZip: '630091', weightGrams: 500, declaredValue: 1 }),
    ).rejects.toMatchObject({
      provider: 'pochta',
      kind: 'http',
    });
  });

  it('gives up after its time limit', async () => {
    server.handle(() => ({ json: {}, delayMs: 2000 }));
    await expect(
      client(150).quote({ toZip: '630091', weightGrams: 500, declaredValue: 1 }),
    ).rejects.toMatchObject({
      kind: 'timeout',
    });
  });
});
