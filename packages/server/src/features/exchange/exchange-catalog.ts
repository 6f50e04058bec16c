// import.xml (Классификатор → categories, Каталог → products) and offers.xml (ПакетПредложений → prices, stock,
// characteristics), applied inside the caller's transaction: a broken file changes nothing.
//
// The rule for fields (decision 025): 1C owns the name, group, article, barcode, prices and stock; the site owns the
// description, photos and SEO texts once they are filled — 1C's description and pictures only fill empty ones.
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, type ImageRef, products } from '../catalog/catalog.table.ts';
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
  /** Stores a picture from the session folder; null when the file is missing or not a picture. */
  storePicture(
    productId: number,
    relativePath: string,
  ): Promise<{ filename: string; basename: string } | null>;
}

const FALLBACK_CATEGORY_ID = '__efir_1c__';

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
): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = `${base}${attempt === 0 ? '' : `-${attempt + 1}`}${suffix}`;
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

  async function applyProduct(good: XmlNode): Promise<void> {
    const externalId = textOf(good, 'Ид');
    // Characteristics (товар#характеристика) become products when their offer comes (exchange-offers).
    if (!externalId || externalId.includes('#')) return;
    const [existing] = await tx
      .select({
        id: products.id,
        name: products.name,
        sku: products.sku,
        barcode: products.barcode,
        categoryId: products.categoryId,
        katGlobal: products.katGlobal,
        externalListed: products.externalListed,
        visible: products.visible,
        cena: products.cena,
        stock: products.stock,
        images: products.images,
        hasDescription: sql<boolean>`${products.description} <> ''`,
      })
      .from(products)
      .where(eq(products.externalId, externalId));
    const deleted =
      good.attrs.Статус === 'Удален' ||
      textOf(good, 'Статус') === 'Удален' ||
      isTrue(textOf(good, 'ПометкаУдаления'));
    if (deleted) {
      if (existing?.visible || existing?.externalListed) {
        await tx
          .update(products)
          .set({ visible: false, externalListed: false })
          .where(eq(products.id, existing.id));
        counts.hidden++;
      }
      return;
    }
    const name = textOf(good, 'Наименование').slice(0, 200) || externalId;
    const groupId = textOf(child(good, 'Группы'), 'Ид');
    const category = (groupId && (await findCategory(groupId))) || (await fallbackCategory());
    const common = {
      name,
      sku: textOf(good, 'Артикул').slice(0, 100),
      barcode: textOf(good, 'Штрихкод').slice(0, 100),
      categoryId: category.id,
      katGlobal: category.katGlobal,
      externalListed: true,
    };
    const pictures = children(good, 'Картинка')
      .map((node) => node.text)
      .filter(Boolean);
    let row: { id: number; images: ImageRef[] } | undefined = existing;
    if (!existing) {
      const volume = volumeFromText(name);
      const url = await uniqueUrl(tx, 'products', `/${slugify(name, 'tovar')}`, '.html');
      [row] = await tx
        .insert(products)
        .values({
          ...common,
          externalId,
          url,
          familyKey: `1c-${slugify(name.replace(volume, ''), 'tovar')}`,
          volume,
          volumeMl: volumeMl(volume),
          // No price yet: hidden until an offer prices it.
          cena: 0,
          visible: false,
          description: descriptionHtml(child(good, 'Описание')),
        })
        .returning();
      counts.created++;
    } else {
      const changes: Partial<typeof products.$inferInsert> = {};
      for (const key of Object.keys(common) as Array<keyof typeof common>)
        if (common[key] !== existing[key]) (changes as Record<string, unknown>)[key] = common[key];
      const description = existing.hasDescription ? '' : descriptionHtml(child(good, 'Описание'));
      if (description) changes.description = description;
      // Listed again with a price: shown again (a product hidden by an earlier full package comes back).
      if (!existing.visible && existing.cena > 0) changes.visible = true;
      if (Object.keys(changes).length > 0) {
        await tx.update(products).set(changes).where(eq(products.id, existing.id));
        counts.updated++;
      }
      if (!existing.visible && changes.visible && existing.stock > 0) counts.restocked.push(existing.id);
    }
    if (row && row.images.length === 0 && pictures.length > 0) {
      const images = [];
      for (const picture of pictures.slice(0, 10)) {
        const image = await options.storePicture(row.id, picture);
        if (image) images.push(image);
      }
      if (images.length > 0) await tx.update(products).set({ images }).where(eq(products.id, row.id));
    }
  }

  return {
    counts,
    applyGroups,
    applyProduct,
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
