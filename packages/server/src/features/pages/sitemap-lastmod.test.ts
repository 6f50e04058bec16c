// Every address in the sitemap says when its page last changed, from the rows the page shows: a product's own
// change (whatever path made it: the trigger of migration 0025) moves its lastmod and its category's.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { products } from '../catalog/catalog.table.ts';
import { articles, staticPages } from '../content/content.table.ts';

let shop: TestApp;
const ORIGIN = 'https://efir.example';

beforeAll(async () => {
  shop = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
});
afterAll(() => shop.close());

/** loc → lastmod of every address in the sitemap's files, and the index's own entries. */
async function readSitemap() {
  const index = (await shop.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
  const files = [
    ...index.matchAll(/<sitemap><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/sitemap>/g),
  ];
  const urls = new Map<string, string | undefined>();
  for (const [, loc] of files) {
    const body = (await shop.app.inject({ method: 'GET', url: loc!.slice(ORIGIN.length) })).body;
    for (const [, url, lastmod] of body.matchAll(
      /<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g,
    )) {
      urls.set(url!.slice(ORIGIN.length), lastmod);
    }
  }
  return { files: files.map(([, loc, lastmod]) => ({ loc, lastmod })), urls };
}

const W3C = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;
const seconds = (date: Date) => `${date.toISOString().slice(0, 19)}+00:00`;

describe('sitemap lastmod', () => {
  it('dates every address and every part file', async () => {
    const { files, urls } = await readSitemap();
    expect(urls.size).toBeGreaterThan(100);
    for (const [url, lastmod] of urls) expect(lastmod, url).toMatch(W3C);
    for (const file of files) expect(file.lastmod, file.loc).toMatch(W3C);
  });

  it('takes pages and static pages from their rows, listings from the newest of their items', async () => {
    const db = shop.database.db;
    const [article] = await db.select().from(articles).where(eq(articles.visible, true)).limit(1);
    const [page] = await db.select().from(staticPages).where(eq(staticPages.url, '/dostavka.html'));
    const { urls } = await readSitemap();
    expect(urls.get(article!.url)).toBe(seconds(article!.updatedAt));
    expect(urls.get('/dostavka.html')).toBe(seconds(page!.updatedAt));
    const visible = await db.select().from(articles).where(eq(articles.visible, true));
    const newest = Math.max(...visible.map((row) => row.updatedAt.getTime()));
    expect(urls.get('/articles-new.html')).toBe(seconds(new Date(newest)));
  });

  it('moves a product, its category and the home page to the time of a change', async () => {
    const db = shop.database.db;
    const [product] = await db.select().from(products).where(eq(products.visible, true)).limit(1);
    const before = await readSitemap();
    expect(before.urls.get(product!.url)).toBe(seconds(product!.updatedAt));
    // A sale taking stock, as orders do it: no code sets the date, the trigger does.
    await db
      .update(products)
      .set({ stock: sql`${products.stock} + 1` })
      .where(eq(products.id, product!.id));
    const [changed] = await db.select().from(products).where(eq(products.id, product!.id));
    expect(changed!.updatedAt.getTime()).toBeGreaterThan(product!.updatedAt.getTime());
    const after = await readSitemap();
    const date = seconds(changed!.updatedAt);
    expect(after.urls.get(product!.url)).toBe(date);
    expect(after.urls.get('/')).toBe(date);
    expect(after.urls.get('/catalog.html')).toBe(date);
    const [category] = (
      (await db.execute(sql`select url from categories where id = ${product!.categoryId}`)) as unknown as {
        rows: Array<{ url: string }>;
      }
    ).rows;
    expect(after.urls.get(category!.url)).toBe(date);
  });
});
