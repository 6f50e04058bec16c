// Long, split next: the composition root; it splits by floor as features become modules (decision 051).
// The features of the shop, registered by buildApp (app.ts) in this order: the storefront, checkout, the customer's
// pages, operations, background work, chat and 1C, and the back office. Each step names what it adds; the order
// is the registration order of routes and hooks, which @fastify/swagger's document and the hooks follow.

import { mkdirSync } from 'node:fs';
import { okAnswerSchema } from '@efir/domain/api-wire';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { AppCore } from './app-core.ts';
import { registerAdminRoutes } from './back-office/admin.routes.ts';
import { registerAccountRoutes } from './features/account/account.routes.ts';
import {
  findUserById,
  forgetTelegramChat,
  getSettings,
  issueTelegramLinkCode,
  linkTelegramChat,
  listAddressBook,
  unlinkTelegram,
} from './features/account/account.service.ts';
import { customersAdminSection } from './features/account/customers-admin.ts';
import { questionsAdminSection } from './features/account/questions-admin.ts';
import { createPageUsers, registerAuthRoutes } from './features/auth/auth.routes.ts';
import { remindAbandonedCarts } from './features/cart/abandoned-cart.ts';
import { CART_COOKIE, registerCartRoutes } from './features/cart/cart.routes.ts';
import { findProductForCart, HYDROLAT_KAT_GLOBAL } from './features/cart/cart.service.ts';
import { promoAdminSection } from './features/cart/promo-admin.ts';
import { catalogBulkSection } from './features/catalog/catalog-bulk.routes.ts';
import { measureParcel } from './features/catalog/parcel.ts';
import { productsAdminSection } from './features/catalog/products-admin.routes.ts';
import { registerContentRoutes } from './features/content/content.routes.ts';
import { contentAdminSection } from './features/content/content-admin.routes.ts';
import { findAuthorCards } from './features/content/publications.service.ts';
import { exchangeAdminSection, registerExchangeRoutes } from './features/exchange/exchange.routes.ts';
import { createExchangeService } from './features/exchange/exchange.service.ts';
import { registerFeedRoutes } from './features/feeds/feeds.routes.ts';
import { createOrderCertificates } from './features/gift-certificates/certificate-orders.ts';
import { certificateReceiptsJob } from './features/gift-certificates/certificate-receipts.ts';
import {
  enterCertificate,
  registerGiftCertificateRoutes,
} from './features/gift-certificates/gift-certificates.routes.ts';
import { giftCertificatesAdminSection } from './features/gift-certificates/gift-certificates-admin.ts';
import { outboxAdminSection } from './features/mail/outbox-admin.ts';
import { startOutboxLoop } from './features/mail/outbox-loop.ts';
import { createOutboxWorker } from './features/mail/outbox-worker.ts';
import { registerUnsubscribeRoutes, unsubscribeUrl } from './features/mail/unsubscribe.ts';
import { dashboardAdminSection } from './features/orders/dashboard-admin.ts';
import { registerOneClickRoutes } from './features/orders/one-click.ts';
import { orderPapersAdminSection } from './features/orders/order-papers.routes.ts';
import { registerOrderRoutes } from './features/orders/orders.routes.ts';
import { countGuestOrders, createOrdersService, joinGuestOrders } from './features/orders/orders.service.ts';
import { changeOrderStatus, getAdminOrder, ordersAdminSection } from './features/orders/orders-admin.ts';
import { overviewAdminSection } from './features/orders/overview-admin.ts';
import { createOwnerNotice, ownerNoticeSettings } from './features/orders/owner-notice.ts';
import { receivedPaymentsAdminSection } from './features/orders/received-payments.ts';
import {
  createCdekTracking,
  pollCdekParcels,
  registerCdekWebhook,
} from './features/orders/shipment-tracking.ts';
import { registerPagesRoutes } from './features/pages/pages.routes.ts';
import { createPaymentClient } from './features/payments/payment-client.ts';
import { PAYMENT_STATUSES } from './features/payments/payment-status.ts';
import { registerPaymentRoutes } from './features/payments/payments.routes.ts';
import { createPaymentsService } from './features/payments/payments.service.ts';
import { tellAboutRefund } from './features/payments/refund-letter.ts';
import { refundsAdminSection } from './features/payments/refunds.routes.ts';
import { createRefundsService } from './features/payments/refunds.service.ts';
import { registerReviewRoutes } from './features/reviews/reviews.routes.ts';
import { reviewsAdminSection } from './features/reviews/reviews-admin.ts';
import { registerSearchRoutes } from './features/search/search.routes.ts';
import { searchSiteScored } from './features/search/search.service.ts';
import { createCourseEnrolment } from './flows/course-enrolment.ts';
import { startHousekeeping } from './flows/housekeeping.ts';
import { orderEditAdminSection } from './flows/order-edit.routes.ts';
import { registerBackups } from './modules/backup/index.ts';
import { createChatService, registerChatRoutes } from './modules/chat/index.ts';
import { createDeliveryProviders, quoteDelivery, registerDeliveryRoutes } from './modules/delivery/index.ts';
import { registerMetrics } from './modules/metrics/index.ts';
import {
  createSchoolService,
  diplomaStorageDir,
  registerSchoolAdminRoutes,
  registerSchoolRoutes,
  type SchoolService,
} from './modules/school/index.ts';
import { settingsAdminSection } from './modules/settings/index.ts';
import { registerTelegramRoutes } from './modules/telegram/index.ts';
import { registerReadiness } from './plugins/readiness.ts';
import { registerApiDocs } from './plugins/wire-contract.ts';

