// The spreadsheet export's and import's queries: the catalogue read in id order a slice at a time (the shop's other
// requests keep their turn between slices), the staged rows and their one-transaction apply, the kept files, the
// remembered mappings and the import log.
import type { SheetMapping } from '@efir/domain/catalog-bulk-schemas';
import { asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products } from './catalog.table.ts';
import {
  catalogImportFiles,
  catalogImportMappings,
  catalogImportStaged,
  catalogImports,
} from './catalog-bulk.table.ts';
import type { Tx } from './catalog-import.repo.ts';

const SLICE = 5000;

export interface KnownProduct {
  id: number;
  sku: string;
  name: string;
  familyKey: string;
  volume: string;
  volumeMl: number;
  categoryId: number;
  katGlobal: number;
  cena: number;
  cenaSt: number;
  stock: number;
  gtin: string | null;
  visible: boolean;
  url: string;
}

const knownColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  familyKey: products.familyKey,
  volume: products.volume,
  volumeMl: products.volumeMl,
  categoryId: products.categoryId,
  katGlobal: products.katGlobal,
  cena: products.cena,
  cenaSt: products.cenaSt,
  stock: products.stock,
  gtin: products.gtin,
  visible: products.visible,
  url: products.url,
};

/** Every product in id order, SLICE at a time: one short statement each. */
export async function* productsInIdOrder(db: Database): AsyncGenerator<KnownProduct[]> {
  let after = 0;
  for (;;) {
    const slice = await db
      .select(knownColumns)
      .from(products)
      .where(gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(SLICE);
    if (slice.length === 0) return;
    yield slice;
    after = slice[slice.length - 1]!.id;
    if (slice.length < SLICE) return;
  }
}

export async function allCategories(db: Database) {
  return db
    .select({ id: categories.id, name: categories.name, katGlobal: categories.katGlobal })
    .from(categories)
    .orderBy(asc(categories.pos), asc(categories.id));
}

/** Addresses of every page but products (products' come with them): a new product's address must be free. */
export async function otherPageUrls(db: Database): Promise<string[]> {
  const result = (await db.execute(sql`
    select url from categories union all select url from articles
    union all select url from recipes union all select url from razdels`)) as unknown as {
    rows: Array<{ url: string }>;
  };
  return result.rows.map((row) => row.url);
}

export type StagedRow = Omit<typeof catalogImportStaged.$inferInsert, 'stagedAt'>;

export async function stageRows(db: Database, rows: StagedRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(catalogImportStaged).values(rows);
}

/** This run's staged rows, and any a crashed process left a day ago or more. */
export async function clearStaged(db: Database, run: number): Promise<void> {
  await db
    .delete(catalogImportStaged)
    .where(
      sql`${catalogImportStaged.run} = ${run} or ${catalogImportStaged.stagedAt} < now() - interval '1 day'`,
    );
}

const STAGED_COLUMNS = [
  'sku',
  'name',
  'family_key',
  'volume',
  'volume_ml',
  'category_id',
  'kat_global',
  'cena',
  'cena_st',
  'stock',
  'gtin',
  'visible',
  'url',
] as const;
const assignFrom = (source: string) =>
  sql.raw(STAGED_COLUMNS.map((column) => `${column} = ${source}.${column}`).join(', '));
const columnList = sql.raw(STAGED_COLUMNS.join(', '));

/** The staged rows of lines [from, to) written: changed products updated, new ones inserted in the file's order. */
export async function applyStagedLines(
  tx: Tx,
  run: number,
  lines: { from: number; to: number },
): Promise<number[]> {
  await tx.execute(sql`
    update products p set ${assignFrom('s')}
    from catalog_import_staged s
    where s.run = ${run} and s.line >= ${lines.from} and s.line < ${lines.to} and s.product_id = p.id`);
  const created = (await tx.execute(sql`
    insert into products (${columnList})
    select ${columnList} from catalog_import_staged
    where run = ${run} and line >= ${lines.from} and line < ${lines.to} and product_id is null
    order by line
    returning id`)) as unknown as { rows: Array<{ id: number }> };
  return created.rows.map((row) => row.id);
}

/** The lines staged, in order: the apply's steps are cut from them. */
export async function stagedLines(db: Database, run: number): Promise<number[]> {
  const rows = await db
    .select({ line: catalogImportStaged.line })
    .from(catalogImportStaged)
    .where(eq(catalogImportStaged.run, run))
    .orderBy(asc(catalogImportStaged.line));
  return rows.map((row) => row.line);
}

/** A failed step's earlier steps taken back: changed products get their fields back, created ones go. */
export async function revertStagedLines(tx: Tx, run: number, beforeLine: number, created: number[]) {
  await tx.execute(sql`
    update products p set ${assignFrom('b')}
    from catalog_import_staged s, jsonb_populate_record(null::catalog_import_staged, s.before) b
    where s.run = ${run} and s.line < ${beforeLine} and s.product_id = p.id and s.before is not null`);
  for (let start = 0; start < created.length; start += SLICE)
    await tx.delete(products).where(inArray(products.id, created.slice(start, start + SLICE)));
}

/** Of these products, the ones somebody waits for (their waitlist hears after the commit). */
export async function waitedFor(db: Database, productIds: number[]): Promise<number[]> {
  if (productIds.length === 0) return [];
  const result = (await db.execute(sql`
    select distinct product_id from waitlist
    where notified_at is null and product_id = any(${`{${productIds.join(',')}}`}::int[])`)) as unknown as {
    rows: Array<{ product_id: number }>;
  };
  return result.rows.map((row) => row.product_id);
}

// The kept files.

export async function saveImportFile(
  db: Database,
  file: { token: string; userId: number; filename: string; content: Uint8Array },
): Promise<void> {
  // A day is long enough to map, check and apply a file; older ones go.
  await db
    .delete(catalogImportFiles)
    .where(lt(catalogImportFiles.createdAt, new Date(Date.now() - 86_400_000)));
  await db.insert(catalogImportFiles).values(file);
}

export async function findImportFile(db: Database, token: string) {
  const [row] = await db
    .select()
    .from(catalogImportFiles)
    .where(eq(catalogImportFiles.token, token))
    .limit(1);
  return row;
}

export async function dropImportFile(db: Database, token: string): Promise<void> {
  await db.delete(catalogImportFiles).where(eq(catalogImportFiles.token, token));
}

// The remembered mappings.

export async function findMapping(db: Database, signature: string): Promise<SheetMapping | undefined> {
  const [row] = await db
    .select({ mapping: catalogImportMappings.mapping })
    .from(catalogImportMappings)
    .where(eq(catalogImportMappings.signature, signature))
    .limit(1);
  return row?.mapping;
}

export async function rememberMapping(db: Database, signature: string, mapping: SheetMapping): Promise<void> {
  await db
    .insert(catalogImportMappings)
    .values({ signature, mapping })
    .onConflictDoUpdate({ target: catalogImportMappings.signature, set: { mapping, updatedAt: new Date() } });
}

// The log.

export async function insertImportLog(tx: Tx, entry: typeof catalogImports.$inferInsert) {
  const [row] = await tx.insert(catalogImports).values(entry).returning();
  return row!;
}

export async function listImportLog(db: Database) {
  return db
    .select({
      id: catalogImports.id,
      filename: catalogImports.filename,
      rows: catalogImports.rows,
      created: catalogImports.created,
      changed: catalogImports.changed,
      unchanged: catalogImports.unchanged,
      refused: catalogImports.refused,
      ms: catalogImports.ms,
      createdAt: catalogImports.createdAt,
    })
    .from(catalogImports)
    .orderBy(desc(catalogImports.id))
    .limit(50);
}

export async function findImportLog(db: Database, id: number) {
  const [row] = await db.select().from(catalogImports).where(eq(catalogImports.id, id)).limit(1);
  return row;
}
