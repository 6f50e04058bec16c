// The adapter interfaces behind the calculator: who prices a parcel (TariffProvider) and who lists pickup points
// (PickupPointSource), plus the one HTTP helper every carrier client uses (time limit, errors without secrets).
import type { DeliveryKindId } from '@efir/domain/delivery-catalogue';

export type ProviderName = 'shop' | 'cdek' | 'boxberry' | 'pochta' | 'fivepost';

export const PROVIDER_TITLES: Record<ProviderName, string> = {
  shop: 'Эфир',
  cdek: 'CDEK',
  boxberry: 'Boxberry',
  pochta: 'Почта России',
  fivepost: '5Post',
};

export interface ParcelDimensions {
  length: number;
  width: number;
  height: number;
}

export interface QuoteInput {
  /** Destination postal code (courier and post). */
  toZip?: string;
  toCity?: string;
  /** The carrier's code of the chosen pickup point. */
  pvzCode?: string;
  weightGrams: number;
  /** The parcel's sides, whole cm, when every good in it has its size written; else the carrier's usual box. */
  dimensionsCm?: ParcelDimensions;
  /** Whole ₽: the cart total, declared for insurance. */
  declaredValue: number;
}

/** One way to deliver, as a carrier prices it (before the shop's free-delivery thresholds). */
export interface Quote {
  provider: ProviderName;
  kind: DeliveryKindId;
  /** `provider:code`, e.g. `cdek:136`; the Delivery form's `tarif`. */
  tariff: string;
  name: string;
  /** Whole ₽; null when the price is given on request. */
  price: number | null;
  daysMin: number;
  daysMax: number;
}

export interface TariffProvider {
  readonly name: ProviderName;
  /** true when the carrier's API answers, false for the offline tables. */
  readonly online: boolean;
  /** The kinds this provider can quote; a failure marks exactly these unavailable. */
  readonly kinds: readonly DeliveryKindId[];
  quote(input: QuoteInput): Promise<Quote[]>;
}

/** A pickup point or parcel locker as the calculator stores and shows it. */
export interface PickupPoint {
  provider: ProviderName;
  code: string;
  type: DeliveryKindId;
  city: string;
  address: string;
  name: string;
  zip: string;
  metro: string;
  lat: number;
  lon: number;
  workHours: string;
  details: {
    rate?: number;
    ratePerKg?: number;
    baseWeightGrams?: number;
    days?: number;
    phone?: string;
    note?: string;
  };
}

/** A carrier's full list of points, fetched now and then into the catalogue (the routes never wait for it). */
export interface PickupPointSource {
  readonly name: ProviderName;
  fetchPoints(): Promise<PickupPoint[]>;
}

/** Why a carrier call failed; the message names the carrier and the failure, never a token or a URL. */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly kind: 'timeout' | 'network' | 'http' | 'api' | 'format',
    message: string,
    readonly status: number | null = null,
  ) {
    super(`${PROVIDER_TITLES[provider]}: ${message}`);
    this.name = 'ProviderError';
  }
}

export interface HttpOptions {
  provider: ProviderName;
  timeoutMs: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
}

/** Answers are capped so a broken or hostile server cannot fill our memory. */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export interface HttpAnswer {
  status: number;
  json: unknown;
}

/** fetch with the carrier's time limit; any body that is not JSON is a `format` failure. */
export async function requestJson(url: string, options: HttpOptions): Promise<HttpAnswer> {
  const { provider } = options;
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: { accept: 'application/json', ...options.headers },
      body: options.body,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    // The URL may carry a token (Boxberry, 5Post): the message names the failure only.
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ProviderError(provider, 'timeout', `нет ответа за ${Math.round(options.timeoutMs / 1000)} с`);
    }
    throw new ProviderError(provider, 'network', 'сервис недоступен');
  }
  let text: string;
  try {
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_RESPONSE_BYTES) throw new Error('too large');
    text = await response.text();
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ProviderError(provider, 'timeout', `нет ответа за ${Math.round(options.timeoutMs / 1000)} с`);
    }
    throw new ProviderError(provider, 'format', 'ответ не прочитан', response.status);
  }
  let json: unknown = null;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      throw new ProviderError(
        provider,
        response.ok ? 'format' : 'http',
        `ответ ${response.status} не JSON`,
        response.status,
      );
    }
  }
  return { status: response.status, json };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function toNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value.replace(',', '.')))) {
    return Number(value.replace(',', '.'));
  }
  return null;
}

export function toText(value: unknown, max = 500): string {
  if (typeof value === 'string') return value.trim().slice(0, max);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** Whole roubles, rounded up: a carrier's 412.5 ₽ is charged as 413 ₽. */
export function toRoubles(value: number): number {
  return Math.max(0, Math.ceil(value - 1e-9));
}