/** How often quiet carts are looked for: every 10 minutes, or more often when ABANDONED_CART_HOURS is tiny. */
const abandonedCartCheckMs = (hours: number) => Math.max(1000, Math.min(10 * 60 * 1000, hours * 900_000));

/** Health, the API document, readiness; signing in (a guest's cart joins the user's) and the cart. */
export function registerStorefront(app: FastifyInstance, core: AppCore): void {
  const { db, cart, limiter } = core;
  app.get('/api/health', { schema: { response: { 200: okAnswerSchema } } }, async () => ({
    status: 'ok' as const,
  }));
  registerApiDocs(app);
  registerReadiness(app, { db, redis: core.redis });
  registerAuthRoutes(app, {
    db,
    auth: core.auth,
    authenticator: core.authenticator,
    config: core.config,
    renderPage: core.renderPage,
    // A guest's cart joins the user's cart at login; the guest cookie is then useless.
    onLogin: async (request, reply, userId) => {
      const guestCart = request.cookies[CART_COOKIE];
      if (!guestCart) return;
      await cart.mergeGuestCart(guestCart, userId);
      reply.clearCookie(CART_COOKIE, { path: '/' });
    },
  });
  registerCartRoutes(app, {
    cart,
    authenticator: core.authenticator,
    config: core.config,
    limiter,
    findPageUser: createPageUsers(core.auth),
    enterCertificate: (cartId, typed, ip) => enterCertificate({ db, limiter }, cartId, typed, ip),
  });
  registerGiftCertificateRoutes(app, {
    db,
    authenticator: core.authenticator,
    findCartId: async (request) => {
      const user = await core.authenticator.findUser(request);
      return (await cart.findCart(user, request.cookies[CART_COOKIE]))?.id ?? null;
    },
  });
}

export type Checkout = ReturnType<typeof registerCheckout>;

