// The delivery calls of spec §7: the calculator (courier-cost, pvz-cost, list, pvz, pvz-search) and address
// suggestions. All of them only read, so the POST ones need no CSRF token.
import {
  addressQuerySchema,
  addressSuggestionsAnswerSchema,
  courierCostAnswerSchema,
  courierCostSchema,
  deliveryEstimateQuerySchema,
  deliveryEstimateSchema,
  deliveryListSchema,
  PVZ_SEARCH_LIMIT,
  pickupPointListAnswerSchema,
  pickupPointSearchAnswerSchema,
  pvzCostAnswerSchema,
  pvzCostSchema,
  pvzListSchema,
  pvzSearchSchema,
} from '@efir/domain/delivery-rules';
import { SUPPRESS_ERRORS_HEADER } from '@efir/domain/http-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { invalidData, notFound } from '../../lib/app-error.ts';
import { suggestAddresses } from './address-suggest.ts';
import {
  countPickupPoints,
  findPickupPointCities,
  findPickupPoints,
  normalizeText,
  searchPickupPoints,
} from './delivery.repo.ts';
import {
  type CartSnapshot,
  type DeliveryDeps,
  type DeliveryProviders,
  estimateDelivery,
  getDeliveryProviders,
  listDeliveryMethods,
  quoteCourierCost,
  quotePickupPointCost,
  syncPickupPoints,
  toPointWire,
} from './delivery.service.ts';

export interface DeliveryRouteDeps {
  db: Database;
  config: Config;
  /** The current visitor's cart: total ₽, weight and the hydrolats flag (the cart feature provides it). */
  getCartSnapshot(request: FastifyRequest): Promise<CartSnapshot>;
  /** A cart of one unit of this visible product, or null when there is none (the cart feature provides it). */
  getProductSnapshot(productId: number): Promise<CartSnapshot | null>;
  /** Tests inject their own; by default built from the config. */
  providers?: DeliveryProviders;
}

/** A map shows at most this many points at once; zooming in narrows the box. */
const MAP_POINT_LIMIT = 500;
/** Carriers' point lists are refreshed this often (5Post asks for at most a few full downloads a day). */
const POINT_SYNC_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Words people type that addresses do not contain, and the abbreviations addresses use instead of full words. */
const NOISE_WORDS = new Set(['м', 'метро', 'ст', 'станция', 'г', 'город', 'д', 'дом']);
// A Map, not an object: a typed word such as «constructor» must not find Object.prototype's members.
const ABBREVIATIONS = new Map([
  ['улица', 'ул'],
  ['проспект', 'пр-т'],
  ['шоссе', 'ш'],
  ['бульвар', 'б-р'],
  ['набережная', 'наб'],
  ['петербург', 'санкт-петербург'],
  ['спб', 'санкт-петербург'],
  ['мск', 'москва'],
]);

export function searchWords(query: string): string[] {
  return normalizeText(query)
    .split(/[\s,;]+/)
    .map((word) => word.replace(/^[.()«»"']+|[.()«»"']+$/g, ''))
    .filter((word) => word !== '' && !NOISE_WORDS.has(word))
    .map((word) => ABBREVIATIONS.get(word) ?? word)
    .slice(0, 6);
}

export function registerDeliveryRoutes(app: FastifyInstance, deps: DeliveryRouteDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service: DeliveryDeps = {
    db: deps.db,
    config: deps.config,
    ...(deps.providers ? { providers: deps.providers } : {}),
    log: app.log,
  };

  routes.post(
    '/api/v1/calculator/courier-cost',
    {
      schema: { body: courierCostSchema, response: { 200: courierCostAnswerSchema } },
      config: { csrf: false },
    },
    async (request) => quoteCourierCost(service, request.body.zip, await deps.getCartSnapshot(request)),
  );

  routes.post(
    '/api/v1/calculator/pvz-cost',
    { schema: { body: pvzCostSchema, response: { 200: pvzCostAnswerSchema } }, config: { csrf: false } },
    async (request) => {
      const answer = await quotePickupPointCost(service, request.body, await deps.getCartSnapshot(request));
      if (!answer) throw invalidData({ code: ['Пункт выдачи не найден: выберите его из списка заново'] });
      return answer;
    },
  );

  routes.get(
    '/api/v1/calculator/list',
    { schema: { response: { 200: deliveryListSchema } } },
    async (request) => listDeliveryMethods(service, await deps.getCartSnapshot(request)),
  );

  // The product page's «Доставка в Москву…»: the same for every visitor of a city, so browsers may keep it a while.
  routes.get(
    '/api/v1/calculator/estimate',
    { schema: { querystring: deliveryEstimateQuerySchema, response: { 200: deliveryEstimateSchema } } },
    async (request, reply) => {
      const cart = await deps.getProductSnapshot(request.query.product);
      if (!cart) throw notFound('Товар не найден');
      // The browser's cache must tell the plain answer from the wrapped one (spec §7 response rule).
      reply.header('cache-control', 'public, max-age=60').header('vary', SUPPRESS_ERRORS_HEADER);
      return estimateDelivery(service, request.query.city, cart);
    },
  );

  routes.post(
    '/api/v1/calculator/pvz',
    {
      schema: { body: pvzListSchema, response: { 200: pickupPointListAnswerSchema } },
      config: { csrf: false },
    },
    async (request) => {
      const { city, type, bounds } = request.body;
      const filter = { ...(city ? { city } : {}), ...(type ? { type } : {}), ...(bounds ? { bounds } : {}) };
      const [points, total, cities, cart] = await Promise.all([
        findPickupPoints(deps.db, { ...filter, limit: MAP_POINT_LIMIT }),
        countPickupPoints(deps.db, filter),
        findPickupPointCities(deps.db, type),
        deps.getCartSnapshot(request),
      ]);
      return { points: points.map((point) => toPointWire(point, cart)), total, cities };
    },
  );

  routes.post(
    '/api/v1/calculator/pvz-search',
    {
      schema: { body: pvzSearchSchema, response: { 200: pickupPointSearchAnswerSchema } },
      config: { csrf: false },
    },
    async (request) => {
      const words = searchWords(request.body.qs);
      const [points, cart] = await Promise.all([
        searchPickupPoints(deps.db, words, { limit: PVZ_SEARCH_LIMIT }),
        deps.getCartSnapshot(request),
      ]);
      return { points: points.map((point) => toPointWire(point, cart)), total: points.length };
    },
  );

  routes.get(
    '/api/v1/address',
    { schema: { querystring: addressQuerySchema, response: { 200: addressSuggestionsAnswerSchema } } },
    async (request) => ({
      suggestions: suggestAddresses(request.query.q),
    }),
  );

  startPickupPointSync(app, service);
}

/** With carrier credentials configured, their points are fetched after start and then daily, in the background. */
function startPickupPointSync(app: FastifyInstance, service: DeliveryDeps): void {
  if (getDeliveryProviders(service).sources.length === 0) return;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await syncPickupPoints(service);
    } catch (error) {
      app.log.warn({ failure: (error as Error).name }, 'pickup point sync failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(() => void run(), POINT_SYNC_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
