// The back office's «Товары»: search the catalogue, edit prices, stock, badges, visibility and texts, create products
// and upload their pictures. Every change is one transaction with its audit row; after it commits the public caches
// are dropped (the shop shows the new price at once) and, when an item becomes buyable again, the waitlist is told.
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { idField } from '@efir/domain/account-schemas';
import { MANUAL_PRODUCT_ICONS } from '@efir/domain/catalog-constants';
import { PRODUCT_ICON_NAMES } from '@efir/domain/catalog-wire';
import {
  ADMIN_PRODUCTS_PER_PAGE,
  type AdminProduct,
  type AdminProductList,
  LOW_STOCK_LIMIT,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
  PRODUCT_STOCK_FILTERS,
  type ProductCreate,
  type ProductUpdate,
  productCreateSchema,
  productUpdateSchema,
  specialPriceError,
} from '@efir/domain/product-admin-schemas';
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import { z } from '@efir/domain/zod-ru';
import multipart from '@fastify/multipart';
import { and, asc, between, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { invalidData, notFound } from '../../lib/app-error.ts';
import { describeUploadError } from '../../lib/upload-errors.ts';
import { notifyBackInStock } from '../account/account.service.ts';
import { moderatorId } from '../admin/admin.routes.ts';
import { writeAudit } from '../admin/audit.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { ProductRow } from './catalog.repo.ts';
import { collectSubtreeIds, getCatalogTree } from './catalog.service.ts';
import { categories, type ImageRef, products } from './catalog.table.ts';

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

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;
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
  gtin: 'gtin',
  special_price_until: 'specialPriceUntil',
} as const satisfies Record<EditableField, keyof ProductRow>;

const RICH_TEXT_FIELDS = ['description', 'usage', 'safety'] as const;

function toAdminProduct(row: ProductRow): AdminProduct {
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

function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export async function listAdminProducts(
  db: Database,
  query: { q?: string | undefined; category?: number | undefined; stock?: string | undefined; page: number },
): Promise<AdminProductList> {
  const conditions: SQL[] = [];
  const words = query.q?.trim().toLowerCase().replace(/ё/g, 'е');
  if (words) {
    const pattern = `%${likeLiteral(words)}%`;
    const matches = [
      sql`lower(translate(${products.name}, 'Ёё', 'Ее')) like ${pattern}`,
      sql`lower(${products.latinName}) like ${pattern}`,
      sql`${products.url} like ${pattern}`,
    ];
    if (/^\d{1,9}$/.test(words)) matches.push(eq(products.id, Number(words)));
    conditions.push(or(...matches)!);
  }
  if (query.category) {
    conditions.push(
      inArray(products.categoryId, collectSubtreeIds(await getCatalogTree(db), query.category)),
    );
  }
  if (query.stock === 'out') conditions.push(eq(products.stock, 0));
  if (query.stock === 'low') conditions.push(between(products.stock, 1, LOW_STOCK_LIMIT));
  if (query.stock === 'in') conditions.push(gt(products.stock, 0));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ product: products, categoryName: categories.name })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(asc(products.name), asc(products.volumeMl), asc(products.id))
      .limit(ADMIN_PRODUCTS_PER_PAGE)
      .offset((query.page - 1) * ADMIN_PRODUCTS_PER_PAGE),
    db.select({ total: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  const total = counted?.total ?? 0;
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
      image: product.images[0] ?? null,
      category: categoryName === null ? null : { id: product.categoryId, name: categoryName },
    })),
    page: query.page,
    pages: Math.max(1, Math.ceil(total / ADMIN_PRODUCTS_PER_PAGE)),
    total,
  };
}

