// A product's pictures as files (lib/uploaded-image.ts converts them: WebP widths, a JPEG fallback), stored under
// products/uploads/<product>-<random>. Used by the back office's uploads and by 1C's exchange.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { SMALLER_WIDTHS, storeUploadedImage } from '../../lib/uploaded-image.ts';
import type { ImageRef } from './catalog.table.ts';

const UPLOAD_FOLDER = 'products/uploads';

export function storeProductImage(imagesDir: string, productId: number, upload: Buffer): Promise<ImageRef> {
  return storeUploadedImage(imagesDir, UPLOAD_FOLDER, `${productId}-`, upload);
}

/** Removes the files of an uploaded picture; demo pictures and anything unexpected are left alone. */
export async function deleteProductImageFiles(imagesDir: string, image: ImageRef): Promise<void> {
  if (!/^products\/uploads\/\d+-[0-9a-f]{16}$/.test(image.basename)) return;
  await rm(path.join(imagesDir, `${image.basename}.webp`), { force: true });
  for (const width of SMALLER_WIDTHS)
    await rm(path.join(imagesDir, `${image.basename}-${width}w.webp`), { force: true });
  await rm(path.join(imagesDir, `${image.basename}.jpg`), { force: true });
}
