// Shipment tracking with CDEK (decision 029): CDEK's ORDER_STATUS webhooks and a poll of its order-status API
// (GET /v2/orders?cdek_number=) move a shipped order to «Доставлен» by themselves, through the moderator's own
// status change (letter, audit, personal discount), recorded as done by the shop (user 0).
import { timingSafeEqual } from 'node:crypto';
import { z } from '@efir/domain/zod-ru';
import { and, asc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type CdekParcelStatus, type CdekTracking, createCdekClient } from '../../modules/delivery/index.ts';
import type { OrderRow } from './orders.repo.ts';
import { orders } from './orders.table.ts';
import { changeOrderStatus, type OrdersAdminDeps } from './orders-admin.ts';

/** CDEK's status code of a parcel handed to the recipient (CDEK API v2, «Приложение 1»). */
const CDEK_DELIVERED = 'DELIVERED';
/** Parcels asked about in one poll; the rest wait for the next. */
const POLL_BATCH = 100;

export interface ShipmentTrackingDeps {
  db: Database;
  ordersAdmin: OrdersAdminDeps;
  /** The CDEK API client; null without CDEK_CLIENT_ID/SECRET (then a webhook's own word is taken). */
  cdek: CdekTracking | null;
  log: FastifyBaseLogger;
}

/** The CDEK client for tracking, when the shop has CDEK API keys. */
export function createCdekTracking(config: Config): CdekTracking | null {
  if (!config.CDEK_CLIENT_ID || !config.CDEK_CLIENT_SECRET) return null;
  return createCdekClient({
    apiUrl: config.CDEK_API_URL,
    clientId: config.CDEK_CLIENT_ID,
    clientSecret: config.CDEK_CLIENT_SECRET,
    fromZip: config.DELIVERY_FROM_ZIP,
    timeoutMs: config.DELIVERY_TIMEOUT_MS,
  });
}

async function findCdekParcel(db: Database, cdekNumber: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.carrier, 'cdek'), eq(orders.trackingNumber, cdekNumber)))
    .orderBy(asc(orders.id))
    .limit(1);
  return row;
}

/**
 * Notes CDEK's latest status on the order and, when the parcel was handed over, moves a shipped order to «Доставлен».
 * Returns whether the order moved.
 */
async function applyParcelStatus(
  deps: ShipmentTrackingDeps,
  order: OrderRow,
  status: Pick<CdekParcelStatus, 'code'>,
): Promise<boolean> {
  await deps.db
    .update(orders)
    .set({ carrierStatus: status.code.slice(0, 60), carrierCheckedAt: new Date() })
    .where(eq(orders.id, order.id));
  if (status.code !== CDEK_DELIVERED || order.status !== 'shipped') return false;
  try {
    await changeOrderStatus(deps.ordersAdmin, {
      orderId: order.id,
      status: 'delivered',
      moderatorId: 0,
      comment: 'СДЭК: посылка вручена получателю',
    });
    return true;
  } catch (error) {
    // A moderator (or a webhook a moment earlier) moved it already: nothing is left to do.
    if (error instanceof AppError && error.status < 500) return false;
    throw error;
  }
}

/** One pass of the poll: shipped CDEK parcels not asked about for `intervalMs`, oldest check first. */
export async function pollCdekParcels(
  deps: ShipmentTrackingDeps & { cdek: CdekTracking },
  now: Date,
  intervalMs: number,
): Promise<{ asked: number; delivered: number }> {
  const due = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'shipped'),
        eq(orders.carrier, 'cdek'),
        isNotNull(orders.trackingNumber),
        or(
          isNull(orders.carrierCheckedAt),
          lt(orders.carrierCheckedAt, new Date(now.getTime() - intervalMs)),
        ),
      ),
    )
    .orderBy(asc(orders.carrierCheckedAt), asc(orders.id))
    .limit(POLL_BATCH);
  let delivered = 0;
  for (const order of due) {
    try {
      const status = await deps.cdek.parcelStatus(order.trackingNumber!);
      if (status) {
        if (await applyParcelStatus(deps, order, status)) delivered += 1;
      } else {
        // CDEK does not know the number (yet, or a typo): asked again after the interval, not every pass.
        await deps.db.update(orders).set({ carrierCheckedAt: new Date() }).where(eq(orders.id, order.id));
      }
    } catch (error) {
      deps.log.warn({ err: error, orderId: order.id }, 'CDEK parcel status not read');
    }
  }
  return { asked: due.length, delivered };
}

/** CDEK's ORDER_STATUS webhook body (POST /v2/webhooks, type ORDER_STATUS); CDEK may add fields, they are kept. */
const webhookBody = z.looseObject({
  type: z.string().max(60),
  uuid: z.string().max(100).optional(),
  attributes: z
    .looseObject({
      cdek_number: z.union([z.string().max(40), z.number()]).optional(),
      code: z.string().max(60).optional(),
    })
    .optional(),
});

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /api/v1/cdek/webhook/<CDEK_WEBHOOK_SECRET>: the address given to CDEK's POST /v2/webhooks. CDEK signs
 * nothing, so the secret in the address is what keeps strangers out, and with API keys the status is not taken
 * from the body but asked of CDEK's API. Every known parcel is answered 200, so CDEK does not resend.
 */
export function registerCdekWebhook(
  app: FastifyInstance,
  deps: ShipmentTrackingDeps & { secret: string | undefined },
): void {
  const { secret } = deps;
  if (!secret) return;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/cdek/webhook/:secret',
    {
      schema: { params: z.strictObject({ secret: z.string().max(256) }), body: webhookBody },
      // A server's call, not a browser's: no CSRF cookie; the secret in the address is the check.
      config: { csrf: false },
      // Before the body is read: a wrong address is a missing page, never a 422 that tells it exists.
      preValidation: async (request) => {
        const given = (request.params as { secret?: unknown }).secret;
        if (typeof given !== 'string' || !sameSecret(given, secret)) throw notFound();
      },
    },
    async (request) => {
      const { type, attributes } = request.body;
      const cdekNumber = attributes?.cdek_number === undefined ? '' : String(attributes.cdek_number);
      if (type !== 'ORDER_STATUS' || !cdekNumber) return { status: 'ignored' };
      const order = await findCdekParcel(deps.db, cdekNumber);
      if (!order) return { status: 'ignored' };
      let status: Pick<CdekParcelStatus, 'code'> | null;
      if (deps.cdek) {
        try {
          status = await deps.cdek.parcelStatus(cdekNumber);
        } catch (error) {
          // CDEK's API is down: the poll asks again later.
          request.log.warn({ err: error, orderId: order.id }, 'CDEK parcel status not read');
          return { status: 'later' };
        }
      } else {
        status = attributes?.code ? { code: attributes.code } : null;
      }
      if (!status) return { status: 'ignored' };
      const moved = await applyParcelStatus(deps, order, status);
      return { status: moved ? 'delivered' : 'ok' };
    },
  );
}
