// import.xml (Классификатор → categories, Каталог → products) and offers.xml (ПакетПредложений → prices, stock,
// characteristics), applied inside the caller's transaction: a broken file changes nothing.
//
// The rule for fields (decision 025): 1C owns the name, group, article, barcode, prices and stock; the site owns the
// description, photos and SEO texts once they are filled — 1C's description and pictures only fill empty ones.
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products } from '../catalog/catalog.table.ts';
import { type PropertyDictionary, readGoodFacts, readPropertyDefinitions } from './exchange-properties.ts';
import { slugify } from './exchange-slug.ts';
import { child, children, isTrue, textOf, type XmlNode } from './exchange-xml.ts';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ApplyCounts {
  created: number;
  updated: number;
  hidden: number;
  /** Product ids that became buyable (shown and in stock) — the waitlist is told after the commit. */
  restocked: number[];
}

export interface CatalogOptions {
  /** Price type (Ид or Наименование) of the retail price; empty: the first type of the package. */
  priceType: string;
  /** Price type of the old (crossed-out) price; empty: none. */
  oldPriceType: string;
  /** Классификатор/Свойства of the session so far (a split package sends them in an earlier file). */
  properties: PropertyDictionary;
  /** Stores a picture from the session folder; null when the file is missing or not a picture. */
  storePicture(
    productId: number,
    relativePath: string,
  ): Promise<{ filename: string; basename: string } | null>;
}

const FALLBACK_CATEGORY_ID = '__efir_1c__';
/** Goods written in one statement: few round trips, and a statement small enough for PGlite's memory. */
const BATCH = 500;

/**
 * The upsert of a batch: 1C's fields replace ours, the site's texts and photos only fill empty ones (decision 025),
 * facts come from 1C's properties only when it sends them (decision 027).
 */
const keepUnlessEmpty = (column: string) =>
  sql.raw(`case when products.${column} = '' then excluded.${column} else products.${column} end`);
const factOrKeep = (column: string) =>
  sql.raw(`case when excluded.${column} <> '' then excluded.${column} else products.${column} end`);
const UPSERT_SET = {
  name: sql`excluded.name`,
  sku: sql`excluded.sku`,
  gtin: sql`coalesce(excluded.gtin, products.gtin)`,
  categoryId: sql`excluded.category_id`,
  katGlobal: sql`excluded.kat_global`,
  externalListed: sql`true`,
  description: keepUnlessEmpty('description'),
  composition: keepUnlessEmpty('composition'),
  usage: keepUnlessEmpty('usage'),
  safety: keepUnlessEmpty('safety'),
  country: factOrKeep('country'),
  latinName: factOrKeep('latin_name'),
  plantPart: factOrKeep('plant_part'),
  extractionMethod: factOrKeep('extraction_method'),
  brand: sql`coalesce(excluded.brand, products.brand)`,
  externalData: sql`excluded.external_data`,
  // Listed again with a price: shown again (a product hidden by an earlier full package comes back).
  visible: sql`products.visible or products.cena > 0`,
};
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

function volumeMl(volume: string): number {
  const single = volume.match(/\d+/);
  return single ? Math.min(Number(single[0]), 1_000_000) : 0;
}

async function uniqueUrl(
  tx: Tx,
  table: 'products' | 'categories',
  base: string,
  suffix = '',
  /** Addresses already given out in this batch but not written yet. */
  reserved: ReadonlySet<string> = new Set(),
): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = `${base}${attempt === 0 ? '' : `-${attempt + 1}`}${suffix}`;
    if (reserved.has(candidate)) continue;
    const column = table === 'products' ? products.url : categories.url;
    const from = table === 'products' ? products : categories;
    const [taken] = await tx.select({ url: column }).from(from).where(eq(column, candidate)).limit(1);
    if (!taken) return candidate;
  }
  return `${base}-${Date.now().toString(36)}${suffix}`;
}