/** What the forms choose from: the category tree in menu order (with depth for indenting) and the badges. */
export async function getProductFormOptions(db: Database) {
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

async function findProduct(db: Executor, id: number, lock = false): Promise<ProductRow | undefined> {
  const query = db.select().from(products).where(eq(products.id, id));
  const [row] = lock ? await query.for('update') : await query.limit(1);
  return row;
}

export async function getAdminProduct(db: Database, id: number): Promise<AdminProduct> {
  const row = await findProduct(db, id);
  if (!row) throw notFound('Товар не найден');
  return toAdminProduct(row);
}

/** A product page's address must not be taken by any page of the shop (products hidden or not, and the rest). */
async function isUrlTaken(db: Executor, url: string, exceptProductId: number): Promise<boolean> {
  const result = (await db.execute(sql`
    select 1 from products where url = ${url} and id <> ${exceptProductId}
    union all select 1 from categories where url = ${url}
    union all select 1 from articles where url = ${url}
    union all select 1 from recipes where url = ${url}
    union all select 1 from razdels where url = ${url}
    limit 1`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

async function findCategoryGroup(db: Executor, categoryId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ katGlobal: categories.katGlobal })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  return row?.katGlobal;
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
    const [updated] = await tx.update(products).set(values).where(eq(products.id, productId)).returning();
    await writeAudit(tx as unknown as Database, {
      userId,
      action: 'product.update',
      entity: 'product',
      entityId: productId,
      before: pick(current, changed),
      after: pick(next, changed),
    });
    return { before: row, after: updated!, changed };
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
    const katGlobal = await findCategoryGroup(tx, wanted.category_id);
    if (katGlobal === undefined) errors.category_id = ['Такой категории нет'];
    if (Object.keys(errors).length > 0) throw invalidData(errors);
    const [row] = await tx
      .insert(products)
      .values({
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
        gtin: wanted.gtin,
        specialPriceUntil: wanted.special_price_until,
      })
      .returning();
    const product = toAdminProduct(row!);
    await writeAudit(tx as unknown as Database, {
      userId,
      action: 'product.create',
      entity: 'product',
      entityId: product.id,
      after: pick(product, Object.keys(EDITABLE_COLUMNS) as EditableField[]),
    });
    return row!;
  });
  deps.content.invalidate();
  return toAdminProduct(created);
}

// Pictures: checked by their bytes, stored as WebP with a JPEG fallback next to it (like the demo pictures).

const UPLOAD_FOLDER = 'products/uploads';
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_SIDE_PX = 1600;
/**
 * Smaller WebP copies ('<basename>-<width>w.webp') for cards and phones, as the demo pictures have: the browser
 * picks one from srcset instead of loading the 1600 px picture to show it 200 px wide.
 */
const SMALLER_WIDTHS = [400, 800] as const;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What the file is by its first bytes, whatever its name or declared type says. */
export function sniffImageFormat(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

const notAnImage = () => invalidData({ image: ['Загрузите картинку в формате JPEG, PNG или WebP'] });

export async function storeProductImage(
  imagesDir: string,
  productId: number,
  upload: Buffer,
): Promise<ImageRef> {
  const format = sniffImageFormat(upload);
  if (!format) throw notAnImage();
  // Loaded on the first upload: libvips stays out of the server's memory until a picture comes.
  const { default: sharp } = await import('sharp');
  let webp: Buffer;
  let jpeg: Buffer;
  let width: number;
  const smaller: Array<{ width: number; webp: Buffer }> = [];
  try {
    // Turned upright by its EXIF, metadata (camera, GPS) dropped, at most 1600 px a side.
    const picture = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(MAX_SIDE_PX, MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true });
    const full = await picture.clone().webp({ quality: 82, effort: 5 }).toBuffer({ resolveWithObject: true });
    webp = full.data;
    width = full.info.width;
    for (const smallerWidth of SMALLER_WIDTHS.filter((candidate) => candidate < width)) {
      const copy = await sharp(webp)
        .resize({ width: smallerWidth })
        .webp({ quality: 80, effort: 5 })
        .toBuffer();
      smaller.push({ width: smallerWidth, webp: copy });
    }
    jpeg = await picture
      .clone()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, progressive: true, mozjpeg: true })
      .toBuffer();
  } catch {
    // A valid header with a broken or oversized body.
    throw notAnImage();
  }
  const basename = `${UPLOAD_FOLDER}/${productId}-${randomBytes(8).toString('hex')}`;
  await mkdir(path.join(imagesDir, UPLOAD_FOLDER), { recursive: true });
  await writeFile(path.join(imagesDir, `${basename}.webp`), webp);
  for (const copy of smaller)
    await writeFile(path.join(imagesDir, `${basename}-${copy.width}w.webp`), copy.webp);
  await writeFile(path.join(imagesDir, `${basename}.jpg`), jpeg);
  const ref = { basename, filename: `${basename}.jpg` };
  return smaller.length > 0 ? { ...ref, widths: [...smaller.map((copy) => copy.width), width] } : ref;
}