/** Delivery prices, orders and card payments (YooKassa, or the built-in test gateway offline), one-click orders. */
export function registerCheckout(app: FastifyInstance, core: AppCore) {
  const { db, config, deps, cart, mail, authenticator, log } = core;
  const deliveryProviders = deps.delivery?.providers ?? createDeliveryProviders(config, db);
  // Checkout prices delivery with the free-delivery thresholds the owner set (decision 060).
  const freeFrom = async () => (await core.settings.get()).freeDeliveryFrom;
  const cartSnapshot = async (request: FastifyRequest) => {
    const user = await authenticator.findUser(request);
    const view = await cart.view(await cart.findCart(user, request.cookies[CART_COOKIE]), user);
    return {
      total: view.cart.total,
      ...(await measureParcel(db, view.cart.lines)),
      hydr: view.hydr,
      freeFrom: await freeFrom(),
    };
  };
  registerDeliveryRoutes(app, {
    db,
    config,
    getCartSnapshot: deps.delivery?.cartSnapshot ?? cartSnapshot,
    // A cart of one unit, as checkout would see it right after «В корзину» on the product page.
    getProductSnapshot: async (productId) => {
      const product = await findProductForCart(db, productId);
      if (!product?.visible) return null;
      return {
        total: product.cena,
        ...(await measureParcel(db, [{ id: productId, volume: product.volume, quantity: 1 }])),
        hydr: product.katGlobal === HYDROLAT_KAT_GLOBAL,
        freeFrom: await freeFrom(),
      };
    },
    providers: deliveryProviders,
  });
  const paymentClient = createPaymentClient(config, db);
  const certificates = createOrderCertificates({
    mail,
    origin: core.origin,
    vatCode: config.YOOKASSA_VAT_CODE,
  });
  // The owner hears of each new order (decision 057); the settings are read in one place.
  const ownerNotice = createOwnerNotice({ mail, origin: core.origin, settings: ownerNoticeSettings(config) });
  const orders = createOrdersService({
    ownerNotice,
    certificates,
    db,
    cart,
    mail,
    log,
    origin: core.origin,
    // The tiers in force at each use (the owner's settings, decision 060).
    get discountTiers() {
      return config.DISCOUNT_TIERS;
    },
    requisites: () => core.settings.peek().requisites,
    quote: async (form, snapshot, user) => {
      // Saved addresses and pickup points count only when they are the buyer's own.
      const book = user ? await listAddressBook(db, user.id) : { addresses: [], pvz: [] };
      return quoteDelivery(
        {
          db,
          config,
          providers: deliveryProviders,
          log,
          resolveSavedAddress: async (id) => book.addresses.find((address) => address.id === id) ?? null,
          resolveSavedPickupPoint: async (id) => book.pvz.find((point) => point.id === id) ?? null,
        },
        form,
        { ...snapshot, freeFrom: snapshot.freeFrom ?? (await freeFrom()) },
      );
    },
  });
  const payments = createPaymentsService({
    db,
    config,
    client: paymentClient,
    log,
    onStatusChange: (orderId, status) => orders.applyPaymentStatus(Number(orderId), status),
  });
  const refunds = createRefundsService({
    db,
    client: paymentClient,
    log,
    onRefunded: (txDb, refund, summary) =>
      tellAboutRefund({ mail, origin: core.origin }, txDb, refund, summary),
  });
  registerPaymentRoutes(app, { payments, refunds, client: paymentClient });
  registerOrderRoutes(app, { orders, cart, payments, authenticator, config });
  registerOneClickRoutes(app, {
    ownerNotice,
    db,
    cart,
    orders,
    mail,
    limiter: core.limiter,
    log,
    origin: core.origin,
    authenticator,
    requisites: () => core.settings.peek().requisites,
  });
  // What the back office, tracking and 1C change orders through: status changes send letters and audit.
  const ordersAdmin = {
    db,
    payments,
    refunds,
    mail,
    log,
    origin: core.origin,
    get discountTiers() {
      return config.DISCOUNT_TIERS;
    },
    requisites: () => core.settings.peek().requisites,
    certificates,
  };
  return { orders, payments, refunds, ordersAdmin, paymentClient };
}

/** The school with what it is handed: its teachers (the content's authors) and its students' cards (the account). */
function createSchool(core: AppCore, log: FastifyBaseLogger): SchoolService {
  const { db, config } = core;
  return createSchoolService({
    db,
    log,
    storageDir: diplomaStorageDir(config),
    findTeachers: (ids) => findAuthorCards(db, ids),
    findStudent: async (userId) => {
      const user = await findUserById(db, userId);
      return user ? { id: user.id, name: user.name, fam: user.fam, email: user.email, tel: user.tel } : null;
    },
  });
}

