// The parts of the shop every feature is given: the authenticator, Redis (or memory) for rate limits and cache
// invalidation, mail and Telegram through the outbox, the caches of answers and rendered pages, the services of
// auth, cart and content, and the page renderer. Made once by buildApp (app.ts), before any feature's routes.
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { AppDeps } from './app-deps.ts';
import type { Config } from './config.ts';
import { findUserById } from './features/account/account.service.ts';
import { createPageSessions } from './features/auth/auth.routes.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { createDeviceCookies } from './features/auth/device-cookies.ts';
import { createAccessTokens } from './features/auth/tokens.ts';
import { createCartService } from './features/cart/cart.service.ts';
import { createContentService } from './features/content/content.service.ts';
import { createMailService } from './features/mail/mail.service.ts';
import { buyerHasOrdered, joinGuestOrders } from './features/orders/orders.service.ts';
import { createLocalInvalidationBus, createRedisInvalidationBus } from './lib/invalidation-bus.ts';
import { createMemoryRateLimiter, createRedisRateLimiter } from './lib/rate-limiter.ts';
import { closeRedis, watchRedisConnection } from './lib/redis-fallback.ts';
import { createResponseCache } from './lib/response-cache.ts';
import { resolveJwtSecret } from './lib/secrets.ts';
import { attachRealtime } from './modules/realtime/index.ts';
import { createTelegramClient } from './modules/telegram/index.ts';
import { registerAuth } from './plugins/auth.ts';
import { createPageCache } from './plugins/page-cache.ts';
import { createRenderReads } from './plugins/render-reads.ts';
import { createPageRenderer } from './plugins/ssr.ts';

/**
 * Memory for guests' rendered pages, compressed (a product page ≈ 22 KB): about 1 500 pages; the oldest go first.
 */
const GUEST_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

export type AppCore = ReturnType<typeof createCore>;

/** Registers the authenticator, the shared stores' hooks and the realtime socket, in that order. */
export function createCore(app: FastifyInstance, config: Config, deps: AppDeps) {
  const { db } = deps;
  const secret = resolveJwtSecret(config);
  const tokens = createAccessTokens(secret, config.ACCESS_TOKEN_TTL_S);
  const authenticator = registerAuth(app, db, tokens);
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  if (redis) watchRedisConnection(redis, app.log, 'shared state');
  const limiter = redis
    ? createRedisRateLimiter(redis, `${config.redisPrefix}:rl:`, app.log)
    : createMemoryRateLimiter();
  const cacheBus = redis
    ? createRedisInvalidationBus(redis, config.redisPrefix, app.log)
    : createLocalInvalidationBus();
  // Listening before the first request, so no change made on another instance meanwhile is missed.
  app.addHook('onReady', () => cacheBus.ready());
  app.addHook('onClose', async () => {
    await limiter.close();
    await cacheBus.close();
    if (redis) await closeRedis(redis);
  });
  attachRealtime(app, {
    config,
    tokens,
    log: app.log,
    // Logout and password change retire older tokens for the socket as well.
    resolveUserId: async (claims) => {
      const user = await findUserById(db, claims.userId);
      return user && user.tokenVersion === claims.tokenVersion ? user.id : null;
    },
  });
  // Letters and Telegram messages go through the outbox; this instance's worker is woken when it queues one
  // (startBackgroundWork sets `wake` when this instance runs the worker).
  const outbox = { wake: () => {} };
  const mail = createMailService(db, config, () => outbox.wake());
  const telegram = deps.telegram ?? createTelegramClient(config, app.log);
  // Guests' pages are kept rendered and compressed as long as the answers they are made of (PAGE_CACHE_TTL_MS).
  const guestPages =
    config.PAGE_CACHE_TTL_MS > 0
      ? createPageCache({ ttlMs: config.PAGE_CACHE_TTL_MS, maxBytes: GUEST_PAGE_CACHE_BYTES })
      : null;
  const auth = createAuthService({
    db,
    tokens,
    mail,
    limiter,
    devices: createDeviceCookies(secret),
    config,
    // Decision 040: a confirmed e-mail brings the guest orders placed with it into the account.
    onEmailConfirmed: async (txDb, userId, email) => {
      await joinGuestOrders(txDb, userId, email, config.DISCOUNT_TIERS);
    },
  });
  const renderReads = createRenderReads();
  const renderPage = deps.ssr
    ? createPageRenderer(app, config, deps.ssr, guestPages, createPageSessions(auth, tokens), renderReads)
    : undefined;
  // Read paths are answered from memory for PAGE_CACHE_TTL_MS; any write through a service invalidates.
  const responses = createResponseCache({ ttlMs: config.PAGE_CACHE_TTL_MS, maxEntries: 2000 });
  const content = createContentService(
    db,
    guestPages ? [responses, guestPages] : [responses],
    cacheBus,
    config.DISCOUNT_TIERS,
  );
  return {
    config,
    deps,
    db,
    log: app.log,
    /** The shop's public address without the trailing slash, for links in letters. */
    origin: config.PUBLIC_URL.replace(/\/$/, ''),
    secret,
    tokens,
    authenticator,
    redis,
    limiter,
    outbox,
    mail,
    telegram,
    guestPages,
    auth,
    renderReads,
    renderPage,
    responses,
    content,
    cart: createCartService(db, { buyerHasOrdered }),
  };
}
