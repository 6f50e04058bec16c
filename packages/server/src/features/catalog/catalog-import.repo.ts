// The 1C exchange's writes of the catalogue (decision 033: the catalogue owns its rows; the exchange reads the file
// and stages it, decision 035). Each statement runs in the file's one apply transaction, on the handle it is given,
// and reads the exchange's staging tables (exchange_staged_goods, exchange_staged_offers) of its run.
//
// The rule for fields (decision 025): 1C owns the name, group, article, barcode, prices and stock; the site owns the
// description, photos and SEO texts once they are filled — 1C's description and pictures only fill empty ones.
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { CategoryRow } from './catalog.repo.ts';
import { categories, type ImageRef, products } from './catalog.table.ts';

/** The apply transaction's handle. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a file's statements changed, summed across them: the exchange's answer and the waitlists to tell. */
export interface ApplyCounts {
  created: number;
  updated: number;
  hidden: number;
  /** Goods that became buyable (shown and in stock). */
  restocked: number;
  /** Of those, the ones customers wait for: their waitlist is told after the commit. */
  waiting: number[];
}

export const emptyCounts = (): ApplyCounts => ({
  created: 0,
  updated: 0,
  hidden: 0,
  restocked: 0,
  waiting: [],
});

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The upsert of the staged goods: 1C's fields replace ours, the site's texts and photos only fill empty ones
 * (decision 025), facts come from 1C's properties only when it sends them (decision 027).
 */
const keepUnlessEmpty = (column: string) =>
  `${column} = case when products.${column} = '' then excluded.${column} else products.${column} end`;
const factOrKeep = (column: string) =>
  `${column} = case when excluded.${column} <> '' then excluded.${column} else products.${column} end`;
const UPSERT_SET = sql.raw(
  [
    'name = excluded.name',
    'sku = excluded.sku',
    'gtin = coalesce(excluded.gtin, products.gtin)',
    'category_id = excluded.category_id',
    'kat_global = excluded.kat_global',
    'external_listed = true',
    ...['description', 'composition', 'usage', 'safety'].map(keepUnlessEmpty),
    ...['country', 'latin_name', 'plant_part', 'extraction_method'].map(factOrKeep),
    'brand = coalesce(excluded.brand, products.brand)',
    'external_data = excluded.external_data',
    // Listed again with a price: shown again (a product hidden by an earlier full package comes back).
    'visible = products.visible or products.cena > 0',
  ].join(', '),
);
/** Rows 1C sends unchanged are not written (no index churn, no updated_at bump). */
const UPSERT_WHERE = sql.raw(
  [
    'products.name <> excluded.name',
    'products.sku <> excluded.sku',
    '(excluded.gtin is not null and products.gtin is distinct from excluded.gtin)',
    'products.category_id <> excluded.category_id',
    'products.kat_global <> excluded.kat_global',
    'not products.external_listed',
    ...['description', 'composition', 'usage', 'safety'].map(
      (column) => `(products.${column} = '' and excluded.${column} <> '')`,
    ),
    ...['country', 'latin_name', 'plant_part', 'extraction_method'].map(
      (column) => `(excluded.${column} <> '' and products.${column} <> excluded.${column})`,
    ),
    '(excluded.brand is not null and products.brand is distinct from excluded.brand)',
    'products.external_data <> excluded.external_data',
    '(not products.visible and products.cena > 0)',
  ].join(' or '),
);

/** The last record of each good in the file (a good listed twice: the later one holds). */
const latestGoods = (run: number) => sql`
  select distinct on (external_id) * from exchange_staged_goods where run = ${run} order by external_id, seq desc`;

/** The last offer of each good in the file. */
const latestOffers = (run: number) => sql`
  select distinct on (external_id) * from exchange_staged_offers where run = ${run} order by external_id, seq desc`;

/**
 * What a statement changed, summed: its `changed` CTE returns (id, created, was_visible, was_stock, visible, stock).
 * A good that was not buyable and now is, is restocked; the waitlist hears of those somebody waits for.
 */
async function summarize(tx: Tx, changed: SQL, counts: ApplyCounts): Promise<void> {
  const [row] = rowsOf<{
    created: number;
    updated: number;
    hidden: number;
    restocked: number;
    waiting: number[];
  }>(
    await tx.execute(sql`
      with ${changed},
      flagged as (
        select id, created, coalesce(was_visible, false) and not visible as hidden,
          not coalesce(was_visible and was_stock > 0, false) and visible and stock > 0 as restocked
        from changed
      ),
      told as (
        select flagged.*, restocked and exists (
          select 1 from waitlist where waitlist.product_id = flagged.id and waitlist.notified_at is null
        ) as waited
        from flagged
      )
      select count(*) filter (where created)::int as created,
        count(*) filter (where not created)::int as updated,
        count(*) filter (where hidden)::int as hidden,
        count(*) filter (where restocked)::int as restocked,
        coalesce(array_agg(id) filter (where waited), '{}') as waiting
      from told`),
  );
  counts.created += row?.created ?? 0;
  counts.updated += row?.updated ?? 0;
  counts.hidden += row?.hidden ?? 0;
  counts.restocked += row?.restocked ?? 0;
  for (const id of row?.waiting ?? []) counts.waiting.push(id);
}

