// The bulk change's queries: the products a selection finds (locked for the apply), one statement writing every
// product's new fields, and the kept changes for the undo. Writes take the transaction they belong to.
import type { BulkValues } from '@efir/domain/catalog-bulk-schemas';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { products } from './catalog.table.ts';
import { type BulkChangeItem, catalogBulkChanges } from './catalog-bulk.table.ts';
import { type Executor, type ProductTableQuery, productTableWhere } from './products-admin.repo.ts';

export type BulkTargetQuery = { ids: number[] } | { filter: Omit<ProductTableQuery, 'page'> };

export interface BulkTarget {
  id: number;
  name: string;
  volume: string;
  values: BulkValues;
}

/** The products of a selection in the table's order; `lock` holds their rows until the transaction ends. */
export async function findBulkTargets(
  db: Executor,
  query: BulkTargetQuery,
  lock: boolean,
): Promise<BulkTarget[]> {
  const where = 'ids' in query ? inArray(products.id, query.ids) : productTableWhere(query.filter);
  const select = db
    .select({
      id: products.id,
      name: products.name,
      volume: products.volume,
      cena: products.cena,
      cenaSt: products.cenaSt,
      stock: products.stock,
      icons: products.icons,
      visible: products.visible,
    })
    .from(products)
    .where(where)
    .orderBy(asc(products.name), asc(products.volumeMl), asc(products.id));
  const rows = lock ? await select.for('update') : await select;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    volume: row.volume,
    values: {
      cena: row.cena,
      cena_st: row.cenaSt,
      stock: row.stock,
      icons: row.icons.filter((icon) => icon !== 'sale'),
      visible: row.visible,
    },
  }));
}

/** Every product's new fields in one statement (a JSON list of rows), in slices so one statement stays small. */
export async function writeBulkValues(tx: Executor, rows: Array<BulkValues & { id: number }>): Promise<void> {
  for (let start = 0; start < rows.length; start += 5000) {
    const slice = rows.slice(start, start + 5000);
    await tx.execute(sql`
      update products p set cena = v.cena, cena_st = v.cena_st, stock = v.stock, visible = v.visible,
        icons = array(select jsonb_array_elements_text(v.icons))
      from jsonb_to_recordset(${JSON.stringify(slice)}::jsonb)
        as v(id int, cena int, cena_st int, stock int, visible boolean, icons jsonb)
      where p.id = v.id`);
  }
}

export async function saveBulkChange(
  tx: Executor,
  values: { userId: number; summary: string; products: number; changes: BulkChangeItem[] },
) {
  const [row] = await tx.insert(catalogBulkChanges).values(values).returning();
  return row!;
}

/** The latest bulk change (undone or not); `lock` makes two undos wait for each other. */
export async function lastBulkChange(db: Executor, lock: boolean) {
  const query = db.select().from(catalogBulkChanges).orderBy(desc(catalogBulkChanges.id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function markBulkUndone(tx: Executor, id: number): Promise<void> {
  await tx.update(catalogBulkChanges).set({ undoneAt: new Date() }).where(eq(catalogBulkChanges.id, id));
}
