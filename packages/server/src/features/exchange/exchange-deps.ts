// What the 1C exchange is given: its own file, so the session (exchange.service.ts) and the catalogue import it
// runs (exchange-apply.ts) both read it without importing each other.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { OrderStatus } from '../orders/orders.table.ts';

export interface ExchangeDeps {
  db: Database;
  config: Pick<
    Config,
    | 'EXCHANGE_LOGIN'
    | 'EXCHANGE_PASSWORD'
    | 'EXCHANGE_PRICE_TYPE'
    | 'EXCHANGE_OLD_PRICE_TYPE'
    | 'EXCHANGE_FILE_LIMIT'
    | 'EXCHANGE_STEP_SECONDS'
    | 'EXCHANGE_ORDERS_FROM'
    | 'DATA_DIR'
    | 'imagesDir'
  >;
  limiter: RateLimiter;
  content: { invalidate(): void };
  mail: MailService;
  origin: string;
  log: FastifyBaseLogger;
  /** What a moderator's order actions do (letters, stock, audit), for the changes 1C sends back. */
  orders: {
    changeStatus(orderId: number, status: OrderStatus): Promise<void>;
    markPaid(orderId: number): Promise<void>;
  };
}
