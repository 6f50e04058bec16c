// Background clean-up of what expires on its own: refresh tokens past their end and guest carts nobody can reach
// any more (their cookie lived CART_COOKIE_DAYS). Runs shortly after start and then every few hours; every instance
// may run it, since each step is an idempotent delete.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { deleteExpiredRefreshTokens } from '../features/auth/auth.service.ts';
import { CART_COOKIE_DAYS } from '../features/cart/cart.routes.ts';
import { deleteStaleGuestCarts } from '../features/cart/cart.service.ts';

const FIRST_RUN_AFTER_MS = 60_000;
const EVERY_MS = 6 * 60 * 60 * 1000;

/** One pass; returns what it removed, for the log. */
export async function runHousekeeping(db: Database): Promise<{ guestCarts: number }> {
  await deleteExpiredRefreshTokens(db);
  return { guestCarts: await deleteStaleGuestCarts(db, CART_COOKIE_DAYS) };
}

export function startHousekeeping(
  app: FastifyInstance,
  deps: { db: Database; log: FastifyBaseLogger },
): void {
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const schedule = (delayMs: number) => {
    if (closed) return;
    timer = setTimeout(async () => {
      try {
        const removed = await runHousekeeping(deps.db);
        if (removed.guestCarts > 0) deps.log.info(removed, 'housekeeping: stale guest carts removed');
      } catch (error) {
        deps.log.warn({ err: error }, 'housekeeping failed');
      }
      schedule(EVERY_MS);
    }, delayMs);
    timer.unref();
  };
  app.addHook('onReady', async () => schedule(FIRST_RUN_AFTER_MS));
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
  });
}
