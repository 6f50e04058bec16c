// The back office's customers (/api/v1/admin/customers): find a customer, see what their personal discount rests
// on, and set it by hand for regulars and partners (audited) or give it back to the tiers (decision 012).
import { idField } from '@efir/domain/account-schemas';
import type { DiscountTier } from '@efir/domain/account-wire';
import {
  customerAnswerSchema,
  customerDiscountAnswerSchema,
  customersAnswerSchema,
} from '@efir/domain/admin-wire';
import { paymentViewState } from '@efir/domain/order-wire';
import { pageField } from '@efir/domain/reviews-schemas';
import { z } from '@efir/domain/zod-ru';
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moderatorId } from '../../back-office/admin.routes.ts';
import { auditLog } from '../../back-office/admin.table.ts';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { refundedOfOrder } from '../orders/orders.service.ts';
import { orders } from '../orders/orders.table.ts';
import { calculateDiscountPercent, refreshPersonalDiscount } from './account.service.ts';
import { users } from './account.table.ts';

export const CUSTOMERS_PAGE_SIZE = 30;

const listQuery = z.strictObject({
  q: z.string().trim().max(100, 'Не длиннее 100 символов').optional(),
  page: pageField.default(1),
});
const idParams = z.strictObject({ id: idField });
const discountBody = z.strictObject({
  /** null: the tiers decide again. */
  percent: z
    .int('Укажите целое число процентов')
    .min(0, 'Скидка — от 0 до 100 %')
    .max(100, 'Скидка — от 0 до 100 %')
    .nullable(),
  comment: z.string().trim().max(500, 'Комментарий — не длиннее 500 символов').optional(),
});

type UserRow = typeof users.$inferSelect;

function toCustomer(user: UserRow, tiers: readonly DiscountTier[]) {
  return {
    id: user.id,
    name: user.name,
    fam: user.fam,
    email: user.email,
    tel: user.tel,
    created_at: user.createdAt.toISOString(),
    skidka: user.skidka,
    skidka_manual: user.skidkaManual,
    /** What the tiers alone would give: shown beside a hand-set percent. */
    skidka_by_orders: calculateDiscountPercent(user.completedOrdersTotal, tiers),
    completed_total: user.completedOrdersTotal,
  };
}

/** Number («42»), e-mail, name or phone (any formatting). */
function searchCondition(text: string): SQL | undefined {
  const parts: SQL[] = [];
  if (/^\d{1,9}$/.test(text)) parts.push(eq(users.id, Number(text)));
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
  parts.push(sql`lower(${users.email}) like ${pattern}`);
  parts.push(sql`lower(${users.name} || ' ' || ${users.fam}) like ${pattern}`);
  let digits = text.replace(/\D/g, '');
  if (digits.length === 11 && /^[78]/.test(digits)) digits = digits.slice(1);
  if (digits.length >= 4) {
    parts.push(sql`regexp_replace(${users.tel}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  }
  return or(...parts);
}

export async function listCustomers(
  db: Database,
  query: z.output<typeof listQuery>,
  tiers: readonly DiscountTier[],
) {
  const where = query.q ? searchCondition(query.q) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(CUSTOMERS_PAGE_SIZE)
      .offset((query.page - 1) * CUSTOMERS_PAGE_SIZE),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const total = totals?.total ?? 0;
  return {
    customers: rows.map((row) => toCustomer(row, tiers)),
    page: query.page,
    pages: Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE)),
    total,
  };
}

export async function getCustomer(db: Database, id: number, tiers: readonly DiscountTier[]) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound('Покупатель не найден');
  const [orderRows, history] = await Promise.all([
    db
      .select({
        id: orders.id,
        status: orders.status,
        payment_state: orders.paymentState,
        refunded: refundedOfOrder,
        total: orders.total,
        goods_total: orders.goodsTotal,
        created_at: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(20),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(50),
  ]);
  return {
    customer: {
      ...toCustomer(user, tiers),
      orders: orderRows.map((row) => ({
        ...row,
        // Returned money shows as the order's payment state, as in the orders list (decision 028).
        payment_state: paymentViewState(row.payment_state, row.total, row.refunded),
        created_at: row.created_at.toISOString(),
      })),
      discount_history: history.map((row) => {
        const before = (row.before ?? {}) as { skidka?: number; skidka_manual?: number | null };
        const after = (row.after ?? {}) as {
          skidka?: number;
          skidka_manual?: number | null;
          comment?: string;
        };
        return {
          at: row.createdAt.toISOString(),
          who: `Модератор № ${row.userId}`,
          before: before.skidka ?? null,
          after: after.skidka ?? null,
          manual: after.skidka_manual ?? null,
          comment: after.comment ?? null,
        };
      }),
    },
  };
}

/**
 * A moderator's percent for the customer (null gives the discount back to the tiers), written with the recomputed
 * discount and its audit entry in one transaction.
 */
export async function setCustomerDiscount(
  db: Database,
  input: { customerId: number; percent: number | null; comment?: string | undefined; moderatorId: number },
  tiers: readonly DiscountTier[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const [before] = await txDb
      .select({ skidka: users.skidka, skidkaManual: users.skidkaManual })
      .from(users)
      .where(eq(users.id, input.customerId))
      .for('update');
    if (!before) throw notFound('Покупатель не найден');
    await txDb.update(users).set({ skidkaManual: input.percent }).where(eq(users.id, input.customerId));
    const skidka = await refreshPersonalDiscount(txDb, input.customerId, tiers);
    await writeAudit(txDb, {
      userId: input.moderatorId,
      action: 'customer.discount',
      entity: 'customer',
      entityId: input.customerId,
      before: { skidka: before.skidka, skidka_manual: before.skidkaManual },
      after: {
        skidka,
        skidka_manual: input.percent,
        ...(input.comment ? { comment: input.comment } : {}),
      },
    });
  });
}

// Routes (paths relative to /api/v1/admin; the scope has already let only moderators in).

export function customersAdminSection(deps: {
  db: Database;
  discountTiers: readonly DiscountTier[];
}): (scope: FastifyInstance) => void {
  return (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/customers',
      { schema: { querystring: listQuery, response: { 200: customersAnswerSchema } } },
      async (request) => listCustomers(deps.db, request.query, deps.discountTiers),
    );

    routes.get(
      '/customers/:id',
      { schema: { params: idParams, response: { 200: customerAnswerSchema } } },
      async (request) => getCustomer(deps.db, request.params.id, deps.discountTiers),
    );

    routes.put(
      '/customers/:id/discount',
      { schema: { params: idParams, body: discountBody, response: { 200: customerDiscountAnswerSchema } } },
      async (request) => {
        await setCustomerDiscount(
          deps.db,
          {
            customerId: request.params.id,
            percent: request.body.percent,
            comment: request.body.comment,
            moderatorId: moderatorId(request),
          },
          deps.discountTiers,
        );
        return {
          message: 'customer/discount' as const,
          ...(await getCustomer(deps.db, request.params.id, deps.discountTiers)),
        };
      },
    );
  };
}
