// Long on purpose: one pipeline (providers → quotes → options → an order's quote); carriers are in their own files.
// The delivery calculator: prices every way of delivery for a cart through the providers (carrier APIs when
// configured, tariff tables otherwise), applies the shop's free-delivery thresholds and the hydrolats rule, and
// prices the chosen way when an order is placed (quoteDelivery).
import {
  DELIVERY_KINDS,
  DELIVERY_METHODS,
  type DeliveryKindId,
  type DeliveryMethodId,
  ESTIMATE_CITIES,
  type EstimateCityName,
} from '@efir/domain/delivery-catalogue';
import {
  DELIVERY_METHOD_IDS,
  DELIVERY_METHOD_KINDS,
  type DeliveryEstimateWire,
  type DeliveryForm,
  type DeliveryListWire,
  type DeliveryMethodWire,
  type DeliveryOptionWire,
  formatDeliveryTerm,
  getMethodOfKind,
  HYDROLAT_REASON,
  isDeliveryStepReady,
  isKindAllowedForHydrolats,
  PICKUP_POINT_KINDS,
  type PickupPointWire,
} from '@efir/domain/delivery-rules';
import { FREE_DELIVERY_FROM } from '@efir/domain/delivery-tariffs';
import { formatRub } from '@efir/domain/money';
import { freeDeliveryThreshold } from '@efir/domain/shop-defaults';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createBoxberryClient } from './boxberry-client.ts';
import { createCdekClient } from './cdek-client.ts';
import { findPickupPoint, findRepresentativePoint, replaceProviderPoints } from './delivery.repo.ts';
import {
  type ParcelDimensions,
  type PickupPoint,
  type PickupPointSource,
  PROVIDER_TITLES,
  ProviderError,
  type ProviderName,
  type Quote,
  type QuoteInput,
  type TariffProvider,
} from './delivery-providers.ts';
import { createFivePostClient } from './fivepost-client.ts';
import { createPochtaClient } from './pochta-client.ts';
import {
  createBoxberryTable,
  createCdekTable,
  createFivePostTariffs,
  createPochtaTable,
  createShopTariffs,
} from './tariff-tables.ts';

/** What the calculator needs to know about the cart (the cart feature provides it). */
export interface CartSnapshot {
  /** Whole ₽ the customer pays for the goods. */
  total: number;
  /** The goods' weights as the catalogue knows them (estimated for those without one), packing included. */
  weightGrams: number;
  /** The parcel's sides, cm, when every good's size is known (the catalogue's parcel measure). */
  dimensionsCm?: ParcelDimensions;
  /** The cart holds hydrolats (katGlobal 12). */
  hydr: boolean;
  /** The free-delivery thresholds in force (the owner's settings, decision 060); the code's defaults without them. */
  freeFrom?: ReadonlyArray<{ kind: number; from: number | null }>;
}

/** From this cart total the shop pays for delivery of this kind; null: never free. */
function freeThreshold(cart: CartSnapshot, kind: DeliveryKindId): number | null {
  return cart.freeFrom ? freeDeliveryThreshold(cart.freeFrom, kind) : (FREE_DELIVERY_FROM[kind] ?? null);
}

export interface DeliveryProviders {
  tariffs: TariffProvider[];
  /** Carriers whose pickup points are synced into the catalogue (only those configured). */
  sources: PickupPointSource[];
}

