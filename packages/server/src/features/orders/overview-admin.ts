// The back office's start page counts what waits for the shop (decision 057): new orders, one-click orders waiting
// for a call, reviews to moderate, questions to answer — one statement, the same conditions the sections filter by.
import { adminOverviewSchema } from '@efir/domain/admin-office-wire';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';

export function overviewAdminSection(deps: { db: Database }) {
  return (scope: FastifyInstance) => {
    scope
      .withTypeProvider<ZodTypeProvider>()
      .get('/overview', { schema: { response: { 200: adminOverviewSchema } } }, async () => {
        const result = await deps.db.execute(sql`
          SELECT
            (SELECT count(*) FROM orders WHERE status = 'new' AND NOT call_back)::int AS new_orders,
            (SELECT count(*) FROM orders WHERE status = 'new' AND call_back)::int AS waiting_calls,
            (SELECT count(*) FROM shop_reviews WHERE status = 'pending')::int AS reviews,
            (SELECT count(*) FROM questions WHERE answered_at IS NULL)::int AS questions`);
        const [row] = (result as unknown as { rows: Array<Record<string, number>> }).rows;
        return {
          new_orders: Number(row?.new_orders ?? 0),
          waiting_calls: Number(row?.waiting_calls ?? 0),
          reviews: Number(row?.reviews ?? 0),
          questions: Number(row?.questions ?? 0),
        };
      });
  };
}
