// A product's pictures in the back office: add several at once (stored by product-image-files.ts), arrange them and
// say what each shows, remove one, make one the main picture. Each is one transaction with its audit row, then the
// public caches are dropped.
import {
  type AdminProduct,
  PRODUCT_IMAGES_MAX,
  type ProductImagesUpdate,
} from '@efir/domain/product-admin-schemas';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { invalidData, notFound } from '../../lib/app-error.ts';
import type { ProductRow } from './catalog.repo.ts';
import type { ImageRef } from './catalog.table.ts';
import { deleteProductImageFiles, storeProductImage } from './product-image-files.ts';
import { findProduct, updateProductRow } from './products-admin.repo.ts';
import { type ProductsAdminDeps, toAdminProduct } from './products-admin.service.ts';

/** A picture as the audit log keeps it: its name, and what it shows when that was written. */
function auditedImage(image: ImageRef): string {
  return image.alt ? `${image.basename} («${image.alt}»)` : image.basename;
}

const tooMany = (count: number) =>
  invalidData({
    image: [
      count > 0
        ? `У товара уже ${count} фото из ${PRODUCT_IMAGES_MAX} — добавьте не больше ${PRODUCT_IMAGES_MAX - count}`
        : `Не больше ${PRODUCT_IMAGES_MAX} фото за раз`,
    ],
  });

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
    const updated = await updateProductRow(tx, productId, { images });
    await writeAudit(tx as unknown as Database, {
      userId,
      action: 'product.image',
      entity: 'product',
      entityId: productId,
      before: { images: row.images.map(auditedImage) },
      after: { images: images.map(auditedImage) },
    });
    return { before: row.images, after: updated };
  });
  deps.content.invalidate();
  return outcome;
}

/**
 * Adds the uploaded pictures after the product's own, in the order they came: all of them or none (a file that is
 * not a picture refuses the whole batch, and the files already stored are removed again). Each file is converted as
 * it arrives, so one upload's bytes are in memory at a time however many files come.
 */
export async function addProductImages(
  deps: ProductsAdminDeps,
  userId: number,
  productId: number,
  uploads: AsyncIterable<Buffer> | Iterable<Buffer>,
): Promise<AdminProduct> {
  const existing = await findProduct(deps.db, productId);
  if (!existing) throw notFound('Товар не найден');
  const stored: ImageRef[] = [];
  try {
    for await (const upload of uploads) {
      if (existing.images.length + stored.length >= PRODUCT_IMAGES_MAX) throw tooMany(existing.images.length);
      stored.push(await storeProductImage(deps.imagesDir, productId, upload));
    }
    if (stored.length === 0) throw invalidData({ image: ['Выберите картинку'] });
    const { after } = await changeImages(deps, userId, productId, (images) => {
      if (images.length + stored.length > PRODUCT_IMAGES_MAX) throw tooMany(images.length);
      return [...images, ...stored];
    });
    return toAdminProduct(after);
  } catch (error) {
    for (const image of stored) await deleteProductImageFiles(deps.imagesDir, image);
    throw error;
  }
}

/**
 * The pictures in the order the moderator arranged them (the first is the main one), with their texts. The list
 * must name exactly the pictures the product has: a stale page (another moderator added or removed one meanwhile)
 * is told to reload instead of dropping a picture.
 */
export async function arrangeProductImages(
  deps: ProductsAdminDeps,
  userId: number,
  productId: number,
  wanted: ProductImagesUpdate['images'],
): Promise<AdminProduct> {
  const { after } = await changeImages(deps, userId, productId, (images) => {
    const byName = new Map(images.map((image) => [image.basename, image]));
    const named = new Set(wanted.map((image) => image.basename));
    if (
      named.size !== wanted.length ||
      wanted.length !== images.length ||
      wanted.some((w) => !byName.has(w.basename))
    )
      throw invalidData({
        images: ['Фото товара изменились с тех пор, как страница открылась, — обновите её'],
      });
    return wanted.map(({ basename, alt }) => {
      const { alt: _old, ...image } = byName.get(basename)!;
      return alt ? { ...image, alt } : image;
    });
  });
  return toAdminProduct(after);
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