export function createCatalogApplier(tx: Tx, options: CatalogOptions) {
  const counts: ApplyCounts = { created: 0, updated: 0, hidden: 0, restocked: [] };
  const categoryIds = new Map<string, { id: number; katGlobal: number }>();

  async function findCategory(externalId: string) {
    const known = categoryIds.get(externalId);
    if (known) return known;
    const [row] = await tx
      .select({ id: categories.id, katGlobal: categories.katGlobal })
      .from(categories)
      .where(eq(categories.externalId, externalId));
    if (row) categoryIds.set(externalId, row);
    return row;
  }

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
      categoryIds.set(externalId, existing);
      return existing;
    }
    const url = await uniqueUrl(tx, 'categories', `${parentUrl}/${slugify(name, 'razdel')}`);
    const [created] = await tx
      .insert(categories)
      .values({ externalId, name, parentId, url, pos })
      .returning();
    counts.created++;
    categoryIds.set(externalId, created!);
    return created!;
  }

  /** Классификатор/Группы: the tree, parents before children. */
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

  /** Goods without a group go to one category of their own, made on first need. */
  async function fallbackCategory() {
    return (
      (await findCategory(FALLBACK_CATEGORY_ID)) ??
      upsertCategory(FALLBACK_CATEGORY_ID, 'Товары из 1С', 0, '', 999)
    );
  }

  /** Goods read but not yet written: written together, BATCH at a time, in two statements. */
  let pending: Array<ReturnType<typeof readGood>> = [];
  const pendingIds = new Set<string>();

  function readGood(good: XmlNode) {
    const externalId = textOf(good, 'Ид');
    const deleted =
      good.attrs.Статус === 'Удален' ||
      textOf(good, 'Статус') === 'Удален' ||
      isTrue(textOf(good, 'ПометкаУдаления'));
    return {
      externalId,
      deleted,
      name: textOf(good, 'Наименование').slice(0, 200) || externalId,
      sku: textOf(good, 'Артикул').slice(0, 100),
      groupId: textOf(child(good, 'Группы'), 'Ид'),
      description: descriptionHtml(child(good, 'Описание')),
      pictures: children(good, 'Картинка')
        .map((node) => node.text)
        .filter(Boolean),
      ...readGoodFacts(good, options.properties),
    };
  }

  async function applyProduct(good: XmlNode): Promise<void> {
    const externalId = textOf(good, 'Ид');
    // Characteristics (товар#характеристика) become products when their offer comes (exchange-offers).
    if (!externalId || externalId.includes('#')) return;
    // One statement may touch a row once: a good listed twice goes into the next batch.
    if (pendingIds.has(externalId)) await flush();
    pending.push(readGood(good));
    pendingIds.add(externalId);
    if (pending.length >= BATCH) await flush();
  }

  async function flush(): Promise<void> {
    const batch = pending;
    pending = [];
    pendingIds.clear();
    if (batch.length === 0) return;
    const existing = new Map(
      (
        await tx
          .select({
            id: products.id,
            externalId: products.externalId,
            url: products.url,
            visible: products.visible,
            externalListed: products.externalListed,
            cena: products.cena,
            stock: products.stock,
            images: products.images,
          })
          .from(products)
          .where(
            inArray(
              products.externalId,
              batch.map((item) => item.externalId),
            ),
          )
      ).map((row) => [row.externalId!, row]),
    );

    const gone = batch.filter((item) => item.deleted).map((item) => existing.get(item.externalId));
    const toHide = gone.filter((row) => row && (row.visible || row.externalListed)).map((row) => row!.id);
    if (toHide.length > 0) {
      await tx
        .update(products)
        .set({ visible: false, externalListed: false })
        .where(inArray(products.id, toHide));
      counts.hidden += toHide.length;
    }

    const alive = batch.filter((item) => !item.deleted);
    if (alive.length === 0) return;
    const urls = await newUrls(
      alive.filter((item) => !existing.has(item.externalId)).map((item) => item.name),
    );
    const values: Array<typeof products.$inferInsert> = [];
    for (const item of alive) {
      const category = (item.groupId && (await findCategory(item.groupId))) || (await fallbackCategory());
      const volume = volumeFromText(item.name);
      values.push({
        externalId: item.externalId,
        name: item.name,
        sku: item.sku,
        gtin: item.gtin,
        categoryId: category.id,
        katGlobal: category.katGlobal,
        externalListed: true,
        url: existing.get(item.externalId)?.url ?? urls.get(item.name)!.shift()!,
        familyKey: `1c-${slugify(item.name.replace(volume, ''), 'tovar')}`,
        volume,
        volumeMl: volumeMl(volume),
        // No price yet: hidden until an offer prices it.
        cena: 0,
        visible: false,
        description: item.description,
        country: item.facts.country ?? '',
        brand: item.facts.brand ?? null,
        latinName: item.facts.latinName ?? '',
        plantPart: item.facts.plantPart ?? '',
        extractionMethod: item.facts.extractionMethod ?? '',
        composition: item.texts.composition ?? '',
        usage: item.texts.usage ?? '',
        safety: item.texts.safety ?? '',
        externalData: item.externalData,
      });
    }
    const written = await tx
      .insert(products)
      .values(values)
      .onConflictDoUpdate({ target: products.externalId, set: UPSERT_SET, setWhere: UPSERT_WHERE })
      .returning({ id: products.id, externalId: products.externalId, inserted: sql<boolean>`xmax = 0` });
    const ids = new Map(written.map((row) => [row.externalId!, row]));
    for (const row of written) {
      if (row.inserted) counts.created++;
      else counts.updated++;
    }
    for (const item of alive) {
      const before = existing.get(item.externalId);
      // Listed again with a price: shown again (a product hidden by an earlier full package comes back).
      if (before && !before.visible && before.cena > 0 && before.stock > 0) counts.restocked.push(before.id);
      const id = before?.id ?? ids.get(item.externalId)?.id;
      if (!id || (before && before.images.length > 0) || item.pictures.length === 0) continue;
      const images = [];
      for (const picture of item.pictures.slice(0, 10)) {
        const image = await options.storePicture(id, picture);
        if (image) images.push(image);
      }
      if (images.length > 0) await tx.update(products).set({ images }).where(eq(products.id, id));
    }
  }

  /** Free addresses for new goods: one query for the batch; a taken one tries «-2», «-3»… */
  async function newUrls(names: string[]): Promise<Map<string, string[]>> {
    const wanted = names.map((name) => `/${slugify(name, 'tovar')}`);
    const taken = new Set(
      wanted.length === 0
        ? []
        : (
            await tx
              .select({ url: products.url })
              .from(products)
              .where(
                inArray(
                  products.url,
                  wanted.map((base) => `${base}.html`),
                ),
              )
          ).map((row) => row.url),
    );
    const result = new Map<string, string[]>();
    for (const [index, name] of names.entries()) {
      const base = wanted[index]!;
      let url = `${base}.html`;
      if (taken.has(url)) url = await uniqueUrl(tx, 'products', base, '.html', taken);
      taken.add(url);
      result.set(name, [...(result.get(name) ?? []), url]);
    }
    return result;
  }

  return {
    counts,
    applyGroups,
    applyProduct,
    /** Writes the goods still waiting; the service calls it before anything that reads them back. */
    flush,
    /** Классификатор/Свойства: kept for the goods of this and the session's later files. */
    applyProperties(node: XmlNode) {
      readPropertyDefinitions(node, options.properties);
    },
    /** A full package starts by unlisting every good from 1C; each good it lists is listed again. */
    async unlistAll() {
      await tx.update(products).set({ externalListed: false }).where(isNotNull(products.externalId));
    },
    /** After a full package: goods 1C no longer lists are hidden (never deleted: orders refer to them). */
    async hideUnlisted() {
      const hidden = await tx
        .update(products)
        .set({ visible: false })
        .where(
          and(isNotNull(products.externalId), eq(products.externalListed, false), eq(products.visible, true)),
        )
        .returning({ id: products.id });
      counts.hidden += hidden.length;
    },
  };
}
