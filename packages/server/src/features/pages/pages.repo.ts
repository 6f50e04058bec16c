// Which entity owns a url: one indexed lookup per table, in one round trip.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export type UrlOwner = { type: 'category' | 'product' | 'razdel' | 'article' | 'recept'; id: number };

export async function findUrlOwner(db: Database, url: string): Promise<UrlOwner | undefined> {
  // Both drivers (pg and PGlite) answer with `rows`.
  const result = (await db.execute(sql`
    select 'product' as type, id from products where url = ${url} and visible
    union all select 'category', id from categories where url = ${url}
    union all select 'article', id from articles where url = ${url} and visible
    union all select 'recept', id from recipes where url = ${url} and visible
    union all select 'razdel', id from razdels where url = ${url}
    limit 1`)) as unknown as { rows: UrlOwner[] };
  return result.rows[0];
}
