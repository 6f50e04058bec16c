// What the «Товары» pages read from /api/v1/admin/products, and small helpers they share.
import type { ImageRef } from '@efir/domain/catalog-wire';

export const PRODUCTS_BASE = '/admin/products';

export function thumbnailUrl(image: ImageRef): string {
  return `/images/${image.basename}.webp`;
}

/** «−20 %»: how much the special price takes off the regular one. */
export function discountPercent(cena: number, cenaSt: number): number {
  return cenaSt > cena && cenaSt > 0 ? Math.round((1 - cena / cenaSt) * 100) : 0;
}
