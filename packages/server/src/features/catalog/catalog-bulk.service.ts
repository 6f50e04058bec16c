// One change to many products (issue 39.1, decision 058): the ticked ones or everything the table's filter finds get
// a price change by % or ₽ (rounded to 10 ₽ or to …90 ₽), the old price set to the price before or cleared, a stock,
// badges added or removed, shown or hidden. The preview computes exactly what the apply writes; the apply is one
// transaction with one audit entry holding every product's before and after, and the change is kept for its undo.
// After the commit the public caches drop at once, as after a single product's save.
import {
  BULK_PREVIEW_ROWS,
  type BULK_ROUNDINGS,
  type BulkAction,
  type BulkApplied,
  type BulkChange,
  type BulkPreview,
  type BulkSelection,
  type BulkValues,
} from '@efir/domain/catalog-bulk-schemas';
import { PRODUCT_ICON_NAMES } from '@efir/domain/catalog-wire';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { invalidData } from '../../lib/app-error.ts';
import { collectSubtreeIds, getCatalogTree } from './catalog.service.ts';
import {
  type BulkTargetQuery,
  findBulkTargets,
  lastBulkChange,
  markBulkUndone,
  saveBulkChange,
  writeBulkValues,
} from './catalog-bulk.repo.ts';
import type { BulkChangeItem } from './catalog-bulk.table.ts';
import { type ProductsAdminDeps, tellWaitlist } from './products-admin.service.ts';

export type CatalogBulkDeps = Pick<ProductsAdminDeps, 'db' | 'content' | 'mail' | 'origin' | 'log'>;

/** 1234 → 1230 (to 10 ₽), 1234 → 1190 (to …90 ₽: the nearest price ending in 90); never below 1 ₽. */
export function roundPrice(price: number, rounding: (typeof BULK_ROUNDINGS)[number]): number {
  if (rounding === '10') return Math.max(10, Math.round(price / 10) * 10);
  if (rounding === '90') return Math.max(90, Math.round((price - 90) / 100) * 100 + 90);
  return Math.round(price);
}

/** The fields after the change; the price is checked by the caller (it must stay above 0). */
export function applyAction(before: BulkValues, action: BulkAction): BulkValues {
  let cena = before.cena;
  if (action.price) {
    const raw =
      action.price.mode === 'percent'
        ? before.cena * (1 + action.price.value / 100)
        : before.cena + action.price.value;
    cena = roundPrice(raw, action.price.rounding);
  }
  let cenaSt = before.cena_st;
  if (action.old_price === 'clear') cenaSt = 0;
  if (action.old_price === 'previous') cenaSt = before.cena > cena ? before.cena : 0;
  // An old price not above the new price is no discount any more: it goes (the preview shows it).
  if (cenaSt > 0 && cenaSt <= cena) cenaSt = 0;
  const icons = before.icons.filter((icon) => !action.icons_remove.includes(icon));
  for (const icon of action.icons_add) if (!icons.includes(icon)) icons.push(icon);
  return {
    cena,
    cena_st: cenaSt,
    stock: action.stock ?? before.stock,
    icons,
    visible: action.visible ?? before.visible,
  };
}

/** Field by field (a kept change comes back from jsonb with its keys in another order). */
function sameValues(a: BulkValues, b: BulkValues): boolean {
  return (
    a.cena === b.cena &&
    a.cena_st === b.cena_st &&
    a.stock === b.stock &&
    a.visible === b.visible &&
    a.icons.join() === b.icons.join()
  );
}

const ROUNDING_WORDS = { none: '', '10': ', округление до 10 ₽', '90': ', округление до …90 ₽' } as const;

