// The back office's promo codes (/api/v1/admin/promo): list with use counts, create, edit, delete (a code that
// orders already used is switched off instead, so those orders keep meaning). Codes are unique ignoring case,
// exactly as the cart looks them up.
import {
  type PromoView,
  promoAnswerSchema,
  promoDeletedAnswerSchema,
  promoListAnswerSchema,
  promoSavedAnswerSchema,
} from '@efir/domain/admin-wire';
import { z } from '@efir/domain/zod-ru';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moderatorId } from '../../back-office/admin.routes.ts';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { invalidData, notFound } from '../../lib/app-error.ts';
import { categories } from '../catalog/catalog.table.ts';
import type { PromoRow } from './cart.repo.ts';
import { promoCodes } from './cart.table.ts';

const MOSCOW_OFFSET = '+03:00';
const DUPLICATE = 'Такой промокод уже есть';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const dateField = z.iso.date('Укажите дату').nullable().default(null);

export const promoBodySchema = z
  .strictObject({
    code: z
      .string({ error: 'Введите промокод' })
      .trim()
      .min(1, 'Введите промокод')
      .max(40, 'Промокод — не длиннее 40 символов')
      .regex(/^[\p{L}\p{N}_-]+$/u, 'Только буквы, цифры, дефис и подчёркивание, без пробелов'),
    // Other types than the three offered exist in older data (they replace the discount, like 'percent').
    condition_type: z
      .string({ error: 'Выберите тип скидки' })
      .regex(/^[a-z][a-z_]{0,39}$/, 'Выберите тип скидки'),
    percent: z
      .int('Укажите целое число процентов')
      .min(0, 'Процент — от 0 до 100')
      .max(100, 'Процент — от 0 до 100'),
    min_total: z
      .int('Укажите сумму в рублях, целым числом')
      .min(0, 'Сумма не может быть отрицательной')
      .max(10_000_000, 'Слишком большая сумма')
      .default(0),
    valid_from: dateField,
    valid_to: dateField,
    usage_limit: z
      .int('Укажите целое число')
      .min(1, 'Не меньше одного использования (или оставьте пустым — без ограничений)')
      .max(1_000_000_000, 'Слишком большое число')
      .nullable()
      .default(null),
    description: z.string().trim().max(300, 'Описание — не длиннее 300 символов').default(''),
    active: z.boolean().default(true),
    /** Categories (and their subcategories) the code does not reach. */
    excluded_category_ids: z
      .array(z.int('Выберите категорию').positive('Выберите категорию').max(2_147_483_647), {
        error: 'Выберите категории',
      })
      .max(50, 'Не больше 50 категорий')
      .default([])
      .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  })
  .refine((promo) => !promo.valid_from || !promo.valid_to || promo.valid_from <= promo.valid_to, {
    path: ['valid_to'],
    message: 'Дата окончания раньше даты начала',
  });

export type PromoInput = z.output<typeof promoBodySchema>;

/** The code works from the start of valid_from to the end of valid_to, Moscow time. */
function startOfDay(date: string | null): Date | null {
  return date ? new Date(`${date}T00:00:00${MOSCOW_OFFSET}`) : null;
}

function endOfDay(date: string | null): Date | null {
  return date ? new Date(`${date}T23:59:59.999${MOSCOW_OFFSET}`) : null;
}

function moscowDate(moment: Date | null): string | null {
  if (!moment) return null;
  return new Date(moment.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}

type PromoState = 'active' | 'off' | 'scheduled' | 'expired' | 'used_up';

const STATE_NAMES: Record<PromoState, string> = {
  active: 'Действует',
  off: 'Выключен',
  scheduled: 'Ещё не начался',
  expired: 'Срок истёк',
  used_up: 'Исчерпан',
};

function stateOf(row: PromoRow, now: Date): PromoState {
  if (!row.active) return 'off';
  if (row.validTo && row.validTo < now) return 'expired';
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return 'used_up';
  if (row.validFrom && row.validFrom > now) return 'scheduled';
  return 'active';
}

export function toPromoView(row: PromoRow, now = new Date()): PromoView {
  const state = stateOf(row, now);
  return {
    id: row.id,
    code: row.code,
    condition_type: row.conditionType,
    percent: row.percent,
    min_total: row.minTotal,
    valid_from: moscowDate(row.validFrom),
    valid_to: moscowDate(row.validTo),
    usage_limit: row.usageLimit,
    used_count: row.usedCount,
    description: row.description,
    active: row.active,
    excluded_category_ids: row.excludedCategoryIds,
    state,
    state_name: STATE_NAMES[state],
  };
}

function toColumns(input: PromoInput) {
  return {
    code: input.code,
    conditionType: input.condition_type,
    percent: input.percent,
    minTotal: input.min_total,
    validFrom: startOfDay(input.valid_from),
    validTo: endOfDay(input.valid_to),
    usageLimit: input.usage_limit,
    description: input.description,
    active: input.active,
    excludedCategoryIds: input.excluded_category_ids,
  };
}

async function refuseUnknownCategories(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  if (found.length !== ids.length) throw invalidData({ excluded_category_ids: ['Такой категории нет'] });
}

/** The same comparison as the cart's lookup and the unique index: upper() of both sides. */
async function refuseDuplicate(db: Database, code: string, exceptId?: number): Promise<void> {
  const sameCode = sql`upper(${promoCodes.code}) = upper(${code})`;
  const [existing] = await db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(exceptId ? and(sameCode, ne(promoCodes.id, exceptId)) : sameCode)
    .limit(1);
  if (existing) throw invalidData({ code: [DUPLICATE] });
}

/** Two moderators saving one code at the same moment: the unique index decides, with the same message. */
function duplicateFromIndex(error: unknown): never {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  if (code === '23505') throw invalidData({ code: [DUPLICATE] });
  throw error;
}

async function findPromo(db: Database, id: number): Promise<PromoRow> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).limit(1);
  if (!row) throw notFound('Промокод не найден');
  return row;
}

