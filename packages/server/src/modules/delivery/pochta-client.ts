// Russian Post tariff calculator client: GET /v2/calculate/tariff/delivery?json&object=…&from=…&to=…&weight=…
// answers the price in kopecks with VAT (`paynds`) and the delivery terms (`delivery.min`/`delivery.max`).
import {
  isRecord,
  ProviderError,
  requestJson,
  type TariffProvider,
  toNumber,
  toRoubles,
} from './delivery-providers.ts';

export interface PochtaOptions {
  /** e.g. https://tariff.pochta.ru */
  tariffUrl: string;
  fromZip: string;
  timeoutMs: number;
}

/** «Посылка стандарт» (object 27030 of the calculator's object table). */
export const POCHTA_PARCEL_OBJECT = 27030;

export function createPochtaClient(options: PochtaOptions): TariffProvider {
  const base = options.tariffUrl.replace(/\/+$/, '');
  return {
    name: 'pochta',
    online: true,
    kinds: [2],
    async quote(input) {
      const to = input.toZip ?? (input.toCity ? null : options.fromZip);
      if (!to) return [];
      const query = new URLSearchParams({
        object: String(POCHTA_PARCEL_OBJECT),
        from: options.fromZip,
        to,
        weight: String(Math.max(1, Math.round(input.weightGrams))),
      });
      const answer = await requestJson(`${base}/v2/calculate/tariff/delivery?json&${query.toString()}`, {
        provider: 'pochta',
        timeoutMs: options.timeoutMs,
      });
      const body = answer.json;
      if (!isRecord(body)) throw new ProviderError('pochta', 'format', 'неожиданный ответ', answer.status);
      const errors = Array.isArray(body.errors) ? body.errors : Array.isArray(body.error) ? body.error : [];
      if (answer.status < 200 || answer.status >= 300 || errors.length > 0) {
        throw new ProviderError('pochta', 'api', `расчёт не выполнен (${answer.status})`, answer.status);
      }
      const kopecks = toNumber(body.paynds) ?? toNumber(body.pay);
      if (kopecks === null) throw new ProviderError('pochta', 'format', 'нет цены в ответе');
      const delivery = isRecord(body.delivery) ? body.delivery : {};
      const daysMax = toNumber(delivery.max) ?? toNumber(delivery.min) ?? 0;
      return [
        {
          provider: 'pochta',
          kind: 2,
          tariff: `pochta:${POCHTA_PARCEL_OBJECT}`,
          name:
            typeof body.name === 'string' && body.name.trim()
              ? body.name.trim().slice(0, 200)
              : 'Посылка стандарт',
          price: toRoubles(kopecks / 100),
          daysMin: toNumber(delivery.min) ?? daysMax,
          daysMax,
        },
      ];
    },
  };
}