/** The change in words, for the undo button and the audit log. */
export function describeAction(action: BulkAction): string {
  const parts: string[] = [];
  if (action.price) {
    const sign = action.price.value > 0 ? '+' : '−';
    const amount = String(Math.abs(action.price.value)).replace('.', ',');
    parts.push(
      `Цена ${sign}${amount}\u00a0${action.price.mode === 'percent' ? '%' : '₽'}${ROUNDING_WORDS[action.price.rounding]}`,
    );
  }
  if (action.old_price === 'previous') parts.push('старая цена — прежняя');
  if (action.old_price === 'clear') parts.push('старая цена убрана');
  if (action.stock !== undefined) parts.push(`остаток ${action.stock}`);
  if (action.icons_add.length > 0)
    parts.push(`значки +${action.icons_add.map((icon) => PRODUCT_ICON_NAMES[icon]).join(', ')}`);
  if (action.icons_remove.length > 0)
    parts.push(`значки −${action.icons_remove.map((icon) => PRODUCT_ICON_NAMES[icon]).join(', ')}`);
  if (action.visible !== undefined) parts.push(action.visible ? 'показать' : 'скрыть');
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The ticked ids, or the filter with its category's subtree. */
async function resolveSelection(db: Database, selection: BulkSelection): Promise<BulkTargetQuery> {
  if ('ids' in selection) return { ids: selection.ids };
  const { category, ...rest } = selection.filter;
  const categoryIds = category ? collectSubtreeIds(await getCatalogTree(db), category) : undefined;
  return { filter: { ...rest, categoryIds } };
}

interface Planned {
  matched: number;
  items: Array<BulkChangeItem & { name: string; volume: string }>;
}

function plan(targets: Awaited<ReturnType<typeof findBulkTargets>>, action: BulkAction): Planned {
  const items: Planned['items'] = [];
  const tooLow: string[] = [];
  for (const target of targets) {
    const after = applyAction(target.values, action);
    if (after.cena < 1) tooLow.push(`№ ${target.id}`);
    if (!sameValues(target.values, after))
      items.push({ id: target.id, name: target.name, volume: target.volume, before: target.values, after });
  }
  if (tooLow.length > 0)
    throw invalidData({
      'action.price': [
        `Цена стала бы меньше 1 ₽ у ${formatCount(tooLow.length, GOODS_FORMS)}: ${tooLow.slice(0, 5).join(', ')}`,
      ],
    });
  return { matched: targets.length, items };
}

export async function previewBulk(
  db: Database,
  request: { selection: BulkSelection; action: BulkAction },
): Promise<BulkPreview> {
  const { matched, items } = plan(
    await findBulkTargets(db, await resolveSelection(db, request.selection), false),
    request.action,
  );
  return {
    matched,
    changed: items.length,
    rows: items.slice(0, BULK_PREVIEW_ROWS).map(({ id, name, volume, before, after }) => ({
      id,
      name,
      volume,
      before,
      after,
    })),
  };
}

function toChange(row: { id: number; summary: string; products: number; createdAt: Date }): BulkChange {
  return {
    id: row.id,
    summary: row.summary,
    products: row.products,
    created_at: row.createdAt.toISOString(),
  };
}

const isBuyable = (values: BulkValues) => values.visible && values.stock > 0;

/** After a commit: the shop shows it at once; the waitlists of goods now buyable hear. */
async function afterBulk(deps: CatalogBulkDeps, items: BulkChangeItem[]) {
  deps.content.invalidate();
  for (const item of items)
    if (!isBuyable(item.before) && isBuyable(item.after)) await tellWaitlist(deps, item.id);
}

export async function applyBulk(
  deps: CatalogBulkDeps,
  userId: number,
  request: { selection: BulkSelection; action: BulkAction },
): Promise<BulkApplied> {
  const summary = describeAction(request.action);
  const query = await resolveSelection(deps.db, request.selection);
  const outcome = await deps.db.transaction(async (tx) => {
    // Locked: a moderator's save or an order taking the last bottle waits, so «before» is what is replaced.
    const { items } = plan(await findBulkTargets(tx, query, true), request.action);
    if (items.length === 0) return { items, change: null };
    const changes = items.map(({ id, before, after }) => ({ id, before, after }));
    await writeBulkValues(
      tx,
      changes.map(({ id, after }) => ({ id, ...after })),
    );
    const saved = await saveBulkChange(tx, { userId, summary, products: changes.length, changes });
    await writeAudit(tx as unknown as Database, {
      userId,
      action: 'catalog.bulk',
      entity: 'catalog_bulk',
      entityId: saved.id,
      before: Object.fromEntries(changes.map((item) => [item.id, item.before])),
      after: { summary, ...Object.fromEntries(changes.map((item) => [item.id, item.after])) },
    });
    return { items: changes, change: saved };
  });
  if (outcome.items.length > 0) await afterBulk(deps, outcome.items);
  return {
    status: 'ok',
    message:
      outcome.items.length > 0
        ? `Изменено: ${formatCount(outcome.items.length, GOODS_FORMS)}`
        : 'Ничего не изменилось: у выбранных товаров уже такие значения',
    changed: outcome.items.length,
    skipped: 0,
    change: outcome.change ? toChange(outcome.change) : null,
  };
}

export async function getLastBulk(db: Database): Promise<BulkChange | null> {
  const last = await lastBulkChange(db, false);
  return last && !last.undoneAt ? toChange(last) : null;
}

/**
 * The last bulk change undone: each product gets its «before» back if it still holds what the change wrote; one
 * changed since (an order took stock, a moderator edited it) is left as it is and counted.
 */
export async function undoLastBulk(deps: CatalogBulkDeps, userId: number): Promise<BulkApplied> {
  const outcome = await deps.db.transaction(async (tx) => {
    const last = await lastBulkChange(tx, true);
    if (!last || last.undoneAt)
      throw invalidData({ change: ['Отменять нечего: последнее массовое изменение уже отменено'] });
    const targets = await findBulkTargets(tx, { ids: last.changes.map((item) => item.id) }, true);
    const current = new Map(targets.map((target) => [target.id, target.values]));
    const restored: BulkChangeItem[] = [];
    for (const item of last.changes) {
      const now = current.get(item.id);
      if (now && sameValues(now, item.after))
        restored.push({ id: item.id, before: item.after, after: item.before });
    }
    await writeBulkValues(
      tx,
      restored.map(({ id, after }) => ({ id, ...after })),
    );
    await markBulkUndone(tx, last.id);
    await writeAudit(tx as unknown as Database, {
      userId,
      action: 'catalog.bulk-undo',
      entity: 'catalog_bulk',
      entityId: last.id,
      before: Object.fromEntries(restored.map((item) => [item.id, item.before])),
      after: { summary: last.summary, ...Object.fromEntries(restored.map((item) => [item.id, item.after])) },
    });
    return { restored, skipped: last.changes.length - restored.length, summary: last.summary };
  });
  if (outcome.restored.length > 0) await afterBulk(deps, outcome.restored);
  const skippedText =
    outcome.skipped > 0
      ? `; ${formatCount(outcome.skipped, GOODS_FORMS)} с тех пор изменены — их не трогали`
      : '';
  return {
    status: 'ok',
    message: `Отменено «${outcome.summary}»: ${formatCount(outcome.restored.length, GOODS_FORMS)}${skippedText}`,
    changed: outcome.restored.length,
    skipped: outcome.skipped,
    change: null,
  };
}
