// buildApp(config, deps) assembles the whole shop (API, server-rendered pages, assets) without listening.

import { mkdirSync } from 'node:fs';
import { okAnswerSchema } from '@efir/domain/api-wire';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database, DbHandle } from './db/client.ts';
import { findUserById } from './features/account/account.repo.ts';
import { registerAccountRoutes } from './features/account/account.routes.ts';
import { listAddressBook } from './features/account/account.service.ts';
import { customersAdminSection } from './features/account/customers-admin.ts';
import { questionsAdminSection } from './features/account/questions-admin.ts';
import { registerAdminRoutes } from './features/admin/admin.routes.ts';
import { createPageSessions, registerAuthRoutes } from './features/auth/auth.routes.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { createDeviceCookies } from './features/auth/device-cookies.ts';
import { createAccessTokens } from './features/auth/tokens.ts';
import { registerBackups } from './features/backup/backup.routes.ts';
import { remindAbandonedCarts } from './features/cart/abandoned-cart.ts';
import { findProductForCart } from './features/cart/cart.repo.ts';
import { CART_COOKIE, registerCartRoutes } from './features/cart/cart.routes.ts';
import { createCartService, HYDROLAT_KAT_GLOBAL } from './features/cart/cart.service.ts';
import { promoAdminSection } from './features/cart/promo-admin.ts';
import { productsAdminSection } from './features/catalog/products-admin.ts';
import { registerChatRoutes } from './features/chat/chat.routes.ts';
import { createChatService } from './features/chat/chat.service.ts';
import { registerContentRoutes } from './features/content/content.routes.ts';
import { createContentService } from './features/content/content.service.ts';
import { contentAdminSection } from './features/content/content-admin.ts';
import type { CdekTracking } from './features/delivery/cdek-client.ts';
import { registerDeliveryRoutes } from './features/delivery/delivery.routes.ts';
import {
  type CartSnapshot,
  createDeliveryProviders,
  type DeliveryProviders,
  quoteDelivery,
} from './features/delivery/delivery.service.ts';
import { exchangeAdminSection, registerExchangeRoutes } from './features/exchange/exchange.routes.ts';
import { createExchangeService } from './features/exchange/exchange.service.ts';
import { registerFeedRoutes } from './features/feeds/feeds.routes.ts';
import { startHousekeeping } from './features/housekeeping/housekeeping.ts';
import { createMailService } from './features/mail/mail.service.ts';
import { outboxAdminSection } from './features/mail/outbox-admin.ts';
import { startOutboxLoop } from './features/mail/outbox-loop.ts';
import { createOutboxWorker } from './features/mail/outbox-worker.ts';
import { registerUnsubscribeRoutes, unsubscribeUrl } from './features/mail/unsubscribe.ts';
import { registerMetrics } from './features/metrics/metrics.ts';
import { dashboardAdminSection } from './features/orders/dashboard-admin.ts';
import { registerOneClickRoutes } from './features/orders/one-click.ts';
import { registerOrderRoutes } from './features/orders/orders.routes.ts';
import {
  createOrdersService,
  estimateWeightGrams,
  type OrdersService,
} from './features/orders/orders.service.ts';
import { changeOrderStatus, getAdminOrder, ordersAdminSection } from './features/orders/orders-admin.ts';
import {
  createCdekTracking,
  pollCdekParcels,
  registerCdekWebhook,
} from './features/orders/shipment-tracking.ts';
import { registerPagesRoutes } from './features/pages/pages.routes.ts';
import { createPaymentClient } from './features/payments/payment-client.ts';
import { registerPaymentRoutes } from './features/payments/payments.routes.ts';
import { createPaymentsService } from './features/payments/payments.service.ts';
import { tellAboutRefund } from './features/payments/refund-letter.ts';
import { refundsAdminSection } from './features/payments/refunds.routes.ts';
import { createRefundsService } from './features/payments/refunds.service.ts';
import { attachRealtime } from './features/realtime/realtime.ts';
import { registerReviewRoutes } from './features/reviews/reviews.routes.ts';
import { reviewsAdminSection } from './features/reviews/reviews-admin.ts';
import { registerSchoolAdminRoutes, registerSchoolRoutes } from './features/school/school.routes.ts';
import { registerSearchRoutes } from './features/search/search.routes.ts';
import { createTelegramClient, type TelegramClient } from './features/telegram/telegram-client.ts';
import { trackInFlightRequests } from './lib/graceful-shutdown.ts';
import { createLocalInvalidationBus, createRedisInvalidationBus } from './lib/invalidation-bus.ts';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './lib/rate-limiter.ts';
import { registerReadiness } from './lib/readiness.ts';
import { createRequestIdGenerator, returnRequestId } from './lib/request-id.ts';
import { createResponseCache } from './lib/response-cache.ts';
import { resolveJwtSecret } from './lib/secrets.ts';
import { registerAuth } from './plugins/auth.ts';
import { acceptBodylessCalls } from './plugins/bodyless.ts';
import { redirectToCanonicalHost } from './plugins/canonical-host.ts';
import { redirectToCleanUrls } from './plugins/clean-urls.ts';
import { answerClientError } from './plugins/client-errors.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { refuseNulCharacters, registerErrorHandler } from './plugins/error-handler.ts';
import { createPageCache } from './plugins/page-cache.ts';
import { createRenderReads } from './plugins/render-reads.ts';
import { registerResponseRule } from './plugins/response-rule.ts';
import { registerSecurity } from './plugins/security.ts';
import { createPageRenderer, registerNotFound, type SsrOptions } from './plugins/ssr.ts';
import { registerApiDocs, registerWireContract } from './plugins/wire-contract.ts';

