// Which entity owns a url: one indexed lookup per table, in one round trip.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedQuery, prepareRawSql } from '../../db/prepared.ts';

export type UrlOwner = {
  type: 'category' | 'product' | 'razdel' | 'article' | 'recept';
  id: number;
  /** The page's published comments (0 for categories and sections): with none, there are none to read. */
  commentsCount: number;
};

const urlOwner = preparedQuery((db) => {
  const url = sql.placeholder('url');
  return prepareRawSql<UrlOwner>(
    db,
    'url_owner',
    sql`
    select 'product' as type, id, comments_count as "commentsCount" from products where url = ${url} and visible
    union all select 'category', id, 0 from categories where url = ${url}
    union all select 'article', id, comments_count from articles where url = ${url} and visible
    union all select 'recept', id, comments_count from recipes where url = ${url} and visible
    union all select 'razdel', id, 0 from razdels where url = ${url}
    limit 1`,
  );
});

export async function findUrlOwner(db: Database, url: string): Promise<UrlOwner | undefined> {
  return (await urlOwner(db).execute({ url })).rows[0];
}
