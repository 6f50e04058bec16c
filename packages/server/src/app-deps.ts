// What buildApp (app.ts) is given besides its configuration: the database, and the test seams of outside services.
// Its own file so that app.ts, which builds the shop, and app-core.ts, which it calls, do not import each other.
import type { FastifyRequest } from 'fastify';
import type { Database, DbHandle } from './db/client.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { CartSnapshot, CdekTracking, DeliveryProviders } from './modules/delivery/index.ts';
import type { TelegramClient } from './modules/telegram/index.ts';
import type { SsrOptions } from './plugins/ssr.ts';

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
