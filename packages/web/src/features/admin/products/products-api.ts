// What the «Товары» pages read from /api/v1/admin/products, and small helpers they share.
import type { ImageRef } from '@efir/domain/catalog-wire';
import type { AdminProduct } from '@efir/domain/product-admin-schemas';

export const PRODUCTS_BASE = '/admin/products';

export interface ProductFormOptions {
  categories: Array<{ id: number; name: string; depth: number }>;
  icons: Array<{ id: AdminProduct['icons'][number]; name: string }>;
  low_stock: number;
}

export interface ProductAnswer {
  status?: string;
  message?: string;
  product: AdminProduct;
}

export function thumbnailUrl(image: ImageRef): string {
  return `/images/${image.basename}.webp`;
}

/** «−20 %»: how much the special price takes off the regular one. */
export function discountPercent(cena: number, cenaSt: number): number {
  return cenaSt > cena && cenaSt > 0 ? Math.round((1 - cena / cenaSt) * 100) : 0;
}