/** The account, the school, reviews, content and every page's data, feeds and search. */
export function registerShopPages(app: FastifyInstance, core: AppCore, checkout: Checkout): void {
  const { db, config, deps, cart, authenticator, content } = core;
  registerAccountRoutes(app, {
    db,
    authenticator,
    mail: core.mail,
    limiter: core.limiter,
    config,
    listOrders: async (user) => {
      // Decision 040: a confirmed e-mail's guest orders are the account's, also those placed since it was confirmed.
      if (user.emailConfirmedAt) await joinGuestOrders(db, user.id, user.email, config.DISCOUNT_TIERS);
      return checkout.orders.listForUser(user);
    },
    countGuestOrders: (user) =>
      user.emailConfirmedAt ? Promise.resolve(0) : countGuestOrders(db, user.email),
    listSavedCarts: (user) => cart.listSaved(user),
  });
  registerTelegramRoutes(app, {
    authenticator,
    limiter: core.limiter,
    telegram: core.telegram,
    config,
    links: {
      issueCode: (userId) => issueTelegramLinkCode(db, userId),
      linkChat: async (code, chatId) => (await linkTelegramChat(db, code, chatId)) !== null,
      forgetChat: (user, chatId) => forgetTelegramChat(db, user, chatId),
      unlink: async (userId) => getSettings(await unlinkTelegram(db, userId), config.TELEGRAM_BOT_NAME),
    },
  });
  const school = createSchool(core, app.log);
  registerSchoolRoutes(app, {
    school,
    authenticator,
    enrolment: createCourseEnrolment({
      db,
      school,
      payments: checkout.payments,
      log: app.log,
      origin: core.origin,
    }),
  });
  registerReviewRoutes(app, {
    db,
    authenticator,
    limiter: deps.reviews?.limiter ?? core.limiter,
    config,
    content: deps.reviews?.content ?? content,
  });
  registerContentRoutes(app, content, core.renderReads);
  registerPagesRoutes(app, {
    db,
    content,
    config,
    cache: core.responses,
    authenticator,
    renderReads: core.renderReads,
    sources: { getSavedPage: (token) => cart.getSavedPage(token) },
  });
  registerFeedRoutes(app, { db, content, config, settings: core.settings });
  registerSearchRoutes(app, db, core.responses);
}

/** Metrics (with METRICS_TOKEN), backups (decision 030), housekeeping, the unsubscribe links. */
export function registerOperations(app: FastifyInstance, core: AppCore): void {
  const { db, config, deps } = core;
  if (config.METRICS_TOKEN) {
    registerMetrics(app, {
      db,
      token: config.METRICS_TOKEN,
      caches: { answers: core.responses, guestPages: core.guestPages },
      paymentStatuses: PAYMENT_STATUSES,
    });
  }
  if (deps.backup) registerBackups(app, { config, database: deps.backup });
  startHousekeeping(app, { db, log: core.log });
  registerUnsubscribeRoutes(app, { db, secret: core.secret });
}

/**
 * Shipment tracking (decision 029: CDEK's webhooks, and a poll of its API when the shop has CDEK keys) and, with
 * OUTBOX_WORKER, the outbox loop that sends letters and runs the periodic jobs. Gives the outbox worker.
 */
