// CDEK API v2 client: OAuth client-credentials token (cached until it expires), prices from
// POST /v2/calculator/tarifflist, pickup points from GET /v2/deliverypoints and a parcel's status from
// GET /v2/orders?cdek_number= (shipment tracking, decision 029).
import type { DeliveryKindId } from '@efir/domain/delivery-catalogue';
import {
  isRecord,
  type PickupPoint,
  type PickupPointSource,
  ProviderError,
  type Quote,
  requestJson,
  type TariffProvider,
  toNumber,
  toRoubles,
  toText,
} from './delivery-providers.ts';

export interface CdekOptions {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Postal code parcels leave from. */
  fromZip: string;
  timeoutMs: number;
  now?: () => number;
}

/** CDEK delivery_mode → our kind: only modes that start at CDEK's warehouse (we hand parcels in at a point). */
const KIND_BY_MODE: Record<number, DeliveryKindId> = { 3: 6, 4: 7, 7: 9 };

/** A token is renewed this long before CDEK says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** A parcel's latest status at CDEK (its code, e.g. DELIVERED, from CDEK's status list). */
export interface CdekParcelStatus {
  code: string;
  name: string;
  dateTime: string;
}

/** CDEK writes offsets without a colon (2020-08-10T21:32:13+0700); unreadable times sort first. */
function parseCdekTime(text: string): number {
  const time = Date.parse(text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(time) ? 0 : time;
}

export interface CdekTracking {
  /** The parcel's latest status by CDEK's number (the tracking number); null when CDEK does not know it. */
  parcelStatus(cdekNumber: string): Promise<CdekParcelStatus | null>;
}

export function createCdekClient(options: CdekOptions): TariffProvider & PickupPointSource & CdekTracking {
  const base = options.apiUrl.replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const answer = await requestJson(`${base}/v2/oauth/token`, {
      provider: 'cdek',
      timeoutMs: options.timeoutMs,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: options.clientId,
        client_secret: options.clientSecret,
      }),
    });
    const body = answer.json;
    if (answer.status !== 200 || !isRecord(body) || typeof body.access_token !== 'string') {
      throw new ProviderError('cdek', 'api', `авторизация не прошла (${answer.status})`, answer.status);
    }
    const lifetimeMs = (toNumber(body.expires_in) ?? 3600) * 1000;
    token = { value: body.access_token, expiresAt: now() + Math.max(0, lifetimeMs - TOKEN_MARGIN_MS) };
    return body.access_token;
  }

  async function getToken(): Promise<string> {
    if (token && now() < token.expiresAt) return token.value;
    // Parallel calls share one token request.
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function call(path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<unknown> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const accessToken = await getToken();
      const answer = await requestJson(`${base}${path}`, {
        provider: 'cdek',
        timeoutMs: options.timeoutMs,
        method: init.method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      // A token revoked before its time: fetch a new one once.
      if (answer.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (answer.status < 200 || answer.status >= 300) {
        throw new ProviderError('cdek', 'http', `ошибка ${answer.status}`, answer.status);
      }
      return answer.json;
    }
    throw new ProviderError('cdek', 'api', 'авторизация не прошла', 401);
  }

  return {
    name: 'cdek',
    online: true,
    kinds: [6, 7, 9],

    async quote(input) {
      const toLocation = input.toZip
        ? { postal_code: input.toZip, country_code: 'RU' }
        : input.toCity
          ? { city: input.toCity, country_code: 'RU' }
          : { postal_code: options.fromZip, country_code: 'RU' };
      const body = await call('/v2/calculator/tarifflist', {
        method: 'POST',
        body: {
          // 1 = online-shop order; currency 1 = RUB.
          type: 1,
          currency: 1,
          lang: 'rus',
          from_location: { postal_code: options.fromZip, country_code: 'RU' },
          to_location: toLocation,
          packages: [
            {
              weight: Math.max(100, Math.round(input.weightGrams)),
              // The shop's usual box when the goods' sizes are not all written.
              ...(input.dimensionsCm ?? { length: 20, width: 15, height: 10 }),
            },
          ],
        },
      });
      if (!isRecord(body)) throw new ProviderError('cdek', 'format', 'неожиданный ответ');
      const tariffs = Array.isArray(body.tariff_codes) ? body.tariff_codes : [];
      if (tariffs.length === 0 && Array.isArray(body.errors) && body.errors.length > 0) {
        const first = body.errors[0];
        const code = isRecord(first) ? toText(first.code, 60) : '';
        throw new ProviderError('cdek', 'api', `расчёт не выполнен${code ? ` (${code})` : ''}`);
      }
      const quotes: Quote[] = [];
      for (const tariff of tariffs) {
        if (!isRecord(tariff)) continue;
        const kind = KIND_BY_MODE[toNumber(tariff.delivery_mode) ?? 0];
        const code = toNumber(tariff.tariff_code);
        const sum = toNumber(tariff.delivery_sum);
        if (!kind || code === null || sum === null) continue;
        if (input.pvzCode && kind === 6) continue;
        const daysMin = toNumber(tariff.period_min) ?? toNumber(tariff.period_max) ?? 0;
        quotes.push({
          provider: 'cdek',
          kind,
          tariff: `cdek:${code}`,
          name: toText(tariff.tariff_name, 200) || `Тариф ${code}`,
          price: toRoubles(sum),
          daysMin,
          daysMax: toNumber(tariff.period_max) ?? daysMin,
        });
      }
      return quotes;
    },

    async parcelStatus(cdekNumber) {
      const body = await call(`/v2/orders?cdek_number=${encodeURIComponent(cdekNumber)}`, { method: 'GET' });
      if (!isRecord(body)) throw new ProviderError('cdek', 'format', 'неожиданный ответ');
      if (!isRecord(body.entity)) return null;
      const statuses = Array.isArray(body.entity.statuses) ? body.entity.statuses.filter(isRecord) : [];
      // The latest by its time, whatever order the list comes in.
      let latest: CdekParcelStatus | null = null;
      for (const status of statuses) {
        const code = toText(status.code, 60);
        const dateTime = toText(status.date_time, 40);
        if (!code) continue;
        if (!latest || parseCdekTime(dateTime) > parseCdekTime(latest.dateTime)) {
          latest = { code, name: toText(status.name, 200), dateTime };
        }
      }
      return latest;
    },

    async fetchPoints() {
      const body = await call('/v2/deliverypoints?country_code=RU&type=ALL&is_handout=true', {
        method: 'GET',
      });
      if (!Array.isArray(body)) throw new ProviderError('cdek', 'format', 'неожиданный ответ');
      const points: PickupPoint[] = [];
      for (const item of body) {
        if (!isRecord(item) || !isRecord(item.location)) continue;
        const location = item.location;
        const lat = toNumber(location.latitude);
        const lon = toNumber(location.longitude);
        const code = toText(item.code, 64);
        const city = toText(location.city, 100);
        if (lat === null || lon === null || !code || !city) continue;
        const phones = Array.isArray(item.phones) ? item.phones : [];
        const phone = isRecord(phones[0]) ? toText(phones[0].number, 30) : '';
        points.push({
          provider: 'cdek',
          code,
          type: item.type === 'POSTAMAT' ? 9 : 7,
          city,
          address: toText(location.address, 300) || toText(location.address_full, 300),
          name: toText(item.name, 200) || code,
          zip: toText(location.postal_code, 6),
          metro: toText(item.nearest_metro_station, 100),
          lat,
          lon,
          workHours: toText(item.work_time, 200),
          details: {
            ...(phone ? { phone } : {}),
            ...(toText(item.address_comment) ? { note: toText(item.address_comment) } : {}),
          },
        });
      }
      return points;
    },
  };
}