/** Removes the files of an uploaded picture; demo pictures and anything unexpected are left alone. */
async function deleteProductImageFiles(imagesDir: string, image: ImageRef): Promise<void> {
  if (!/^products\/uploads\/\d+-[0-9a-f]{16}$/.test(image.basename)) return;
  await rm(path.join(imagesDir, `${image.basename}.webp`), { force: true });
  for (const width of SMALLER_WIDTHS)
    await rm(path.join(imagesDir, `${image.basename}-${width}w.webp`), { force: true });
  await rm(path.join(imagesDir, `${image.basename}.jpg`), { force: true });
}

async function changeImages(
  deps: ProductsAdminDeps,
  userId: number,
  productId: number,
  change: (images: ImageRef[]) => ImageRef[],
): Promise<{ before: ImageRef[]; after: ProductRow }> {
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await findProduct(tx, productId, true);
    if (!row) throw notFound('Товар не найден');
    const images = change(row.images);
    const [updated] = await tx.update(products).set({ images }).where(eq(products.id, productId)).returning();
    await writeAudit(tx as unknown as Database, {
      userId,
      action: 'product.image',
      entity: 'product',
      entityId: productId,
      before: { images: row.images.map((image) => image.basename) },
      after: { images: images.map((image) => image.basename) },
    });
    return { before: row.images, after: updated! };
  });
  deps.content.invalidate();
  return outcome;
}

export async function addProductImage(
  deps: ProductsAdminDeps,
  userId: number,
  productId: number,
  upload: Buffer,
): Promise<AdminProduct> {
  const existing = await findProduct(deps.db, productId);
  if (!existing) throw notFound('Товар не найден');
  if (existing.images.length >= PRODUCT_IMAGES_MAX)
    throw invalidData({ image: [`У товара уже ${PRODUCT_IMAGES_MAX} фото — удалите лишние`] });
  const image = await storeProductImage(deps.imagesDir, productId, upload);
  try {
    const { after } = await changeImages(deps, userId, productId, (images) => {
      if (images.length >= PRODUCT_IMAGES_MAX)
        throw invalidData({ image: [`У товара уже ${PRODUCT_IMAGES_MAX} фото — удалите лишние`] });
      return [...images, image];
    });
    return toAdminProduct(after);
  } catch (error) {
    await deleteProductImageFiles(deps.imagesDir, image);
    throw error;
  }
}

export async function removeProductImage(
  deps: ProductsAdminDeps,
  userId: number,
  productId: number,
  index: number,
): Promise<AdminProduct> {
  const { before, after } = await changeImages(deps, userId, productId, (images) => {
    if (index >= images.length) throw notFound('Такого фото нет');
    return images.filter((_image, position) => position !== index);
  });
  const removed = before[index];
  if (removed && !after.images.some((image) => image.basename === removed.basename))
    await deleteProductImageFiles(deps.imagesDir, removed);
  return toAdminProduct(after);
}

