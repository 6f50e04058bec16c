// A visible product found by its артикул or barcode as typed (issue 39): a customer who copies «LAV-10» from a
// receipt, or a shop assistant with a scanner, gets that product first. One index lookup (products_sku_idx).
import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../catalog/catalog.table.ts';
import type { ProductMatch } from './search.repo.ts';

/** One word of letters, digits and dashes, dots or slashes: what an артикул or a barcode looks like. */
const CODE_LIKE = /^[\p{L}\d][\p{L}\d./_-]{0,99}$/u;

export async function findProductsByCode(
  db: Pick<Database, 'select'>,
  query: string,
): Promise<ProductMatch[]> {
  const code = query.trim().toLowerCase();
  if (!CODE_LIKE.test(code) || !/\d/.test(code)) return [];
  const bySku = and(sql`${products.sku} <> ''`, sql`lower(${products.sku}) = ${code}`)!;
  return db
    .select({
      id: products.id,
      name: products.name,
      url: products.url,
      cena: products.cena,
      cenaSt: products.cenaSt,
      volume: products.volume,
      stock: products.stock,
      images: products.images,
      avgRating: products.avgRating,
      katGlobal: products.katGlobal,
      ftsHit: sql<boolean>`true`,
      nameCoverage: sql<number>`1`,
      score: sql<number>`100`,
    })
    .from(products)
    .where(
      and(eq(products.visible, true), /^\d{8,14}$/.test(code) ? or(bySku, eq(products.gtin, code)) : bySku),
    )
    .orderBy(products.id)
    .limit(10);
}
