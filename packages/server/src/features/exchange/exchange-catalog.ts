// Long on purpose: staging and applying import.xml share the staged table's columns and the field rule below.
// import.xml (Классификатор → categories, Каталог → products): each Товар is read into exchange_staged_goods while the
// file streams in (short statements: the shop's other requests go between them), then the whole file is applied in
// one transaction by a few set-based statements (decision 035) — a broken file changes nothing.
//
// The rule for fields (decision 025): 1C owns the name, group, article, barcode, prices and stock; the site owns the
// description, photos and SEO texts once they are filled — 1C's description and pictures only fill empty ones.
import { randomUUID } from 'node:crypto';
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products } from '../catalog/catalog.table.ts';
import { exchangeStagedGoods } from './exchange.table.ts';
import { type PropertyDictionary, readGoodFacts } from './exchange-properties.ts';
import { slugify } from './exchange-slug.ts';
import { child, children, isTrue, textOf, type XmlNode } from './exchange-xml.ts';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

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

/** Records written to the staging tables in one statement: few round trips, each statement short. */
export const STAGING_BATCH = 1000;

const FALLBACK_CATEGORY_ID = '__efir_1c__';

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

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** 1C's Описание is plain text unless it says ФорматHTML="true" (CommerceML 2.08+). */
function descriptionHtml(node: XmlNode | undefined): string {
  if (!node?.text) return '';
  if (isTrue(node.attrs.ФорматHTML)) return sanitizeHtml(node.text);
  return node.text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeText(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** «Лаванда, 10 мл» → «10 мл»: the shop's volume switcher groups volumes of one oil. */
export function volumeFromText(text: string): string {
  const match = text.match(/(\d+(?:[.,]\d+)?)\s*(мл|ml|г|гр|шт)\.?(?![а-яa-z])/i);
  if (!match) return '';
  const unit = match[2]!.toLowerCase();
  return `${match[1]} ${unit === 'ml' ? 'мл' : unit === 'гр' ? 'г' : unit}`;
}

export function volumeMl(volume: string): number {
  const single = volume.match(/\d+/);
  return single ? Math.min(Number(single[0]), 1_000_000) : 0;
}

/**
 * Free addresses for new rows: `${stem}.html`, else `${stem}-2.html`, `-3`… One query for the first choices of a
 * batch and one per round of the taken ones; `reserved` holds what this file gave out already (not written yet).
 */
export async function freeUrls(db: Database, stems: string[], reserved: Set<string>): Promise<string[]> {
  const urls: string[] = [];
  let todo = stems.map((stem, index) => ({ stem, index }));
  for (let attempt = 1; todo.length > 0; attempt++) {
    const suffix = attempt === 1 ? '' : attempt > 50 ? `-${randomUUID().slice(0, 8)}` : `-${attempt}`;
    const wanted = todo.map((item) => `${item.stem}${suffix}.html`);
    const taken = new Set(
      (await db.select({ url: products.url }).from(products).where(inArray(products.url, wanted))).map(
        (row) => row.url,
      ),
    );
    const again: typeof todo = [];
    for (const [position, item] of todo.entries()) {
      const url = wanted[position]!;
      if (taken.has(url) || reserved.has(url)) again.push(item);
      else {
        reserved.add(url);
        urls[item.index] = url;
      }
    }
    todo = again;
  }
  return urls;
}

/** One Товар as the row it is staged as (its address is added when the batch is written). */
function readGood(good: XmlNode, properties: PropertyDictionary) {
  const externalId = textOf(good, 'Ид');
  const name = textOf(good, 'Наименование').slice(0, 200) || externalId;
  const volume = volumeFromText(name);
  const { facts, texts, gtin, externalData } = readGoodFacts(good, properties);
  return {
    externalId,
    deleted:
      good.attrs.Статус === 'Удален' ||
      textOf(good, 'Статус') === 'Удален' ||
      isTrue(textOf(good, 'ПометкаУдаления')),
    name,
    sku: textOf(good, 'Артикул').slice(0, 100),
    gtin,
    groupId: textOf(child(good, 'Группы'), 'Ид'),
    familyKey: `1c-${slugify(name.replace(volume, ''), 'tovar')}`,
    volume,
    volumeMl: volumeMl(volume),
    description: descriptionHtml(child(good, 'Описание')),
    country: facts.country ?? '',
    brand: facts.brand ?? null,
    latinName: facts.latinName ?? '',
    plantPart: facts.plantPart ?? '',
    extractionMethod: facts.extractionMethod ?? '',
    composition: texts.composition ?? '',
    usage: texts.usage ?? '',
    safety: texts.safety ?? '',
    externalData,
    pictures: children(good, 'Картинка')
      .map((node) => node.text)
      .filter(Boolean)
      .slice(0, 10),
  };
}

/** Stages the goods of one file, STAGING_BATCH to a statement; new goods get a free address here. */
export function createGoodsStager(
  db: Database,
  run: number,
  properties: PropertyDictionary,
  reserved: Set<string>,
) {
  let pending: Array<ReturnType<typeof readGood>> = [];
  let seq = 0;

  async function flush(): Promise<void> {
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    const existing = new Map(
      (
        await db
          .select({ externalId: products.externalId, url: products.url })
          .from(products)
          .where(
            inArray(
              products.externalId,
              batch.map((item) => item.externalId),
            ),
          )
      ).map((row) => [row.externalId!, row.url]),
    );
    const fresh = batch.filter((item) => !item.deleted && !existing.has(item.externalId));
    const urls = await freeUrls(
      db,
      fresh.map((item) => `/${slugify(item.name, 'tovar')}`),
      reserved,
    );
    const urlOf = new Map(fresh.map((item, index) => [item, urls[index]!]));
    await db.insert(exchangeStagedGoods).values(
      batch.map((item) => ({
        ...item,
        run,
        seq: seq++,
        url: existing.get(item.externalId) ?? urlOf.get(item) ?? '',
      })),
    );
  }

  return {
    async add(good: XmlNode): Promise<void> {
      const externalId = textOf(good, 'Ид');
      // Characteristics (товар#характеристика) become products when their offer comes (exchange-offers).
      if (!externalId || externalId.includes('#')) return;
      pending.push(readGood(good, properties));
      if (pending.length >= STAGING_BATCH) await flush();
    },
    flush,
  };
}

/** The last record of each good in the file (a good listed twice: the later one holds). */
const latestGoods = (run: number) => sql`
  select distinct on (external_id) * from exchange_staged_goods where run = ${run} order by external_id, seq desc`;

/**
 * What a statement changed, summed: its `changed` CTE returns (id, created, was_visible, was_stock, visible, stock).
 * A good that was not buyable and now is, is restocked; the waitlist hears of those somebody waits for.
 */
export async function summarize(tx: Tx, changed: SQL, counts: ApplyCounts): Promise<void> {
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

/** Классификатор/Группы → categories, inside the file's transaction: few rows, one statement each. */
export function createCategoryWriter(tx: Tx, counts: ApplyCounts) {
  async function upsertCategory(
    externalId: string,
    name: string,
    parentId: number,
    parentUrl: string,
    pos: number,
  ) {
    const [existing] = await tx.select().from(categories).where(eq(categories.externalId, externalId));
    if (existing) {
      if (existing.name !== name || existing.parentId !== parentId) {
        await tx.update(categories).set({ name, parentId }).where(eq(categories.id, existing.id));
        counts.updated++;
      }
      return existing;
    }
    const url = await uniqueCategoryUrl(tx, `${parentUrl}/${slugify(name, 'razdel')}`);
    const [created] = await tx
      .insert(categories)
      .values({ externalId, name, parentId, url, pos })
      .returning();
    counts.created++;
    return created!;
  }

  /** The tree, parents before children. */
  async function applyGroups(groups: XmlNode, parentId = 0, parentUrl = ''): Promise<void> {
    for (const [index, group] of children(groups, 'Группа').entries()) {
      const externalId = textOf(group, 'Ид');
      const name = textOf(group, 'Наименование');
      if (!externalId || !name) continue;
      const row = await upsertCategory(externalId, name.slice(0, 200), parentId, parentUrl, index + 1);
      const nested = child(group, 'Группы');
      if (nested) await applyGroups(nested, row.id, row.url);
    }
  }

  return {
    applyGroups,
    /** Goods without a (known) group go to one category of their own, made on first need. */
    fallback: () => upsertCategory(FALLBACK_CATEGORY_ID, 'Товары из 1С', 0, '', 999),
  };
}

/**
 * The staged goods of the file, in its transaction: a full package's first goods file unlists the 1C goods it
 * lacks, deleted goods are hidden, the rest are upserted by their Ид, and characteristics follow their good's
 * listing (decision 035).
 */
export async function applyStagedGoods(
  tx: Tx,
  run: number,
  counts: ApplyCounts,
  options: { categories: ReturnType<typeof createCategoryWriter>; unlistOthers: boolean },
): Promise<void> {
  const latest = latestGoods(run);
  // An address given out while the file was read may have been taken since (a moderator, another import).
  await tx.execute(sql`
    update exchange_staged_goods g set url = regexp_replace(g.url, '[.]html$', '') || '-' || g.run || g.seq || '.html'
    where g.run = ${run} and not g.deleted
      and exists (select 1 from products p where p.url = g.url and p.external_id is distinct from g.external_id)`);
  const [orphan] = rowsOf<{ one: number }>(
    await tx.execute(sql`
      select 1 as one from exchange_staged_goods g left join categories c on c.external_id = g.group_id
      where g.run = ${run} and not g.deleted and c.id is null limit 1`),
  );
  const fallback = orphan ? await options.categories.fallback() : { id: 0, katGlobal: 0 };

  if (options.unlistOthers) {
    // Only the rows that change are written: a re-sent full catalogue rewrites nothing it still lists.
    await tx.execute(sql`
      update products p set external_listed = false
      where p.external_listed and p.external_id is not null and not exists (
        select 1 from exchange_staged_goods g
        where g.run = ${run} and not g.deleted and g.external_id = split_part(p.external_id, '#', 1))`);
  }

  // Deleted in 1C: hidden, with its characteristics (never deleted here: orders refer to them).
  const gone = rowsOf<{ id: number }>(
    await tx.execute(sql`
      with latest as (${latest})
      update products p set visible = false, external_listed = false
      where (p.visible or p.external_listed) and p.external_id is not null and exists (
        select 1 from latest g where g.deleted and g.external_id = split_part(p.external_id, '#', 1))
      returning p.id`),
  );
  counts.hidden += gone.length;

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

  // Characteristics are listed with their good (a full package lists goods, never their characteristics).
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