async function uniqueCategoryUrl(tx: Tx, base: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = `${base}${attempt === 0 ? '' : `-${attempt + 1}`}`;
    const [taken] = await tx
      .select({ url: categories.url })
      .from(categories)
      .where(eq(categories.url, candidate))
      .limit(1);
    if (!taken) return candidate;
  }
  return `${base}-${Date.now().toString(36)}`;
}

/** One group of 1C's classifier: updated by its Ид when its name or parent changed, else created at a free address. */
export async function upsertImportedCategory(
  tx: Tx,
  counts: ApplyCounts,
  group: { externalId: string; name: string; parentId: number; pos: number; urlBase: string },
): Promise<CategoryRow> {
  const { externalId, name, parentId, pos } = group;
  const [existing] = await tx.select().from(categories).where(eq(categories.externalId, externalId));
  if (existing) {
    if (existing.name !== name || existing.parentId !== parentId) {
      await tx.update(categories).set({ name, parentId }).where(eq(categories.id, existing.id));
      counts.updated++;
    }
    return existing;
  }
  const url = await uniqueCategoryUrl(tx, group.urlBase);
  const [created] = await tx.insert(categories).values({ externalId, name, parentId, url, pos }).returning();
  counts.created++;
  return created!;
}

/** A full package's first goods file: the 1C goods it does not list are unlisted. */
export async function unlistGoodsNotStaged(tx: Tx, run: number): Promise<void> {
  // Only the rows that change are written: a re-sent full catalogue rewrites nothing it still lists.
  await tx.execute(sql`
    update products p set external_listed = false
    where p.external_listed and p.external_id is not null and not exists (
      select 1 from exchange_staged_goods g
      where g.run = ${run} and not g.deleted and g.external_id = split_part(p.external_id, '#', 1))`);
}

/** Deleted in 1C: hidden, with its characteristics (never deleted here: orders refer to them). */
export async function hideDeletedGoods(tx: Tx, run: number, counts: ApplyCounts): Promise<void> {
  const latest = latestGoods(run);
  const gone = rowsOf<{ id: number }>(
    await tx.execute(sql`
      with latest as (${latest})
      update products p set visible = false, external_listed = false
      where (p.visible or p.external_listed) and p.external_id is not null and exists (
        select 1 from latest g where g.deleted and g.external_id = split_part(p.external_id, '#', 1))
      returning p.id`),
  );
  counts.hidden += gone.length;
}

/** The staged goods upserted by their Ид (a good without a known group goes to `fallback`). */
export async function upsertStagedGoods(
  tx: Tx,
  run: number,
  fallback: { id: number; katGlobal: number },
  counts: ApplyCounts,
): Promise<void> {
  const latest = latestGoods(run);
  await summarize(
    tx,
    sql`latest as (${latest}),
      before as (
        select p.id, p.visible, p.stock from products p join latest g on g.external_id = p.external_id
        where not g.deleted
      ),
      written as (
        insert into products (external_id, name, sku, gtin, category_id, kat_global, external_listed, url,
          family_key, volume, volume_ml, cena, visible, description, country, brand, latin_name, plant_part,
          extraction_method, composition, usage, safety, external_data)
        select g.external_id, g.name, g.sku, g.gtin, coalesce(c.id, ${fallback.id}::int),
          coalesce(c.kat_global, ${fallback.katGlobal}::int), true, g.url, g.family_key, g.volume, g.volume_ml,
          0, false, g.description, g.country, g.brand, g.latin_name, g.plant_part, g.extraction_method,
          g.composition, g.usage, g.safety, g.external_data
        from latest g left join categories c on c.external_id = g.group_id
        where not g.deleted
        on conflict (external_id) do update set ${UPSERT_SET} where ${UPSERT_WHERE}
        returning products.id, products.visible, products.stock, (xmax = 0) as created
      ),
      changed as (
        select w.id, w.created, b.visible as was_visible, b.stock as was_stock, w.visible, w.stock
        from written w left join before b on b.id = w.id
      )`,
    counts,
  );
}

