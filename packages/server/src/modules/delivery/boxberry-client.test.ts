// The Boxberry client against a local server speaking Boxberry's json.php API: DeliveryCosts and ListPoints.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBoxberryClient } from './boxberry-client.ts';
import { type FakeCarrierServer, startFakeCarrierServer } from './fake-carrier-server.ts';

let server: FakeCarrierServer;
const TOKEN = 'bb-token-do-not-leak';

function client(timeoutMs = 2000) {
  return createBoxberryClient({
    apiUrl: `${server.url}/json.php`,
    token: TOKEN,
    fromZip: '101000',
    timeoutMs,
  });
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
    if (request.path !== '/json.php' || request.query.get('token') !== TOKEN) {
      return { json: [{ err: 'Ошибка авторизации: неверный token' }] };
    }
    if (request.query.get('method') === 'DeliveryCosts') {
      return request.query.get('target')
        ? { json: { price: 289.5, price_base: 250, price_service: 39.5, delivery_period: 3 } }
        : { json: { price: '420', price_base: '380', price_service: '40', delivery_period: '2' } };
    }
    return { json: { err: 'Неизвестный метод' } };
  });
});

describe('Boxberry client', () => {
  it('prices delivery to a pickup point by target', async () => {
    const quotes = await client().quote({
      pvzCode: '77611',
      toZip: '105062',
      weightGrams: 740,
      declaredValue: 2590,
    });
    expect(quotes).toEqual([
      {
        provider: 'boxberry',
        kind: 10,
        tariff: 'boxberry:pvz',
        name: 'До пункта выдачи Boxberry',
        price: 290,
        daysMin: 3,
        daysMax: 3,
      },
    ]);
    const query = server.requests[0]!.query;
    expect(query.get('method')).toBe('DeliveryCosts');
    expect(query.get('target')).toBe('77611');
    expect(query.get('zip')).toBeNull();
    expect(query.get('weight')).toBe('740');
    expect(query.get('ordersum')).toBe('2590');
    expect(query.get('paysum')).toBe('0');
  });

  it('prices courier delivery by zip', async () => {
    const quotes = await client().quote({ toZip: '420111', weightGrams: 500, declaredValue: 1000 });
    expect(quotes).toEqual([
      {
        provider: 'boxberry',
        kind: 11,
        tariff: 'boxberry:courier',
        name: 'Курьер Boxberry',
        price: 420,
        daysMin: 2,
        daysMax: 2,
      },
    ]);
    expect(server.requests[0]!.query.get('zip')).toBe('420111');
  });

  it('reports {err} answers (status 200) as failures without the token', async () => {
    const wrong = createBoxberryClient({
      apiUrl: `${server.url}/json.php`,
      token: 'wrong',
      fromZip: '101000',
      timeoutMs: 2000,
    });
    const error = await wrong
      .quote({ toZip: '420111', weightGrams: 500, declaredValue: 1 })
      .catch((caught) => caught);
    expect(error).toMatchObject({ provider: 'boxberry', kind: 'api' });
    expect(String(error.message)).not.toContain('wrong');

    server.handle(() => ({ json: { err: 'Не найден пункт выдачи' } }));
    await expect(
      client().quote({ pvzCode: '00000', weightGrams: 1, declaredValue: 1 }),
    ).rejects.toMatchObject({
      kind: 'api',
    });
  });

  it('reports a server failure and a non-JSON answer', async () => {
    server.handle(() => ({ status: 502, text: '<html>Bad gateway</html>' }));
    const error = await client()
      .quote({ toZip: '420111', weightGrams: 1, declaredValue: 1 })
      .catch((caught) => caught);
    expect(error).toMatchObject({ provider: 'boxberry', kind: 'http', status: 502 });
    expect(String(error.message)).not.toContain(TOKEN);
  });

  it('gives up after its time limit', async () => {
    server.handle(() => ({ json: {}, delayMs: 2000 }));
    await expect(
      client(150).quote({ toZip: '420111', weightGrams: 1, declaredValue: 1 }),
    ).rejects.toMatchObject({
      kind: 'timeout',
    });
  });

  it('lists points with coordinates, postal code and schedule', async () => {
    server.handle((request) =>
      request.query.get('method') === 'ListPoints' && request.query.get('prepaid') === '1'
        ? {
            json: [
              {
                Code: '77611',
                Name: 'Москва Покровка_7761',
                Address: '105062, Москва г, Покровка ул, д.27, стр.1',
                Phone: '8-800-700-54-30',
                WorkShedule: 'пн-пт:10.00-20.00, сб:10.00-16.00',
                TripDescription: 'Вход со двора',
                DeliveryPeriod: '1',
                CityCode: '68',
                CityName: 'Москва',
                GPS: '55.7585,37.6462',
                AddressReduce: 'Покровка ул, д.27, стр.1',
                Metro: 'Чистые пруды',
              },
              { Code: '00001', Name: 'Без координат', CityName: 'Москва', GPS: '' },
            ],
          }
        : { json: { err: 'bad' } },
    );
    expect(await client().fetchPoints()).toEqual([
      {
        provider: 'boxberry',
        code: '77611',
        type: 10,
        city: 'Москва',
        address: 'Покровка ул, д.27, стр.1',
        name: 'Москва Покровка_7761',
        zip: '105062',
        metro: 'Чистые пруды',
        lat: 55.7585,
        lon: 37.6462,
        workHours: 'пн-пт:10.00-20.00, сб:10.00-16.00',
        details: { phone: '8-800-700-54-30', note: 'Вход со двора', days: 1 },
      },
    ]);
  });
});
