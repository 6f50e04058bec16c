// Boxberry API client: json.php?token=…&method=DeliveryCosts for prices (to a point by `target`, to the door by
// `zip`) and method=ListPoints for the points. Boxberry reports failures as {err} (or [{err}]) with status 200.
import {
  isRecord,
  type PickupPoint,
  type PickupPointSource,
  ProviderError,
  requestJson,
  type TariffProvider,
  toNumber,
  toRoubles,
  toText,
} from './delivery-providers.ts';

export interface BoxberryOptions {
  apiUrl: string;
  token: string;
  /** Postal code used for an indicative courier price when no destination is known. */
  fromZip: string;
  timeoutMs: number;
}

function errorOf(body: unknown): string | null {
  const first = Array.isArray(body) && body.length === 1 ? body[0] : body;
  if (isRecord(first) && typeof first.err === 'string' && first.err.trim() !== '') return first.err;
  return null;
}

export function createBoxberryClient(options: BoxberryOptions): TariffProvider & PickupPointSource {
  async function call(method: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(options.apiUrl);
    url.searchParams.set('token', options.token);
    url.searchParams.set('method', method);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const answer = await requestJson(url.toString(), { provider: 'boxberry', timeoutMs: options.timeoutMs });
    if (answer.status < 200 || answer.status >= 300) {
      throw new ProviderError('boxberry', 'http', `ошибка ${answer.status}`, answer.status);
    }
    // Boxberry's own text may repeat request details; it is not passed on.
    if (errorOf(answer.json) !== null) throw new ProviderError('boxberry', 'api', 'запрос отклонён');
    return answer.json;
  }

  return {
    name: 'boxberry',
    online: true,
    kinds: [10, 11],

    async quote(input) {
      const zip = input.toZip ?? (input.toCity ? undefined : options.fromZip);
      if (!input.pvzCode && !zip) return [];
      const body = await call('DeliveryCosts', {
        weight: String(Math.max(1, Math.round(input.weightGrams))),
        ordersum: String(Math.max(0, Math.round(input.declaredValue))),
        deliverysum: '0',
        // The order is paid online, so nothing is collected at the point.
        paysum: '0',
        ...(input.pvzCode ? { target: input.pvzCode } : { zip: zip as string }),
      });
      if (!isRecord(body)) throw new ProviderError('boxberry', 'format', 'неожиданный ответ');
      const price = toNumber(body.price);
      if (price === null) throw new ProviderError('boxberry', 'format', 'нет цены в ответе');
      const days = toNumber(body.delivery_period) ?? 0;
      return [
        input.pvzCode
          ? {
              provider: 'boxberry',
              kind: 10,
              tariff: 'boxberry:pvz',
              name: 'До пункта выдачи Boxberry',
              price: toRoubles(price),
              daysMin: days,
              daysMax: days,
            }
          : {
              provider: 'boxberry',
              kind: 11,
              tariff: 'boxberry:courier',
              name: 'Курьер Boxberry',
              price: toRoubles(price),
              daysMin: days,
              daysMax: days,
            },
      ];
    },

    async fetchPoints() {
      const body = await call('ListPoints', { prepaid: '1' });
      if (!Array.isArray(body)) throw new ProviderError('boxberry', 'format', 'неожиданный ответ');
      const points: PickupPoint[] = [];
      for (const item of body) {
        if (!isRecord(item)) continue;
        const [lat, lon] = toText(item.GPS, 60)
          .split(',')
          .map((part) => toNumber(part.trim()));
        const code = toText(item.Code, 64);
        const city = toText(item.CityName, 100);
        if (lat === null || lat === undefined || lon === null || lon === undefined || !code || !city)
          continue;
        const address = toText(item.Address, 300);
        const days = toNumber(item.DeliveryPeriod);
        points.push({
          provider: 'boxberry',
          code,
          type: 10,
          city,
          address: toText(item.AddressReduce, 300) || address,
          name: toText(item.Name, 200) || code,
          zip: /^(\d{6})/.exec(address)?.[1] ?? '',
          metro: toText(item.Metro, 100),
          lat,
          lon,
          workHours: toText(item.WorkShedule, 200),
          details: {
            ...(toText(item.Phone, 60) ? { phone: toText(item.Phone, 60) } : {}),
            ...(toText(item.TripDescription) ? { note: toText(item.TripDescription) } : {}),
            ...(days !== null ? { days } : {}),
          },
        });
      }
      return points;
    },
  };
}