export function startBackgroundWork(app: FastifyInstance, core: AppCore, checkout: Checkout) {
  const { db, config, log, cart, mail, origin } = core;
  const tracking = {
    db,
    ordersAdmin: checkout.ordersAdmin,
    cdek: core.deps.cdekTracking ?? createCdekTracking(config),
    log,
  };
  registerCdekWebhook(app, { ...tracking, secret: config.CDEK_WEBHOOK_SECRET });
  const outboxWorker = createOutboxWorker({ db, config, telegram: core.telegram, log });
  if (config.OUTBOX_WORKER) {
    core.outbox.wake = startOutboxLoop(app, {
      worker: outboxWorker,
      pollMs: config.OUTBOX_POLL_MS,
      log,
      jobs: [
        {
          name: 'abandoned-carts',
          everyMs: abandonedCartCheckMs(config.ABANDONED_CART_HOURS),
          run: (now) =>
            remindAbandonedCarts(
              {
                db,
                cart,
                mail,
                origin,
                hours: config.ABANDONED_CART_HOURS,
                unsubscribeUrl: (userId) => unsubscribeUrl(origin, core.secret, userId),
              },
              now,
            ),
        },
        certificateReceiptsJob({ db, config, log, client: checkout.paymentClient }),
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
  return outboxWorker;
}

/** The shop assistant, and 1C «Обмен с сайтом» (CommerceML 2; off without EXCHANGE_LOGIN). Gives the exchange. */
export function registerAssistantAndExchange(app: FastifyInstance, core: AppCore, checkout: Checkout) {
  const { db, config, limiter, log } = core;
  registerChatRoutes(app, {
    chat: createChatService({ db, config, limiter, log, search: searchSiteScored.bind(null, db) }),
    authenticator: core.authenticator,
    config,
  });
  // Catalogue, prices and stock in, orders out.
  const exchange = createExchangeService({
    db,
    config,
    limiter,
    content: core.content,
    mail: core.mail,
    origin: core.origin,
    log,
    orders: {
      // 1C's status changes go through the moderator's action (letters, stock back on cancel, audit as user 0).
      changeStatus: async (orderId, status) => {
        await changeOrderStatus(checkout.ordersAdmin, { orderId, status, moderatorId: 0, comment: 'Из 1С' });
      },
      markPaid: (orderId) => checkout.orders.applyPaymentStatus(orderId, 'succeeded'),
    },
  });
  registerExchangeRoutes(app, exchange);
  return exchange;
}

/** The back office: every route in it is for MODERATOR_IDS only (checked once, for the whole scope). */
export function registerBackOffice(
  app: FastifyInstance,
  core: AppCore,
  parts: {
    checkout: Checkout;
    exchange: ReturnType<typeof registerAssistantAndExchange>;
    outboxWorker: ReturnType<typeof startBackgroundWork>;
  },
): void {
  const { db, config, authenticator, content, mail, origin } = core;
  const { refunds, ordersAdmin } = parts.checkout;
  registerAdminRoutes(app, {
    db,
    authenticator,
    config,
    sections: [
      (scope) => registerSchoolAdminRoutes(scope, createSchool(core, scope.log)),
      ordersAdminSection(ordersAdmin),
      refundsAdminSection({ refunds, showOrder: (orderId) => getAdminOrder(ordersAdmin, orderId) }),
      receivedPaymentsAdminSection({
        db,
        mail,
        discountTiers: config.DISCOUNT_TIERS,
        showOrder: (orderId) => getAdminOrder(ordersAdmin, orderId),
      }),
      orderPapersAdminSection({ db, settings: core.settings }),
      orderEditAdminSection({
        db,
        mail,
        origin,
        showOrder: (orderId) => getAdminOrder(ordersAdmin, orderId),
      }),
      dashboardAdminSection({ db }),
      overviewAdminSection({ db }),
      promoAdminSection({ db }),
      giftCertificatesAdminSection({ db, mail, origin }),
      customersAdminSection({
        db,
        get discountTiers() {
          return config.DISCOUNT_TIERS;
        },
      }),
      reviewsAdminSection({ db, content: core.deps.reviews?.content ?? content }),
      questionsAdminSection({ db, mail, origin }),
      productsAdminSection({ db, content, mail, origin, imagesDir: config.imagesDir, log: core.log }),
      catalogBulkSection({ db, content, mail, origin, log: core.log }),
      contentAdminSection({ db, content, config }),
      exchangeAdminSection({ db, exchange: parts.exchange }),
      settingsAdminSection({ db, store: core.settings, onSaved: () => content.invalidate() }),
      outboxAdminSection({ db, smtp: parts.outboxWorker.smtp, wake: () => core.outbox.wake() }),
    ],
  });
}

/** Demo and uploaded pictures under /images/: they never change under the same name. */
export async function serveImages(app: FastifyInstance, core: AppCore): Promise<void> {
  mkdirSync(core.config.imagesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: core.config.imagesDir,
    prefix: '/images/',
    decorateReply: false,
    index: false,
    maxAge: '30d',
  });
}
