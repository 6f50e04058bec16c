// 5Post API client: a JWT from POST /jwt-generate-claims/rs256/1?apikey=… (cached until it expires), then the
// paged POST /api/v1/pickuppoints/query. 5Post has no price call: each point carries its rates, which we keep with
// the point and price from (tariff-tables.ts, createFivePostTariffs).
import {
  isRecord,
  type PickupPoint,
  type PickupPointSource,
  ProviderError,
  requestJson,
  toNumber,
  toText,
} from './delivery-providers.ts';

export interface FivePostOptions {
  apiUrl: string;
  apiKey: string;
  timeoutMs: number;
  pageSize?: number;
  now?: () => number;
}

/** 5Post's documented limits allow a few full downloads a day; never page past this many. */
const MAX_PAGES = 60;
const DAY_NAMES: Record<string, string> = {
  MON: 'Пн',
  TUE: 'Вт',
  WED: 'Ср',
  THU: 'Чт',
  FRI: 'Пт',
  SAT: 'Сб',
  SUN: 'Вс',
};

function expiryOf(jwt: string): number | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const exp = isRecord(claims) ? toNumber(claims.exp) : null;
    return exp === null ? null : exp * 1000;
  } catch {
    return null;
  }
}

function formatWorkHours(value: unknown): string {
  if (!Array.isArray(value)) return '';
  const days = value
    .filter(isRecord)
    .map((day) => ({
      day: DAY_NAMES[toText(day.day, 3)] ?? '',
      hours: `${toText(day.opensAt, 5)}–${toText(day.closesAt, 5)}`,
    }))
    .filter((day) => day.day);
  if (days.length === 7 && days.every((day) => day.hours === days[0]?.hours)) {
    return `Ежедневно ${days[0]?.hours}`;
  }
  return days.map((day) => `${day.day} ${day.hours}`).join(', ');
}

export function createFivePostClient(options: FivePostOptions): PickupPointSource {
  const base = options.apiUrl.replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  const pageSize = options.pageSize ?? 1000;
  let jwt: { value: string; expiresAt: number } | null = null;

  async function getJwt(): Promise<string> {
    if (jwt && now() < jwt.expiresAt) return jwt.value;
    const answer = await requestJson(
      `${base}/jwt-generate-claims/rs256/1?${new URLSearchParams({ apikey: options.apiKey })}`,
      {
        provider: 'fivepost',
        timeoutMs: options.timeoutMs,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ subject: 'OpenAPI', audience: 'A122019!' }),
      },
    );
    const body = answer.json;
    if (answer.status !== 200 || !isRecord(body) || typeof body.jwt !== 'string' || body.jwt === '') {
      throw new ProviderError('fivepost', 'api', `авторизация не прошла (${answer.status})`, answer.status);
    }
    // The token says when it expires; renew a minute early. Without `exp`, 5Post's documented hour.
    const expiresAt = (expiryOf(body.jwt) ?? now() + 3_600_000) - 60_000;
    jwt = { value: body.jwt, expiresAt };
    return body.jwt;
  }

  async function fetchPage(pageNumber: number): Promise<Record<string, unknown>> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const token = await getJwt();
      const answer = await requestJson(`${base}/api/v1/pickuppoints/query`, {
        provider: 'fivepost',
        timeoutMs: options.timeoutMs,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pageSize, pageNumber }),
      });
      if (answer.status === 401 && attempt === 0) {
        jwt = null;
        continue;
      }
      if (answer.status < 200 || answer.status >= 300 || !isRecord(answer.json)) {
        throw new ProviderError('fivepost', 'http', `ошибка ${answer.status}`, answer.status);
      }
      return answer.json;
    }
    throw new ProviderError('fivepost', 'api', 'авторизация не прошла', 401);
  }

  function toPoint(item: Record<string, unknown>): PickupPoint | null {
    if (item.extStatus !== undefined && item.extStatus !== 'ACTIVE') return null;
    const address = isRecord(item.address) ? item.address : {};
    const lat = toNumber(address.lat);
    const lon = toNumber(address.lng);
    const code = toText(item.id, 64);
    const city = toText(address.city, 100);
    if (lat === null || lon === null || !code || !city) return null;
    const rates = (Array.isArray(item.rate) ? item.rate : []).filter(isRecord);
    // Several hubs may price a point; the cheapest is the one our warehouse ships through.
    const rate = rates
      .map((entry) => ({
        base: toNumber(entry.rateValueWithVat) ?? toNumber(entry.rateValue),
        perKg: toNumber(entry.rateExtraValueWithVat) ?? toNumber(entry.rateExtraValue),
      }))
      .filter((entry) => entry.base !== null)
      .sort((a, b) => (a.base ?? 0) - (b.base ?? 0))[0];
    const service = (Array.isArray(item.deliverySL) ? item.deliverySL : []).find(isRecord);
    const days = service ? toNumber(service.sl) : null;
    return {
      provider: 'fivepost',
      code,
      type: 14,
      city,
      address: toText(item.shortAddress, 300) || toText(item.fullAddress, 300),
      name: toText(item.name, 200) || code,
      zip: toText(address.zipCode, 6),
      metro: toText(address.metroStation, 100),
      lat,
      lon,
      workHours: formatWorkHours(item.workHours),
      details: {
        ...(rate?.base != null ? { rate: rate.base, baseWeightGrams: 3000 } : {}),
        ...(rate?.perKg != null ? { ratePerKg: rate.perKg } : {}),
        ...(days !== null ? { days } : {}),
        ...(toText(item.additional) ? { note: toText(item.additional) } : {}),
        ...(toText(item.phone, 30) ? { phone: toText(item.phone, 30) } : {}),
      },
    };
  }

  return {
    name: 'fivepost',
    async fetchPoints() {
      const points: PickupPoint[] = [];
      let totalPages = 1;
      for (let page = 0; page < Math.min(totalPages, MAX_PAGES); page += 1) {
        const body = await fetchPage(page);
        const content = Array.isArray(body.content) ? body.content : [];
        for (const item of content) {
          const point = isRecord(item) ? toPoint(item) : null;
          if (point) points.push(point);
        }
        totalPages = Math.max(1, toNumber(body.totalPages) ?? 1);
      }
      return points;
    },
  };
}