export async function listPromoCodes(db: Database) {
  const rows = await db.select().from(promoCodes).orderBy(desc(promoCodes.id));
  const now = new Date();
  return { promo_codes: rows.map((row) => toPromoView(row, now)) };
}

export async function createPromoCode(db: Database, input: PromoInput, moderator: number) {
  await refuseDuplicate(db, input.code);
  await refuseUnknownCategories(db, input.excluded_category_ids);
  const row = await db
    .transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      const [created] = await txDb.insert(promoCodes).values(toColumns(input)).returning();
      if (!created) throw new Error('promo code not inserted');
      await writeAudit(txDb, {
        userId: moderator,
        action: 'promo.create',
        entity: 'promo',
        entityId: created.id,
        after: toPromoView(created),
      });
      return created;
    })
    .catch(duplicateFromIndex);
  return toPromoView(row);
}

export async function updatePromoCode(db: Database, id: number, input: PromoInput, moderator: number) {
  await refuseDuplicate(db, input.code, id);
  await refuseUnknownCategories(db, input.excluded_category_ids);
  const row = await db
    .transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      const [before] = await txDb.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
      if (!before) throw notFound('Промокод не найден');
      // Placed orders name the code they used; renaming it would cut that link.
      if (before.usedCount > 0 && before.code !== input.code) {
        throw invalidData({
          code: ['Этот промокод уже использовали в заказах — его нельзя переименовать. Создайте новый.'],
        });
      }
      if (input.usage_limit !== null && input.usage_limit < before.usedCount) {
        throw invalidData({
          usage_limit: [`Промокод уже использовали ${before.usedCount} раз — лимит не может быть меньше`],
        });
      }
      const [after] = await txDb
        .update(promoCodes)
        .set(toColumns(input))
        .where(eq(promoCodes.id, id))
        .returning();
      if (!after) throw notFound('Промокод не найден');
      await writeAudit(txDb, {
        userId: moderator,
        action: 'promo.update',
        entity: 'promo',
        entityId: id,
        before: toPromoView(before),
        after: toPromoView(after),
      });
      return after;
    })
    .catch(duplicateFromIndex);
  return toPromoView(row);
}

/** Deletes an unused code; a used one is switched off instead (the orders that used it still name it). */
export async function deletePromoCode(db: Database, id: number, moderator: number) {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const [before] = await txDb.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
    if (!before) throw notFound('Промокод не найден');
    if (before.usedCount > 0) {
      const [after] = await txDb
        .update(promoCodes)
        .set({ active: false })
        .where(eq(promoCodes.id, id))
        .returning();
      await writeAudit(txDb, {
        userId: moderator,
        action: 'promo.deactivate',
        entity: 'promo',
        entityId: id,
        before: toPromoView(before),
        after: after ? toPromoView(after) : null,
      });
      return { deleted: false, promo: after ? toPromoView(after) : null };
    }
    await txDb.delete(promoCodes).where(eq(promoCodes.id, id));
    await writeAudit(txDb, {
      userId: moderator,
      action: 'promo.delete',
      entity: 'promo',
      entityId: id,
      before: toPromoView(before),
    });
    return { deleted: true, promo: null };
  });
}

/** The promo codes' part of the guarded /api/v1/admin scope. */
export function promoAdminSection(deps: { db: Database }) {
  const { db } = deps;
  return (scope: FastifyInstance) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/promo',
      { schema: { querystring: z.strictObject({}), response: { 200: promoListAnswerSchema } } },
      async () => listPromoCodes(db),
    );

    routes.get(
      '/promo/:id',
      { schema: { params: idParams, response: { 200: promoAnswerSchema } } },
      async (request) => ({
        promo: toPromoView(await findPromo(db, request.params.id)),
      }),
    );

    routes.post(
      '/promo',
      { schema: { body: promoBodySchema, response: { 200: promoSavedAnswerSchema } } },
      async (request) => ({
        message: 'promo/created' as const,
        promo: await createPromoCode(db, request.body, moderatorId(request)),
      }),
    );

    routes.put(
      '/promo/:id',
      { schema: { params: idParams, body: promoBodySchema, response: { 200: promoSavedAnswerSchema } } },
      async (request) => ({
        message: 'promo/updated' as const,
        promo: await updatePromoCode(db, request.params.id, request.body, moderatorId(request)),
      }),
    );

    routes.delete(
      '/promo/:id',
      { schema: { params: idParams, response: { 200: promoDeletedAnswerSchema } } },
      async (request) => {
        const result = await deletePromoCode(db, request.params.id, moderatorId(request));
        return {
          message: result.deleted ? ('promo/deleted' as const) : ('promo/deactivated' as const),
          ...result,
        };
      },
    );
  };
}