export interface DeliveryDeps {
  db: Database;
  config: Config;
  /** Built from the config when omitted (tests inject their own). */
  providers?: DeliveryProviders;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/** The shop is in Moscow; the list of methods is priced for Moscow (spec §1: the current city is Moscow). */
export const SHOP_CITY = 'Москва';

/** The provider that prices each kind. */
export const KIND_PROVIDER: Record<DeliveryKindId, ProviderName> = {
  1: 'shop',
  3: 'shop',
  5: 'shop',
  8: 'shop',
  13: 'shop',
  6: 'cdek',
  7: 'cdek',
  9: 'cdek',
  10: 'boxberry',
  11: 'boxberry',
  2: 'pochta',
  14: 'fivepost',
};

/** Kinds a tariff must be chosen for (spec §4: 6, 11, 7, 9, 10 need a tarif). */
const TARIFF_KINDS: readonly number[] = [6, 7, 9, 10, 11];
/** Kinds delivered to an address, priced by its postal code. */
export const ADDRESS_KINDS: readonly DeliveryKindId[] = [1, 8, 2, 6, 11];

export function createDeliveryProviders(config: Config, db: Database): DeliveryProviders {
  const timeoutMs = config.DELIVERY_TIMEOUT_MS;
  const fromZip = config.DELIVERY_FROM_ZIP;
  const tariffs: TariffProvider[] = [createShopTariffs()];
  const sources: PickupPointSource[] = [];

  if (config.CDEK_CLIENT_ID && config.CDEK_CLIENT_SECRET) {
    const cdek = createCdekClient({
      apiUrl: config.CDEK_API_URL,
      clientId: config.CDEK_CLIENT_ID,
      clientSecret: config.CDEK_CLIENT_SECRET,
      fromZip,
      timeoutMs,
    });
    tariffs.push(cached(cdek));
    sources.push(cdek);
  } else {
    tariffs.push(createCdekTable());
  }

  if (config.BOXBERRY_TOKEN) {
    const boxberry = createBoxberryClient({
      apiUrl: config.BOXBERRY_API_URL,
      token: config.BOXBERRY_TOKEN,
      fromZip,
      timeoutMs,
    });
    tariffs.push(cached(boxberry));
    sources.push(boxberry);
  } else {
    tariffs.push(createBoxberryTable());
  }

  tariffs.push(
    config.POCHTA_TARIFF_URL
      ? cached(createPochtaClient({ tariffUrl: config.POCHTA_TARIFF_URL, fromZip, timeoutMs }))
      : createPochtaTable(),
  );

  if (config.FIVEPOST_API_KEY) {
    sources.push(
      createFivePostClient({ apiUrl: config.FIVEPOST_API_URL, apiKey: config.FIVEPOST_API_KEY, timeoutMs }),
    );
  }
  tariffs.push(
    createFivePostTariffs((code) => findPickupPoint(db, 14, code), Boolean(config.FIVEPOST_API_KEY)),
  );
  return { tariffs, sources };
}

/** Carrier prices for the same question are reused for 10 minutes; failures are not remembered. */
const QUOTE_CACHE_MS = 10 * 60 * 1000;
const QUOTE_CACHE_SIZE = 500;

export function cached(provider: TariffProvider, ttlMs = QUOTE_CACHE_MS): TariffProvider {
  const entries = new Map<string, { at: number; quotes: Quote[] }>();
  return {
    name: provider.name,
    online: provider.online,
    kinds: provider.kinds,
    async quote(input) {
      const key = JSON.stringify([
        input.toZip,
        input.toCity,
        input.pvzCode,
        input.weightGrams,
        input.declaredValue,
      ]);
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.quotes;
      const quotes = await provider.quote(input);
      if (entries.size >= QUOTE_CACHE_SIZE) entries.delete(entries.keys().next().value as string);
      entries.set(key, { at: Date.now(), quotes });
      return quotes;
    },
  };
}

const providerCache = new WeakMap<Config, WeakMap<Database, DeliveryProviders>>();

/** One provider set per config and database, so CDEK's token and the price cache live across requests. */
export function getDeliveryProviders(deps: DeliveryDeps): DeliveryProviders {
  if (deps.providers) return deps.providers;
  let byDb = providerCache.get(deps.config);
  if (!byDb) {
    byDb = new WeakMap();
    providerCache.set(deps.config, byDb);
  }
  let providers = byDb.get(deps.db);
  if (!providers) {
    providers = createDeliveryProviders(deps.config, deps.db);
    byDb.set(deps.db, providers);
  }
  return providers;
}

type QuoteOutcome = { provider: TariffProvider; quotes: Quote[]; failed: boolean };

/** A carrier that fails or times out yields `failed`, never an exception: the other ways still get priced. */
async function safeQuote(
  deps: DeliveryDeps,
  provider: TariffProvider,
  input: QuoteInput,
): Promise<QuoteOutcome> {
  try {
    return { provider, quotes: await provider.quote(input), failed: false };
  } catch (error) {
    deps.log?.warn(
      {
        provider: provider.name,
        failure: error instanceof ProviderError ? error.kind : 'unexpected',
        status: error instanceof ProviderError ? error.status : null,
        detail: error instanceof ProviderError ? error.message : (error as Error).name,
      },
      'delivery provider failed',
    );
    return { provider, quotes: [], failed: true };
  }
}

function unavailableReason(kind: DeliveryKindId, failed: ProviderName | null, pickup: boolean): string {
  if (failed) {
    return `Расчёт ${PROVIDER_TITLES[failed]} сейчас недоступен: выберите другой способ или повторите попытку позже`;
  }
  if (kind === 1) return 'Курьер «Эфира» возит по Москве только в пределах МКАД';
  if (kind === 8) return 'Курьер «Эфира» возит только по Санкт-Петербургу';
  if (pickup) return 'В этот пункт выдачи доставить не получится';
  return 'По этому адресу служба не доставляет';
}

interface OptionContext {
  cart: CartSnapshot;
  /** Prices «from», for the list before a destination is known. */
  indicative?: boolean;
}

function toOption(quote: Quote, context: OptionContext): DeliveryOptionWire {
  const freeFrom = freeThreshold(context.cart, quote.kind);
  const free =
    quote.price === 0 || (freeFrom !== null && quote.price !== null && context.cart.total >= freeFrom);
  const price = quote.price === null ? null : free ? 0 : quote.price;
  const base: DeliveryOptionWire = {
    type: quote.kind,
    name: DELIVERY_KINDS[quote.kind],
    provider: quote.provider,
    providerName: PROVIDER_TITLES[quote.provider],
    tarif: quote.tariff,
    tarifName: quote.name,
    price,
    free,
    freeFrom,
    priceText:
      price === null
        ? 'по запросу'
        : free
          ? 'бесплатно'
          : `${context.indicative ? 'от ' : ''}${formatRub(price)}`,
    term: { min: quote.daysMin, max: quote.daysMax, text: formatDeliveryTerm(quote.daysMin, quote.daysMax) },
    available: true,
    reason: null,
  };
  if (context.cart.hydr && !isKindAllowedForHydrolats(quote.kind)) {
    return { ...base, available: false, reason: HYDROLAT_REASON, price: null, priceText: 'недоступно' };
  }
  return base;
}

function unavailableOption(kind: DeliveryKindId, reason: string, cart: CartSnapshot): DeliveryOptionWire {
  const provider = KIND_PROVIDER[kind];
  return {
    type: kind,
    name: DELIVERY_KINDS[kind],
    provider,
    providerName: PROVIDER_TITLES[provider],
    tarif: null,
    tarifName: null,
    price: null,
    free: false,
    freeFrom: freeThreshold(cart, kind),
    priceText: 'недоступно',
    term: null,
    available: false,
    reason,
  };
}

function byPrice(a: DeliveryOptionWire, b: DeliveryOptionWire): number {
  if (a.available !== b.available) return a.available ? -1 : 1;
  return (
    (a.price ?? Number.MAX_SAFE_INTEGER) - (b.price ?? Number.MAX_SAFE_INTEGER) ||
    (a.term?.max ?? 0) - (b.term?.max ?? 0)
  );
}

/** Every quote of the requested kinds as options; a kind without any gets one unavailable entry with a reason. */
function buildOptions(
  outcomes: QuoteOutcome[],
  kinds: readonly DeliveryKindId[],
  context: OptionContext & { pickup?: boolean },
): DeliveryOptionWire[] {
  const options: DeliveryOptionWire[] = [];
  for (const kind of kinds) {
    const seen = new Set<string>();
    const quotes = outcomes
      .flatMap((outcome) => outcome.quotes)
      .filter((quote) => quote.kind === kind && !seen.has(quote.tariff) && seen.add(quote.tariff));
    if (quotes.length > 0) {
      options.push(...quotes.map((quote) => toOption(quote, context)).sort(byPrice));
      continue;
    }
    const failed = outcomes.find((outcome) => outcome.failed && outcome.provider.kinds.includes(kind));
    const reason =
      context.cart.hydr && !isKindAllowedForHydrolats(kind)
        ? HYDROLAT_REASON
        : unavailableReason(kind, failed ? failed.provider.name : null, context.pickup ?? false);
    options.push(unavailableOption(kind, reason, context.cart));
  }
  return options;
}

function baseInput(cart: CartSnapshot): QuoteInput {
  return {
    weightGrams: Math.max(1, Math.round(cart.weightGrams)),
    ...(cart.dimensionsCm ? { dimensionsCm: cart.dimensionsCm } : {}),
    declaredValue: Math.max(0, Math.round(cart.total)),
  };
}

/** GET /api/v1/calculator/list: every method of spec §3 with its kinds, priced «from» for this cart. */
export async function listDeliveryMethods(deps: DeliveryDeps, cart: CartSnapshot): Promise<DeliveryListWire> {
  const { tariffs } = getDeliveryProviders(deps);
  const input = baseInput(cart);
  const outcomes = await Promise.all(tariffs.map((provider) => safeQuote(deps, provider, input)));
  // Pickup kinds a carrier prices only to a concrete point: ask for a point of the shop's city.
  const extra = await Promise.all(
    outcomes.flatMap((outcome) =>
      outcome.failed
        ? []
        : outcome.provider.kinds
            .filter((kind) => isPickupKind(kind) && !outcome.quotes.some((quote) => quote.kind === kind))
            .map(async (kind) => {
              const point = await findRepresentativePoint(deps.db, kind, SHOP_CITY);
              if (!point) return null;
              return safeQuote(deps, outcome.provider, { ...input, ...destinationOfPoint(point) });
            }),
    ),
  );
  const all = [...outcomes, ...extra.filter((outcome): outcome is QuoteOutcome => outcome !== null)];
  // The buyer has not said where yet: each way is also asked for the farther zones, so its line spans the country.
  const farther = await Promise.all(
    FARTHER_ZONES.map((destination) =>
      Promise.all(tariffs.map((provider) => safeQuote(deps, provider, { ...input, ...destination }))),
    ),
  );
  const methods: DeliveryMethodWire[] = DELIVERY_METHOD_IDS.map((id) => {
    const kinds = (DELIVERY_METHOD_KINDS[id] as readonly DeliveryKindId[]).map((kind) =>
      spanZones([all, ...farther].map((zone) => cheapestOption(zone, kind, cart))),
    );
    const available = kinds.some((kind) => kind.available);
    return {
      id: id as DeliveryMethodId,
      name: DELIVERY_METHODS[id],
      available,
      reason: available ? null : (kinds[0]?.reason ?? null),
      kinds,
    };
  });
  return { methods, hydr: cart.hydr, total: cart.total, weight: input.weightGrams };
}

/**
 * Until the buyer gives an address or a point, checkout's first list cannot know her zone: besides the shop's city
 * it asks for a city in each farther tariff zone (Kazan, Novosibirsk; tariff-tables.ts zoneOfZip), and each line
 * reads «от» the cheapest price, from the nearest zone's shortest term to the farthest's longest (issue 35).
 */
const FARTHER_ZONES: ReadonlyArray<Pick<QuoteInput, 'toZip'>> = [{ toZip: '420000' }, { toZip: '630000' }];

/** The cheapest way of a kind to one destination (or why there is none). */
function cheapestOption(
  outcomes: QuoteOutcome[],
  kind: DeliveryKindId,
  cart: CartSnapshot,
): DeliveryOptionWire {
  return buildOptions(outcomes, [kind], { cart, indicative: true, pickup: isPickupKind(kind) })[0]!;
}

/** One line for several destinations: the cheapest available one's price, the term from the shortest to the longest. */
function spanZones(options: DeliveryOptionWire[]): DeliveryOptionWire {
  const available = options.filter((option) => option.available);
  if (available.length === 0) return options[0]!;
  const best = [...available].sort(byPrice)[0]!;
  const terms = available.flatMap((option) => (option.term ? [option.term] : []));
  if (terms.length === 0) return best;
  const min = Math.min(...terms.map((term) => term.min));
  const max = Math.max(...terms.map((term) => term.max));
  return { ...best, term: { min, max, text: formatDeliveryTerm(min, max) } };
}

export function isPickupKind(kind: number): boolean {
  return kind === 7 || kind === 9 || kind === 10 || kind === 14;
}

function destinationOfPoint(point: PickupPoint): Pick<QuoteInput, 'toZip' | 'toCity' | 'pvzCode'> {
  return { pvzCode: point.code, toCity: point.city, ...(point.zip ? { toZip: point.zip } : {}) };
}

/** POST /api/v1/calculator/courier-cost: the ways to an address with this postal code. */
export async function quoteCourierCost(
  deps: DeliveryDeps,
  zip: string,
  cart: CartSnapshot,
): Promise<{ zip: string; options: DeliveryOptionWire[] }> {
  const { tariffs } = getDeliveryProviders(deps);
  const input = { ...baseInput(cart), toZip: zip };
  const relevant = tariffs.filter((provider) => provider.kinds.some((kind) => ADDRESS_KINDS.includes(kind)));
  const outcomes = await Promise.all(relevant.map((provider) => safeQuote(deps, provider, input)));
  return { zip, options: buildOptions(outcomes, ADDRESS_KINDS, { cart }) };
}

/** Address kinds a courier brings to the door (the post, kind 2, is not a courier). */
const COURIER_KINDS: readonly DeliveryKindId[] = [1, 8, 6, 11];

function cheapestAvailable(options: DeliveryOptionWire[]): DeliveryOptionWire | null {
  return options.filter((option) => option.available && option.price !== null).sort(byPrice)[0] ?? null;
}

/**
 * GET /api/v1/calculator/estimate: what checkout would quote for this cart in a city — the courier to the city
 * centre's postal code (as courier-cost prices it) and the cheapest pickup point there (as pvz-cost prices each
 * kind's first point in the city), so a kind without points in the city is not promised.
 */
export async function estimateDelivery(
  deps: DeliveryDeps,
  cityName: EstimateCityName,
  cart: CartSnapshot,
): Promise<DeliveryEstimateWire> {
  const city = ESTIMATE_CITIES.find((entry) => entry.name === cityName)!;
  const [courier, pickups] = await Promise.all([
    quoteCourierCost(deps, city.zip, cart),
    Promise.all(
      PICKUP_POINT_KINDS.map(async (type) => {
        const point = await findRepresentativePoint(deps.db, type, city.name);
        return point
          ? ((await quotePickupPointCost(deps, { code: point.code, type }, cart))?.options ?? [])
          : [];
      }),
    ),
  ]);
  return {
    city: city.name,
    courier: cheapestAvailable(courier.options.filter((option) => COURIER_KINDS.includes(option.type))),
    pickup: cheapestAvailable(pickups.flat()),
  };
}

export function toPointWire(point: PickupPoint, cart: CartSnapshot | null): PickupPointWire {
  const blocked = cart?.hydr === true && !isKindAllowedForHydrolats(point.type);
  return {
    code: point.code,
    type: point.type,
    provider: point.provider,
    providerName: PROVIDER_TITLES[point.provider] ?? point.provider,
    name: point.name,
    city: point.city,
    address: point.address,
    zip: point.zip,
    metro: point.metro,
    lat: point.lat,
    lon: point.lon,
    workHours: point.workHours,
    phone: point.details.phone ?? '',
    note: point.details.note ?? '',
    available: !blocked,
    reason: blocked ? HYDROLAT_REASON : null,
  };
}

/** POST /api/v1/calculator/pvz-cost: the price to one pickup point; null when we do not know the point. */
export async function quotePickupPointCost(
  deps: DeliveryDeps,
  request: { code: string; type: DeliveryKindId },
  cart: CartSnapshot,
): Promise<{ point: PickupPointWire; options: DeliveryOptionWire[] } | null> {
  const point = await findPickupPoint(deps.db, request.type, request.code);
  if (!point) return null;
  const provider = getDeliveryProviders(deps).tariffs.find(
    (entry) => entry.name === KIND_PROVIDER[request.type],
  );
  const outcomes = provider
    ? [await safeQuote(deps, provider, { ...baseInput(cart), ...destinationOfPoint(point) })]
    : [];
  return {
    point: toPointWire(point, cart),
    options: buildOptions(outcomes, [request.type], { cart, pickup: true }),
  };
}

export type DeliveryQuoteFailure =
  | 'not_ready'
  | 'hydrolats'
  | 'address_not_found'
  | 'point_not_found'
  | 'tariff_not_found'
  | 'unavailable';

/** The price of the chosen way, for placing an order; expected refusals are values, not exceptions. */
export type DeliveryQuoteResult =
  | {
      ok: true;
      method: DeliveryMethodId;
      kind: DeliveryKindId;
      provider: ProviderName;
      tarif: string;
      tarifName: string;
      /** Whole ₽ the customer pays for delivery; null for «по запросу». */
      price: number | null;
      free: boolean;
      daysMin: number;
      daysMax: number;
      pickupPoint: PickupPointWire | null;
    }
  | {
      ok: false;
      reason: DeliveryQuoteFailure;
      /** Russian text for the customer. */
      message: string;
      /** The Delivery form field to point at. */
      field: keyof DeliveryForm | null;
      /** true for the hydrolats refusal (the spec's error body carries `hydr`). */
      hydr: boolean;
    };

export interface QuoteDeliveryDeps extends DeliveryDeps {
  /** A saved address of the customer (spec §3 `adrec`), from the account feature. */
  resolveSavedAddress?: (id: number) => Promise<{ zip: string; city: string } | null>;
  /** A saved pickup point of the customer (spec §3 `pvz`), from the account feature. */
  resolveSavedPickupPoint?: (id: number) => Promise<{ code: string; type: number } | null>;
}

function refuse(
  reason: DeliveryQuoteFailure,
  message: string,
  field: keyof DeliveryForm | null,
  hydr = false,
): DeliveryQuoteResult {
  return { ok: false, reason, message, field, hydr };
}

/**
 * Prices the way of delivery chosen in the Delivery form for this cart, as the order will be charged. The same
 * step-2 rule as the browser (spec §4) is checked first; hydrolats by Post or to lockers are refused.
 */
export async function quoteDelivery(
  deps: QuoteDeliveryDeps,
  form: DeliveryForm,
  cart: CartSnapshot,
): Promise<DeliveryQuoteResult> {
  const kind = form.sposob_dost;
  if (kind === null || !isDeliveryStepReady(form)) {
    return refuse(
      'not_ready',
      'Выберите способ доставки и заполните адрес, тариф или пункт выдачи',
      'sposob_dost',
    );
  }
  if (cart.hydr && !isKindAllowedForHydrolats(kind)) {
    return refuse('hydrolats', HYDROLAT_REASON, 'sposob_dost', true);
  }
  const method = getMethodOfKind(kind)!;
  const input: QuoteInput = baseInput(cart);
  let point: PickupPoint | null = null;

  const pointChoice =
    form.pvzNew ?? (form.pvz !== null ? await deps.resolveSavedPickupPoint?.(form.pvz) : null);
  if (kind === 7 || kind === 9 || kind === 10 || (kind === 14 && pointChoice)) {
    if (!pointChoice) return refuse('point_not_found', 'Выберите пункт выдачи из списка', 'pvz');
    point = pointChoice.type === kind ? await findPickupPoint(deps.db, kind, pointChoice.code) : null;
    if (!point)
      return refuse('point_not_found', 'Пункт выдачи не найден: выберите его из списка заново', 'pvz');
    Object.assign(input, destinationOfPoint(point));
  } else if (ADDRESS_KINDS.includes(kind) || kind === 14) {
    const address =
      form.addressNew ?? (form.adrec !== null ? await deps.resolveSavedAddress?.(form.adrec) : null);
    if (!address)
      return refuse(
        'address_not_found',
        'Адрес не найден: выберите его из списка или введите заново',
        'adrec',
      );
    if (address.zip) input.toZip = address.zip;
    input.toCity = address.city;
  }

  const provider = getDeliveryProviders(deps).tariffs.find((entry) => entry.name === KIND_PROVIDER[kind]);
  if (!provider)
    return refuse('unavailable', unavailableReason(kind, null, isPickupKind(kind)), 'sposob_dost');
  const outcome = await safeQuote(deps, provider, input);
  const quotes = outcome.quotes.filter((quote) => quote.kind === kind);
  if (quotes.length === 0) {
    return refuse(
      'unavailable',
      unavailableReason(kind, outcome.failed ? provider.name : null, isPickupKind(kind)),
      'sposob_dost',
    );
  }
  let chosen: Quote | undefined;
  if (TARIFF_KINDS.includes(kind)) {
    chosen = quotes.find((quote) => quote.tariff === form.tarif);
    if (!chosen)
      return refuse('tariff_not_found', 'Этот тариф больше не действует: выберите тариф заново', 'tarif');
  } else {
    chosen = quotes.reduce((best, quote) =>
      (quote.price ?? Infinity) < (best.price ?? Infinity) ? quote : best,
    );
  }
  const option = toOption(chosen, { cart });
  return {
    ok: true,
    method,
    kind,
    provider: chosen.provider,
    tarif: chosen.tariff,
    tarifName: chosen.name,
    price: option.price,
    free: option.free,
    daysMin: chosen.daysMin,
    daysMax: chosen.daysMax,
    pickupPoint: point ? toPointWire(point, cart) : null,
  };
}

/** Fetches each configured carrier's points into the catalogue; a carrier that fails keeps its previous points. */
export async function syncPickupPoints(
  deps: DeliveryDeps,
): Promise<Array<{ provider: ProviderName; points: number | null }>> {
  const results: Array<{ provider: ProviderName; points: number | null }> = [];
  for (const source of getDeliveryProviders(deps).sources) {
    try {
      const points = await source.fetchPoints();
      // An empty answer is more likely a fault than a carrier without points: keep what we have.
      if (points.length > 0) await replaceProviderPoints(deps.db, source.name, points);
      results.push({ provider: source.name, points: points.length });
      deps.log?.info({ provider: source.name, points: points.length }, 'pickup points synced');
    } catch (error) {
      deps.log?.warn(
        {
          provider: source.name,
          failure: error instanceof ProviderError ? error.kind : (error as Error).name,
        },
        'pickup point sync failed',
      );
      results.push({ provider: source.name, points: null });
    }
  }
  return results;
}
