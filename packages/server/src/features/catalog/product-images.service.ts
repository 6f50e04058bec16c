// A product's pictures in the back office: add one (stored by product-image-files.ts), remove one, make one the
// main picture. Each is one transaction with its audit row, then the public caches are dropped.
import { type AdminProduct, PRODUCT_IMAGES_MAX } from '@efir/domain/product-admin-schemas';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { invalidData, notFound } from '../../lib/app-error.ts';
import type { ProductRow } from './catalog.repo.ts';
import type { ImageRef } from './catalog.table.ts';
import { deleteProductImageFiles, storeProductImage } from './product-image-files.ts';
import { findProduct, updateProductRow } from './products-admin.repo.ts';
import { type ProductsAdminDeps, toAdminProduct } from './products-admin.service.ts';

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
      before: { images: row.images.map((image) => image.basename) },
      after: { images: images.map((image) => image.basename) },
    });
    return { before: row.images, after: updated };
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