/** Characteristics are listed with their good (a full package lists goods, never their characteristics). */
export async function listCharacteristicsOfStagedGoods(
  tx: Tx,
  run: number,
  counts: ApplyCounts,
): Promise<void> {
  const latest = latestGoods(run);
  await summarize(
    tx,
    sql`latest as (${latest}),
      changed as (
        update products p set external_listed = true, visible = p.visible or p.cena > 0
        from (
          select v.id, v.visible as was_visible, v.stock as was_stock from products v
          join latest g on g.external_id = split_part(v.external_id, '#', 1)
          where v.external_id like '%#%' and not v.external_listed and not g.deleted
        ) prior
        where p.id = prior.id
        returning p.id, false as created, prior.was_visible, prior.was_stock, p.visible, p.stock
      )`,
    counts,
  );
}

/** After a full package: goods 1C no longer lists are hidden (never deleted: orders refer to them). */
export async function hideUnlisted(tx: Tx, counts: ApplyCounts): Promise<void> {
  const hidden = await tx
    .update(products)
    .set({ visible: false })
    .where(sql`${products.externalId} is not null and not ${products.externalListed} and ${products.visible}`)
    .returning({ id: products.id });
  counts.hidden += hidden.length;
}

/** Columns a characteristic's product takes from its good: all but its identity, prices, stock and counters. */
const OWN_COLUMNS = new Set([
  'id',
  'external_id',
  'url',
  'volume',
  'volume_ml',
  'cena',
  'cena_st',
  'stock',
  'visible',
  'popularity',
  'avg_rating',
  'votes_count',
  'comments_count',
  'created_at',
  'updated_at',
]);
const copied = (prefix: string) =>
  sql.raw(
    Object.values(getTableColumns(products))
      .filter((column) => !column.generated && !OWN_COLUMNS.has(column.name))
      .map((column) => `${prefix}"${column.name}"`)
      .join(', '),
  );

/** New characteristics become products of their good's family: hidden, no price yet. */
export async function insertStagedCharacteristics(tx: Tx, run: number, counts: ApplyCounts): Promise<void> {
  const latest = latestOffers(run);
  await summarize(
    tx,
    sql`latest as (${latest}),
      changed as (
        insert into products (${copied('')}, external_id, url, volume, volume_ml, cena, cena_st, stock, visible,
          popularity, avg_rating, votes_count, comments_count)
        select ${copied('b.')}, o.external_id, o.url, o.volume, o.volume_ml, 0, 0, 0, false, 0, 0, 0, 0
        from latest o join products b on b.external_id = o.base_id
        where o.url is not null
        on conflict (external_id) do nothing
        returning id, true as created, false as was_visible, 0 as was_stock, visible, stock
      )`,
    counts,
  );
}

/**
 * Every offer's price, old price and stock, written where they changed. Shown when 1C lists the good and it has a
 * price; a zero price hides it (nobody can buy it for 0 ₽).
 */
export async function applyStagedPrices(tx: Tx, run: number, counts: ApplyCounts): Promise<void> {
  const latest = latestOffers(run);
  await summarize(
    tx,
    sql`latest as (${latest}),
      changed as (
        update products p set cena = v.cena, cena_st = v.cena_st, stock = v.stock, visible = v.visible
        from (
          select o.id, o.visible as was_visible, o.stock as was_stock, n.cena, n.cena_st, n.stock,
            o.external_listed and n.cena > 0 as visible
          from latest s join products o on o.external_id = s.external_id,
          lateral (
            select coalesce(s.retail, o.cena) as cena,
              case when s.retail is null then o.cena_st when s.old > s.retail then s.old else 0 end as cena_st,
              coalesce(s.stock, o.stock) as stock
          ) n
        ) v
        where p.id = v.id
          and (p.cena, p.cena_st, p.stock, p.visible) is distinct from (v.cena, v.cena_st, v.stock, v.visible)
        returning p.id, false as created, v.was_visible, v.was_stock, p.visible, p.stock
      )`,
    counts,
  );
}

/** New goods' pictures (Картинка), stored after the commit: a good that has photos keeps them. */
export async function goodsWantingPictures(
  db: Database,
  run: number,
): Promise<Array<{ id: number; pictures: string[] }>> {
  return rowsOf(
    await db.execute(sql`
      with latest as (${latestGoods(run)})
      select p.id, g.pictures from latest g join products p on p.external_id = g.external_id
      where not g.deleted and cardinality(g.pictures) > 0 and p.images = '[]'::jsonb`),
  );
}

/** A new good's pictures, stored after the commit; photos the owner added meanwhile win. */
export async function setImportedPictures(
  db: Database,
  productId: number,
  images: ImageRef[],
): Promise<void> {
  await db
    .update(products)
    .set({ images })
    .where(and(eq(products.id, productId), sql`${products.images} = '[]'::jsonb`));
}