/**
 * Memory for guests' rendered pages, compressed (a product page ≈ 22 KB): about 1 500 pages; the oldest go first.
 */
const GUEST_PAGE_CACHE_BYTES = 32 * 1024 * 1024;
/** How often quiet carts are looked for: every 10 minutes, or more often when ABANDONED_CART_HOURS is tiny. */
const abandonedCartCheckMs = (hours: number) => Math.max(1000, Math.min(10 * 60 * 1000, hours * 900_000));

export interface AppDeps {
  db: Database;
  /** Test seam: the reviews' rate limiter and the content cache they invalidate, watched by their tests. */
  reviews?: { limiter?: RateLimiter; content?: { invalidate(): void } };
  /** Test seams for outside services: carriers and the cart snapshot the delivery calculator prices. */
  delivery?: {
    providers?: DeliveryProviders;
    cartSnapshot?: (request: FastifyRequest) => Promise<CartSnapshot>;
  };
  /** Test seam: CDEK's tracking client (a real one pointed at a local fake CDEK API). */
  cdekTracking?: CdekTracking;
  /** Test seam: the Telegram client (a real one pointed at a local fake Bot API). */
  telegram?: TelegramClient;
  /** How pages are rendered; omitted in API-only tests. */
  ssr?: SsrOptions;
  /** The database handle's dump, for `npm run backup` and BACKUP_DIR (decision 030); without it, no backups. */
  backup?: Pick<DbHandle, 'kind' | 'dumpTo'>;
}

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // Logging off: no logger at all, so no child logger is made for every request.
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: {
              // No client address or headers in the log: nothing personal is kept there.
              req: (request: { method: string; url: string; id: string }) => ({
                id: request.id,
                method: request.method,
                url: request.url.split('?')[0],
              }),
            },
          },
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    genReqId: createRequestIdGenerator(config.TRUST_PROXY),
    requestIdHeader: false,
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // What the HTTP parser refuses (an address over 16 KB) is answered in the catalogue's shape as well.
    clientErrorHandler: answerClientError,
    // Errors Fastify raises before routing (a broken percent-encoding in the path) get the catalogue body too.
    frameworkErrors: (_error, _request, reply) => {
      (reply as unknown as FastifyReply)
        .status(400)
        .send({ message: 'Bad Request', title: 'Некорректный адрес запроса' });
    },
  });
  returnRequestId(app);
  app.decorate('requestTracker', trackInFlightRequests(app));
  acceptBodylessCalls(app);
  await registerWireContract(app);

  registerErrorHandler(app);
  refuseNulCharacters(app);
  redirectToCanonicalHost(app, config.CANONICAL_HOST);
  redirectToCleanUrls(app);
  await registerSecurity(app, config);
  await app.register(cookie);
  registerResponseRule(app);

  registerCsrf(app, { secure: config.PUBLIC_URL.startsWith('https:') });
  const secret = resolveJwtSecret(config);
  const tokens = createAccessTokens(secret, config.ACCESS_TOKEN_TTL_S);
  const authenticator = registerAuth(app, deps.db, tokens);
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  const limiter = redis
    ? createRedisRateLimiter(redis, `${config.redisPrefix}:rl:`)
    : createMemoryRateLimiter();
  const cacheBus = redis
    ? createRedisInvalidationBus(redis, config.redisPrefix, app.log)
    : createLocalInvalidationBus();
  // Listening before the first request, so no change made on another instance meanwhile is missed.
  app.addHook('onReady', () => cacheBus.ready());
  app.addHook('onClose', async () => {
    await limiter.close();
    await cacheBus.close();
    await redis?.quit();
  });
  attachRealtime(app, {
    config,
    tokens,
    log: app.log,
    // Logout and password change retire older tokens for the socket as well.
    resolveUserId: async (claims) => {
      const user = await findUserById(deps.db, claims.userId);
      return user && user.tokenVersion === claims.tokenVersion ? user.id : null;
    },
  });
  // Letters and Telegram messages go through the outbox; this instance's worker is woken when it queues one.
  let wakeOutbox = () => {};
  const mail = createMailService(deps.db, config, () => wakeOutbox());
  const telegram = deps.telegram ?? createTelegramClient(config, app.log);
  const origin = config.PUBLIC_URL.replace(/\/$/, '');
  // Guests' pages are kept rendered and compressed as long as the answers they are made of (PAGE_CACHE_TTL_MS).
  const guestPages =
    config.PAGE_CACHE_TTL_MS > 0
      ? createPageCache({ ttlMs: config.PAGE_CACHE_TTL_MS, maxBytes: GUEST_PAGE_CACHE_BYTES })
      : null;
  const auth = createAuthService({
    db: deps.db,
    tokens,
    mail,
    limiter,
    devices: createDeviceCookies(secret),
    config,
  });
  const renderReads = createRenderReads();
  const renderPage = deps.ssr
    ? createPageRenderer(app, config, deps.ssr, guestPages, createPageSessions(auth, tokens), renderReads)
    : undefined;

  app.get('/api/health', { schema: { response: { 200: okAnswerSchema } } }, async () => ({
    status: 'ok' as const,
  }));
  registerApiDocs(app);
  registerReadiness(app, { db: deps.db, redis });

  const cart = createCartService(deps.db);
  registerAuthRoutes(app, {
    db: deps.db,
    auth,
    authenticator,
    config,
    renderPage,
    // A guest's cart joins the user's cart at login; the guest cookie is then useless.
    onLogin: async (request, reply, userId) => {
      const guestCart = request.cookies[CART_COOKIE];
      if (!guestCart) return;
      await cart.mergeGuestCart(guestCart, userId);
      reply.clearCookie(CART_COOKIE, { path: '/' });
    },
  });
  registerCartRoutes(app, { cart, authenticator, config });

  // Checkout: delivery prices, orders and card payments (YooKassa, or the built-in test gateway offline).
  const deliveryProviders = deps.delivery?.providers ?? createDeliveryProviders(config, deps.db);
  const cartSnapshot = async (request: FastifyRequest) => {
    const user = await authenticator.findUser(request);
    const view = await cart.view(await cart.findCart(user, request.cookies[CART_COOKIE]), user);
    return { total: view.cart.total, weightGrams: estimateWeightGrams(view.cart.lines), hydr: view.hydr };
  };
  registerDeliveryRoutes(app, {
    db: deps.db,
    config,
    getCartSnapshot: deps.delivery?.cartSnapshot ?? cartSnapshot,
    // A cart of one unit, as checkout would see it right after «В корзину» on the product page.
    getProductSnapshot: async (productId) => {
      const product = await findProductForCart(deps.db, productId);
      if (!product?.visible) return null;
      return {
        total: product.cena,
        weightGrams: estimateWeightGrams([{ volume: product.volume, quantity: 1 }]),
        hydr: product.katGlobal === HYDROLAT_KAT_GLOBAL,
      };
    },
    providers: deliveryProviders,
  });
  const paymentClient = createPaymentClient(config, deps.db);
  const orders: OrdersService = createOrdersService({
    db: deps.db,
    cart,
    mail,
    log: app.log,
    origin: config.PUBLIC_URL.replace(/\/$/, ''),
    discountTiers: config.DISCOUNT_TIERS,
    quote: async (form, snapshot, user) => {
      // Saved addresses and pickup points count only when they are the buyer's own.
      const book = user ? await listAddressBook(deps.db, user.id) : { addresses: [], pvz: [] };
      return quoteDelivery(
        {
          db: deps.db,
          config,
          providers: deliveryProviders,
          log: app.log,
          resolveSavedAddress: async (id) => book.addresses.find((address) => address.id === id) ?? null,
          resolveSavedPickupPoint: async (id) => book.pvz.find((point) => point.id === id) ?? null,
        },
        form,
        snapshot,
      );
    },
  });
  const payments = createPaymentsService({
    db: deps.db,
    config,
    client: paymentClient,
    log: app.log,
    onStatusChange: (orderId, status) => orders.applyPaymentStatus(Number(orderId), status),
  });
  const refunds = createRefundsService({
    db: deps.db,
    client: paymentClient,
    log: app.log,
    onRefunded: (txDb, refund, summary) =>
      tellAboutRefund({ mail, origin: config.PUBLIC_URL.replace(/\/$/, '') }, txDb, refund, summary),
  });
  registerPaymentRoutes(app, { payments, refunds, client: paymentClient });
  registerOrderRoutes(app, { orders, cart, payments, authenticator, config });
  registerOneClickRoutes(app, {
    db: deps.db,
    cart,
    orders,
    mail,
    limiter,
    log: app.log,
    origin,
    authenticator,
  });
  registerAccountRoutes(app, {
    db: deps.db,
    authenticator,
    mail,
    limiter,
    config,
    telegram,
    listOrders: (user) => orders.listForUser(user),
    listSavedCarts: (user) => cart.listSaved(user),
  });

  registerSchoolRoutes(app, { db: deps.db, authenticator, payments, config });

  // Read paths are answered from memory for PAGE_CACHE_TTL_MS; any write through a service invalidates.
  const responses = createResponseCache({ ttlMs: config.PAGE_CACHE_TTL_MS, maxEntries: 2000 });
  const content = createContentService(
    deps.db,
    guestPages ? [responses, guestPages] : [responses],
    cacheBus,
    config.DISCOUNT_TIERS,
  );
  registerReviewRoutes(app, {
    db: deps.db,
    authenticator,
    limiter: deps.reviews?.limiter ?? limiter,
    config,
    content: deps.reviews?.content ?? content,
  });
  registerContentRoutes(app, content, renderReads);
  registerPagesRoutes(app, {
    db: deps.db,
    content,
    config,
    cache: responses,
    authenticator,
    renderReads,
    sources: { getSavedPage: (token) => cart.getSavedPage(token) },
  });
  registerFeedRoutes(app, { db: deps.db, content, config });
  registerSearchRoutes(app, deps.db, responses);
  if (config.METRICS_TOKEN) {
    registerMetrics(app, {
      db: deps.db,
      token: config.METRICS_TOKEN,
      caches: { answers: responses, guestPages },
    });
  }
  if (deps.backup) registerBackups(app, { config, database: deps.backup });
  startHousekeeping(app, { db: deps.db, log: app.log });
  registerUnsubscribeRoutes(app, { db: deps.db, secret });
  const ordersAdmin = {
    db: deps.db,
    payments,
    refunds,
    mail,
    log: app.log,
    origin: config.PUBLIC_URL.replace(/\/$/, ''),
    discountTiers: config.DISCOUNT_TIERS,
  };
  // Shipment tracking (decision 029): CDEK's webhooks, and a poll of its API when the shop has CDEK keys.
  const tracking = {
    db: deps.db,
    ordersAdmin,
    cdek: deps.cdekTracking ?? createCdekTracking(config),
    log: app.log,
  };
  registerCdekWebhook(app, { ...tracking, secret: config.CDEK_WEBHOOK_SECRET });
  const outboxWorker = createOutboxWorker({ db: deps.db, config, telegram, log: app.log });
  if (config.OUTBOX_WORKER) {
    wakeOutbox = startOutboxLoop(app, {
      worker: outboxWorker,
      pollMs: config.OUTBOX_POLL_MS,
      log: app.log,
      jobs: [
        {
          name: 'abandoned-carts',
          everyMs: abandonedCartCheckMs(config.ABANDONED_CART_HOURS),
          run: (now) =>
            remindAbandonedCarts(
              {
                db: deps.db,
                cart,
                mail,
                origin,
                hours: config.ABANDONED_CART_HOURS,
                unsubscribeUrl: (userId) => unsubscribeUrl(origin, secret, userId),
              },
              now,
            ),
        },
        ...(tracking.cdek && config.CDEK_TRACKING_POLL_MIN > 0
          ? [
              {
                name: 'cdek-tracking',
                everyMs: Math.min(config.CDEK_TRACKING_POLL_MIN * 60_000, 5 * 60_000),
                run: (now: Date) =>
                  pollCdekParcels(
                    { ...tracking, cdek: tracking.cdek! },
                    now,
                    config.CDEK_TRACKING_POLL_MIN * 60_000,
                  ),
              },
            ]
          : []),
      ],
    }).wake;
  }
  registerChatRoutes(app, {
    chat: createChatService({ db: deps.db, config, limiter, log: app.log }),
    authenticator,
    config,
  });
  // 1C «Обмен с сайтом» (CommerceML 2): catalogue, prices and stock in, orders out; off without EXCHANGE_LOGIN.
  const exchange = createExchangeService({
    db: deps.db,
    config,
    limiter,
    content,
    mail,
    origin: config.PUBLIC_URL.replace(/\/$/, ''),
    log: app.log,
    orders: {
      // 1C's status changes go through the moderator's action (letters, stock back on cancel, audit as user 0).
      changeStatus: async (orderId, status) => {
        await changeOrderStatus(ordersAdmin, { orderId, status, moderatorId: 0, comment: 'Из 1С' });
      },
      markPaid: (orderId) => orders.applyPaymentStatus(orderId, 'succeeded'),
    },
  });
  registerExchangeRoutes(app, exchange);
  // The back office: every route in it is for MODERATOR_IDS only (checked once, for the whole scope).
  registerAdminRoutes(app, {
    db: deps.db,
    authenticator,
    config,
    sections: [
      (scope) => registerSchoolAdminRoutes(scope, { db: deps.db, authenticator, payments, config }),
      ordersAdminSection(ordersAdmin),
      refundsAdminSection({ refunds, showOrder: (orderId) => getAdminOrder(ordersAdmin, orderId) }),
      dashboardAdminSection({ db: deps.db }),
      promoAdminSection({ db: deps.db }),
      customersAdminSection({ db: deps.db, discountTiers: config.DISCOUNT_TIERS }),
      reviewsAdminSection({ db: deps.db, content: deps.reviews?.content ?? content }),
      questionsAdminSection({
        db: deps.db,
        mail,
        origin: config.PUBLIC_URL.replace(/\/$/, ''),
      }),
      productsAdminSection({
        db: deps.db,
        content,
        mail,
        origin: config.PUBLIC_URL.replace(/\/$/, ''),
        imagesDir: config.imagesDir,
        log: app.log,
      }),
      contentAdminSection({ db: deps.db, content, config }),
      exchangeAdminSection({ db: deps.db, exchange }),
      outboxAdminSection({ db: deps.db, smtp: outboxWorker.smtp, wake: () => wakeOutbox() }),
    ],
  });
  mkdirSync(config.imagesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.imagesDir,
    prefix: '/images/',
    decorateReply: false,
    index: false,
    // Demo and uploaded images never change under the same name.
    maxAge: '30d',
  });

  registerNotFound(app, renderPage);
  return app;
}
