// Products of the seeded demo catalogue that tests order, found by their address.
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { products } from '../features/catalog/catalog.table.ts';

export const LAVENDER_URL = '/lavanda-uzkolistnaya-10-ml.html';
export const LEMON_URL = '/limon-10-ml.html';

export interface DemoProduct {
  id: number;
  url: string;
  name: string;
  volume: string;
  cena: number;
  stock: number;
}

/**
 * The demo products at these addresses, by address. With `stock`, each shelf is first set to that many, so that no
 * test of a file runs out because another one bought.
 */
export async function demoProducts(
  db: Database,
  urls: string[],
  options: { stock?: number } = {},
): Promise<Record<string, DemoProduct>> {
  if (options.stock !== undefined)
    await db.update(products).set({ stock: options.stock }).where(inArray(products.url, urls));
  const rows = await db
    .select({
      id: products.id,
      url: products.url,
      name: products.name,
      volume: products.volume,
      cena: products.cena,
      stock: products.stock,
    })
    .from(products)
    .where(inArray(products.url, urls));
  if (rows.length !== urls.length) throw new Error(`the demo catalogue lacks one of ${urls.join(', ')}`);
  return Object.fromEntries(rows.map((row) => [row.url, row]));
}
