// The back office's «Товары» rules: only whitelisted fields are written, rich text through the one sanitiser, a
// special price below the regular one, an address no other page has. Every change is one transaction with its audit
// row; after it commits the public caches are dropped (the shop shows the new price at once) and, when an item
// becomes buyable again, the waitlist is told.
import { MANUAL_PRODUCT_ICONS } from '@efir/domain/catalog-constants';
import { PRODUCT_ICON_NAMES } from '@efir/domain/catalog-wire';
import {
  ADMIN_PRODUCTS_PER_PAGE,
  type AdminProduct,
  type AdminProductList,
  LOW_STOCK_LIMIT,
  type ProductCreate,
  type ProductFormOptions,
  type ProductUpdate,
  specialPriceError,
} from '@efir/domain/product-admin-schemas';
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { invalidData, notFound } from '../../lib/app-error.ts';
import { notifyBackInStock } from '../account/account.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { ProductRow } from './catalog.repo.ts';
import { collectSubtreeIds, getCatalogTree } from './catalog.service.ts';
import type { products } from './catalog.table.ts';
import {
  type Executor,
  findCategoryGroup,
  findProduct,
  findProductPage,
  findSkuOwner,
  insertProductRow,
  isUrlTaken,
  updateProductRow,
} from './products-admin.repo.ts';

export interface ProductsAdminDeps {
  db: Database;
  /** Drops the critical data and every cached public answer. */
  content: { invalidate(): void };
  mail: MailService;
  /** The shop's public address, for the links in the back-in-stock letters. */
  origin: string;
  imagesDir: string;
  log: FastifyBaseLogger;
}

type EditableField = keyof ProductUpdate;

/** Wire name → column: the only fields a moderator can write (no id, ratings, counters, popularity). */
const EDITABLE_COLUMNS = {
  name: 'name',
  latin_name: 'latinName',
  url: 'url',
  category_id: 'categoryId',
  family_key: 'familyKey',
  volume: 'volume',
  cena: 'cena',
  cena_st: 'cenaSt',
  stock: 'stock',
  icons: 'icons',
  visible: 'visible',
  description: 'description',
  composition: 'composition',
  usage: 'usage',
  safety: 'safety',
  country: 'country',
  plant_part: 'plantPart',
  extraction_method: 'extractionMethod',
  html_title: 'htmlTitle',
  meta_description: 'metaDescription',
  brand: 'brand',
  sku: 'sku',
  gtin: 'gtin',
  weight_g: 'weightG',
  length_mm: 'lengthMm',
  width_mm: 'widthMm',
  height_mm: 'heightMm',
  special_price_until: 'specialPriceUntil',
} as const satisfies Record<EditableField, keyof ProductRow>;

const RICH_TEXT_FIELDS = ['description', 'usage', 'safety'] as const;