/** The first picture is the one on cards: moves picture n to the front. */
export async function makeProductImageMain(
  deps: ProductsAdminDeps,
  userId: number,
  productId: number,
  index: number,
): Promise<AdminProduct> {
  const { after } = await changeImages(deps, userId, productId, (images) => {
    const chosen = images[index];
    if (!chosen) throw notFound('Такого фото нет');
    return [chosen, ...images.filter((_image, position) => position !== index)];
  });
  return toAdminProduct(after);
}

// Routes (inside the guarded /api/v1/admin scope).

const listQuery = z.strictObject({
  q: z.string().trim().max(100, 'Запрос — не длиннее 100 символов').optional(),
  category: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  stock: z.enum(PRODUCT_STOCK_FILTERS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
const productParams = z.strictObject({ id: idField });
const imageParams = z.strictObject({
  id: idField,
  n: z.coerce.number('Неверный номер фото').int().min(0).max(PRODUCT_IMAGES_MAX),
});

/** Fastify's multipart failures as the upload form's field error. */
const PRODUCT_IMAGE_UPLOAD_MESSAGES = {
  tooLarge: `Файл больше ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} МБ — выберите поменьше`,
  wrongKind: 'Прикрепите одну картинку в формате JPEG, PNG или WebP',
  notAFile: 'Прикрепите картинку как файл формы',
};

/** The «Товары» routes, for `sections` of registerAdminRoutes. */
export function productsAdminSection(deps: ProductsAdminDeps) {
  return (scope: FastifyInstance) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get('/products', { schema: { querystring: listQuery } }, async (request) =>
      listAdminProducts(deps.db, request.query),
    );

    routes.get('/products/options', async () => getProductFormOptions(deps.db));

    routes.get('/products/:id', { schema: { params: productParams } }, async (request) => ({
      product: await getAdminProduct(deps.db, request.params.id),
    }));

    routes.put(
      '/products/:id',
      { schema: { params: productParams, body: productUpdateSchema } },
      async (request) => ({
        status: 'ok',
        message: 'Товар сохранён',
        product: await updateProduct(deps, moderatorId(request), request.params.id, request.body),
      }),
    );

    routes.post('/products', { schema: { body: productCreateSchema } }, async (request, reply) => {
      const product = await createProduct(deps, moderatorId(request), request.body);
      reply.status(201);
      return { status: 'ok', message: 'Товар создан', product };
    });

    routes.delete('/products/:id/images/:n', { schema: { params: imageParams } }, async (request) => ({
      status: 'ok',
      message: 'Фото удалено',
      product: await removeProductImage(deps, moderatorId(request), request.params.id, request.params.n),
    }));

    routes.post('/products/:id/images/:n/main', { schema: { params: imageParams } }, async (request) => ({
      status: 'ok',
      message: 'Фото стало главным',
      product: await makeProductImageMain(deps, moderatorId(request), request.params.id, request.params.n),
    }));

    // Only the upload reads multipart, in a scope of its own (the guard above still runs first).
    scope.register(async (uploads) => {
      await uploads.register(multipart, {
        limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
      });
      uploads
        .withTypeProvider<ZodTypeProvider>()
        .post('/products/:id/images', { schema: { params: productParams } }, async (request) => {
          // An unknown product is told before a byte of the upload is read.
          await getAdminProduct(deps.db, request.params.id);
          let upload: Buffer;
          try {
            const file = await request.file();
            if (!file) throw invalidData({ image: ['Выберите картинку'] });
            upload = await file.toBuffer();
          } catch (error) {
            const message = describeUploadError(error, PRODUCT_IMAGE_UPLOAD_MESSAGES);
            if (message) throw invalidData({ image: [message] });
            throw error;
          }
          return {
            status: 'ok',
            message: 'Фото добавлено',
            product: await addProductImage(deps, moderatorId(request), request.params.id, upload),
          };
        });
    });
  };
}
