// Back office «Сводка»: per day and for the period, the value ordered and the money received (paid − refunded,
// decision 057), the average order, top products and how many carts became orders, from the shop's own tables — one
// query per figure. Days are Moscow days (UTC+3, no summer time); cancelled orders count nowhere in what was ordered,
// gifts are not products sold; money counts on the day it moved, whatever became of the order since.
import { type Dashboard, dashboardSchema } from '@efir/domain/admin-wire';
import { CERTIFICATE_CATEGORY_URL } from '@efir/domain/gift-certificate-wire';
import { z } from '@efir/domain/zod-ru';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';

const dashboardQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(366).default(30),
});

const TOP_PRODUCTS = 10;
/** A Moscow day of a timestamp, whatever the database session's time zone. */
const moscowDay = (column: string) => sql.raw(`((${column} AT TIME ZONE 'UTC') + interval '3 hours')::date`);

/**
 * ₽ of an order (alias `o`) that sold gift certificates: an advance the shop owes in goods, not revenue (decision
 * 045); it becomes revenue as the certificates pay later orders, whose totals count in full.
 */
const certificateSales = sql.raw(`coalesce((SELECT sum(cl.sum) FROM order_lines cl
  JOIN products cp ON cp.id = cl.product_id JOIN categories cc ON cc.id = cp.category_id
  WHERE cl.order_id = o.id AND cc.url = '${CERTIFICATE_CATEGORY_URL}'), 0)`);

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function readDashboard(db: Database, days: number): Promise<Dashboard> {
  // Moscow's today and the first day shown; the period runs from that day's Moscow midnight to now.
  const today = sql.raw(`((now() AT TIME ZONE 'UTC') + interval '3 hours')::date`);
  const firstDay = sql`(${today} - ${days - 1}::int)`;
  const periodStart = sql`((${firstDay} - interval '3 hours') AT TIME ZONE 'UTC')`;
  const [byDay, totalsRows, top, conversionRows, certificateRows] = await Promise.all([
    db.execute(sql`
      WITH placed AS (
        SELECT ${moscowDay('o.created_at')} AS day, count(*)::int AS orders,
               sum(o.total - ${certificateSales})::int AS ordered
        FROM orders o WHERE o.created_at >= ${periodStart} AND o.status <> 'cancelled' GROUP BY 1
      ), paid AS (
        SELECT ${moscowDay('o.paid_at')} AS day, sum(o.total - o.certificate_amount)::int AS paid
        FROM orders o WHERE o.payment_state = 'paid' AND o.paid_at >= ${periodStart} GROUP BY 1
      ), refunded AS (
        SELECT ${moscowDay('r.succeeded_at')} AS day, sum(r.amount)::int AS refunded
        FROM payment_refunds r WHERE r.status = 'succeeded' AND r.succeeded_at >= ${periodStart} GROUP BY 1
      )
      SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(placed.orders, 0) AS orders,
             coalesce(placed.ordered, 0) AS ordered, coalesce(paid.paid, 0) AS paid,
             coalesce(refunded.refunded, 0) AS refunded,
             coalesce(paid.paid, 0) - coalesce(refunded.refunded, 0) AS received
      FROM generate_series(${firstDay}::timestamp, ${today}::timestamp, interval '1 day') AS d(day)
      LEFT JOIN placed ON placed.day = d.day::date
      LEFT JOIN paid ON paid.day = d.day::date
      LEFT JOIN refunded ON refunded.day = d.day::date
      ORDER BY d.day`),
    db.execute(sql`
      SELECT count(*)::int AS orders, coalesce(sum(o.total - ${certificateSales}), 0)::int AS ordered,
             coalesce(round(avg(o.total)), 0)::int AS average_order
      FROM orders o WHERE o.created_at >= ${periodStart} AND o.status <> 'cancelled'`),
    db.execute(sql`
      SELECT l.product_id, min(l.name) AS name, sum(l.quantity)::int AS quantity, sum(l.sum)::int AS revenue
      FROM order_lines l JOIN orders o ON o.id = l.order_id
      WHERE o.created_at >= ${periodStart} AND o.status <> 'cancelled' AND NOT l.gift
      GROUP BY l.product_id ORDER BY revenue DESC, quantity DESC LIMIT ${TOP_PRODUCTS}`),
    // Carts started in the period: those still kept, and those of orders whose cart is gone since.
    db.execute(sql`
      SELECT count(*)::int AS carts, count(*) FILTER (WHERE ordered)::int AS ordered FROM (
        SELECT id, bool_or(ordered) AS ordered FROM (
          SELECT id, false AS ordered FROM carts WHERE created_at >= ${periodStart}
          UNION ALL
          SELECT cart_id, true FROM orders WHERE created_at >= ${periodStart} AND cart_id IS NOT NULL
        ) started GROUP BY id
      ) carts`),
    db.execute(sql`
      SELECT (SELECT coalesce(sum(${certificateSales}), 0) FROM orders o
              WHERE o.created_at >= ${periodStart} AND o.status <> 'cancelled')::int AS sold,
             (SELECT coalesce(sum(balance), 0) FROM gift_certificates
              WHERE state = 'active' AND expires_at > now())::int AS outstanding`),
  ]).then((results) => results.map((result) => rowsOf<Record<string, unknown>>(result)));
  const totals = totalsRows?.[0];
  const conversion = conversionRows?.[0];
  const carts = Number(conversion?.carts ?? 0);
  const ordered = Number(conversion?.ordered ?? 0);
  const perDay = byDay as Dashboard['by_day'];
  const paid = perDay.reduce((sum, day) => sum + day.paid, 0);
  const refunded = perDay.reduce((sum, day) => sum + day.refunded, 0);
  return {
    days,
    by_day: perDay,
    totals: {
      orders: Number(totals?.orders ?? 0),
      ordered: Number(totals?.ordered ?? 0),
      paid,
      refunded,
      received: paid - refunded,
      average_order: Number(totals?.average_order ?? 0),
    },
    top_products: top as Dashboard['top_products'],
    conversion: { carts, ordered, percent: carts === 0 ? 0 : Math.round((ordered / carts) * 1000) / 10 },
    certificates: {
      sold: Number(certificateRows?.[0]?.sold ?? 0),
      outstanding: Number(certificateRows?.[0]?.outstanding ?? 0),
    },
  };
}

export function dashboardAdminSection(deps: { db: Database }) {
  return (scope: FastifyInstance) => {
    scope
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/dashboard',
        { schema: { querystring: dashboardQuery, response: { 200: dashboardSchema } } },
        async (request) => readDashboard(deps.db, request.query.days),
      );
  };
}