export function toAdminProduct(row: ProductRow): AdminProduct {
  return {
    id: row.id,
    name: row.name,
    latin_name: row.latinName,
    url: row.url,
    category_id: row.categoryId,
    family_key: row.familyKey,
    volume: row.volume,
    cena: row.cena,
    cena_st: row.cenaSt,
    stock: row.stock,
    icons: row.icons.filter((icon) => icon !== 'sale'),
    visible: row.visible,
    description: row.description,
    composition: row.composition,
    usage: row.usage,
    safety: row.safety,
    country: row.country,
    plant_part: row.plantPart,
    extraction_method: row.extractionMethod,
    html_title: row.htmlTitle,
    meta_description: row.metaDescription,
    sku: row.sku,
    weight_g: row.weightG,
    length_mm: row.lengthMm,
    width_mm: row.widthMm,
    height_mm: row.heightMm,
    brand: row.brand,
    gtin: row.gtin,
    special_price_until: row.specialPriceUntil,
    images: row.images,
    avg_rating: Math.round(row.avgRating * 10) / 10,
    votes_count: row.votesCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** Grams count as millilitres; «3 × 10 мл» is 30 (the volume switcher's order). */
function volumeMl(volume: string): number {
  const multi = volume.match(/(\d+)\s*[×x]\s*(\d+)/);
  if (multi) return Number(multi[1]) * Number(multi[2]);
  const single = volume.match(/\d+/);
  return single ? Math.min(Number(single[0]), 1_000_000) : 0;
}

/** Something a customer can buy: shown and in stock. Going from «no» to «yes» is what the waitlist waits for. */
function isBuyable(row: Pick<ProductRow, 'visible' | 'stock'>): boolean {
  return row.visible && row.stock > 0;
}

// Reads.

export async function listAdminProducts(
  db: Database,
  query: { q?: string | undefined; category?: number | undefined; stock?: string | undefined; page: number },
): Promise<AdminProductList> {
  const categoryIds = query.category
    ? collectSubtreeIds(await getCatalogTree(db), query.category)
    : undefined;
  const { rows, total } = await findProductPage(db, {
    q: query.q,
    categoryIds,
    stock: query.stock,
    page: query.page,
  });
  return {
    products: rows.map(({ product, categoryName }) => ({
      id: product.id,
      name: product.name,
      latin_name: product.latinName,
      url: product.url,
      volume: product.volume,
      cena: product.cena,
      cena_st: product.cenaSt,
      stock: product.stock,
      visible: product.visible,
      sku: product.sku,
      image: product.images[0] ?? null,
      category: categoryName === null ? null : { id: product.categoryId, name: categoryName },
    })),
    page: query.page,
    pages: Math.max(1, Math.ceil(total / ADMIN_PRODUCTS_PER_PAGE)),
    total,
  };
}

/** What the forms choose from: the category tree in menu order (with depth for indenting) and the badges. */
export async function getProductFormOptions(db: Database): Promise<ProductFormOptions> {
  const tree = await getCatalogTree(db);
  const ordered: Array<{ id: number; name: string; depth: number }> = [];
  const visit = (parentId: number, depth: number) => {
    for (const entry of tree.categories) {
      if (entry.id_kat !== parentId) continue;
      ordered.push({ id: entry.id, name: entry.name, depth });
      if (depth < 5) visit(entry.id, depth + 1);
    }
  };
  visit(0, 0);
  return {
    categories: ordered,
    icons: MANUAL_PRODUCT_ICONS.map((id) => ({ id, name: PRODUCT_ICON_NAMES[id] })),
    low_stock: LOW_STOCK_LIMIT,
  };
}

export async function getAdminProduct(db: Database, id: number): Promise<AdminProduct> {
  const row = await findProduct(db, id);
  if (!row) throw notFound('Товар не найден');
  return toAdminProduct(row);
}

// Writes.

/** The input as stored: rich text sanitised, and no «sale» badge (the price shows it, productBadges). */
function sanitizeRichText<
  T extends Partial<Record<(typeof RICH_TEXT_FIELDS)[number], string>> & { icons?: AdminProduct['icons'] },
>(input: T): T {
  const clean = { ...input };
  for (const field of RICH_TEXT_FIELDS) {
    const value = clean[field];
    if (value !== undefined) clean[field] = sanitizeHtml(value) as T[typeof field];
  }
  if (clean.icons) clean.icons = clean.icons.filter((icon) => icon !== 'sale');
  return clean;
}

/**
 * An артикул another product has already (letter case aside), as the form's message; null when it is free or empty.
 * The check holds a transaction lock on the артикул, so two moderators saving the same new one wait for each other.
 */
async function skuTakenError(tx: Executor, sku: string, exceptProductId: number): Promise<string | null> {
  if (sku === '') return null;
  const owner = await findSkuOwner(tx, sku, exceptProductId);
  return owner ? `Артикул «${sku}» уже есть у товара «${owner.name}» (№ ${owner.id})` : null;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function pick(source: AdminProduct, fields: readonly EditableField[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, source[field]]));
}

/** After a committed change: the shop shows it at once, and the waitlist hears when the item is back. */
async function afterChange(deps: ProductsAdminDeps, before: ProductRow, after: ProductRow) {
  deps.content.invalidate();
  if (!isBuyable(before) && isBuyable(after)) await tellWaitlist(deps, after.id);
}

/** An item became buyable again (a moderator's restock, or 1C's stock through the exchange): its waitlist hears. */
export async function tellWaitlist(
  deps: Pick<ProductsAdminDeps, 'db' | 'mail' | 'origin' | 'log'>,
  productId: number,
): Promise<void> {
  // notifyBackInStock marks the waits before it sends, so a second raise (or a concurrent one) sends nothing.
  try {
    await notifyBackInStock(deps.db, deps.mail, productId, deps.origin);
  } catch (error) {
    deps.log.error({ err: error, productId }, 'back-in-stock letters failed');
  }
}

export async function updateProduct(
  deps: ProductsAdminDeps,
  userId: number,
  productId: number,
  input: ProductUpdate,
): Promise<AdminProduct> {
  const wanted = sanitizeRichText(input);
  const outcome = await deps.db.transaction(async (tx) => {
    // Locked, so two moderators raising the same stock see each other's result (one «from 0», not two).
    const row = await findProduct(tx, productId, true);
    if (!row) throw notFound('Товар не найден');
    const current = toAdminProduct(row);
    const changed = (Object.keys(wanted) as EditableField[]).filter(
      (field) => wanted[field] !== undefined && !sameValue(current[field], wanted[field]),
    );
    if (changed.length === 0) return { before: row, after: row, changed };
    const next = { ...current, ...wanted } as AdminProduct;
    const errors: Record<string, string[]> = {};
    const priceError = specialPriceError(next.cena, next.cena_st);
    if (priceError) errors.cena_st = [priceError];
    if (changed.includes('url') && (await isUrlTaken(tx, next.url, productId)))
      errors.url = ['Этот адрес уже занят другой страницей'];
    if (changed.includes('sku')) {
      const skuError = await skuTakenError(tx, next.sku, productId);
      if (skuError) errors.sku = [skuError];
    }
    let katGlobal: number | undefined;
    if (changed.includes('category_id')) {
      katGlobal = await findCategoryGroup(tx, next.category_id);
      if (katGlobal === undefined) errors.category_id = ['Такой категории нет'];
    }
    if (Object.keys(errors).length > 0) throw invalidData(errors);

    const values: Partial<typeof products.$inferInsert> = {};
    for (const field of changed) {
      (values as Record<string, unknown>)[EDITABLE_COLUMNS[field]] = next[field];
    }
    if (changed.includes('volume')) values.volumeMl = volumeMl(next.volume);
    if (katGlobal !== undefined) values.katGlobal = katGlobal;
    const updated = await updateProductRow(tx, productId, values);
    await writeAudit(tx as unknown as Database, {
      userId,
      action: 'product.update',
      entity: 'product',
      entityId: productId,
      before: pick(current, changed),
      after: pick(next, changed),
    });
    return { before: row, after: updated, changed };
  });
  if (outcome.changed.length > 0) await afterChange(deps, outcome.before, outcome.after);
  return toAdminProduct(outcome.after);
}

export async function createProduct(
  deps: ProductsAdminDeps,
  userId: number,
  input: ProductCreate,
): Promise<AdminProduct> {
  const wanted = sanitizeRichText(input);
  const created = await deps.db.transaction(async (tx) => {
    const errors: Record<string, string[]> = {};
    if (await isUrlTaken(tx, wanted.url, 0)) errors.url = ['Этот адрес уже занят другой страницей'];
    const skuError = await skuTakenError(tx, wanted.sku, 0);
    if (skuError) errors.sku = [skuError];
    const katGlobal = await findCategoryGroup(tx, wanted.category_id);
    if (katGlobal === undefined) errors.category_id = ['Такой категории нет'];
    if (Object.keys(errors).length > 0) throw invalidData(errors);
    const row = await insertProductRow(tx, {
      name: wanted.name,
      latinName: wanted.latin_name,
      url: wanted.url,
      // Volumes of one oil share a family; by default a new product is a family of its own.
      familyKey: wanted.family_key || wanted.url.slice(1, -'.html'.length),
      volume: wanted.volume,
      volumeMl: volumeMl(wanted.volume),
      cena: wanted.cena,
      cenaSt: wanted.cena_st,
      stock: wanted.stock,
      categoryId: wanted.category_id,
      katGlobal: katGlobal ?? 0,
      icons: wanted.icons,
      visible: wanted.visible,
      description: wanted.description,
      composition: wanted.composition,
      usage: wanted.usage,
      safety: wanted.safety,
      country: wanted.country,
      plantPart: wanted.plant_part,
      extractionMethod: wanted.extraction_method,
      htmlTitle: wanted.html_title,
      metaDescription: wanted.meta_description,
      brand: wanted.brand,
      sku: wanted.sku,
      gtin: wanted.gtin,
      weightG: wanted.weight_g,
      lengthMm: wanted.length_mm,
      widthMm: wanted.width_mm,
      heightMm: wanted.height_mm,
      specialPriceUntil: wanted.special_price_until,
    });
    const product = toAdminProduct(row);
    await writeAudit(tx as unknown as Database, {
      userId,
      action: 'product.create',
      entity: 'product',
      entityId: product.id,
      after: pick(product, Object.keys(EDITABLE_COLUMNS) as EditableField[]),
    });
    return row;
  });
  deps.content.invalidate();
  return toAdminProduct(created);
}
