// The generated catalogue (2 000 products here) and what must not change with its size: listings, totals and filter
// counts equal a plain count and ordering, related products equal the plain DISTINCT ON query, the sitemap's parts
// hold every product once — before and after stock, prices and visibility change.
import { PRODUCTS_PER_PAGE } from '@efir/domain/catalog-wire';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentService } from '../features/content/content.service.ts';
import { createSitemaps } from '../features/pages/sitemap.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedLargeCatalogue } from './large-catalogue.ts';

let shop: TestApp;
/** The last demo product: every product after it is generated. */
let demoMaxId: number;

beforeAll(async () => {
  shop = await createTestApp();
  const [demo] = await rows<{ id: number }>(sql`select max(id)::int as id from products`);
  demoMaxId = demo!.id;
  await seedLargeCatalogue(shop.database.db, 2000);
});

afterAll(() => shop.close());

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await shop.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function route(body: Record<string, unknown>, status = 200) {
  const response = await shop.app.inject({ method: 'POST', url: '/api/v1/route', payload: body });
  expect(response.statusCode).toBe(status);
  return response.json();
}

async function categoryIds(url: string): Promise<number[]> {
  const found = await rows<{ id: number }>(sql`
    with recursive tree as (
      select id from categories where url = ${url}
      union all select c.id from categories c join tree on c.parent_id = tree.id
    ) select id from tree`);
  return found.map((row) => row.id);
}

const ORDERS: Record<number, string> = {
  0: 'popularity desc, id',
  1: 'cena, id',
  2: 'cena desc, id',
  4: 'created_at desc, id desc',
  5: 'name, volume_ml',
};

/** The listing as a plain query would give it: every matching product counted and sorted. */
async function plainListing(
  ids: number[] | null,
  options: { sort: number; page: number; anywhere: number; icons: string[]; special?: boolean },
) {
  const conditions = [sql`visible`];
  if (ids) conditions.push(sql`category_id = any(${`{${ids.join(',')}}`}::int[])`);
  if (options.special) conditions.push(sql`cena_st > 0`);
  if (options.anywhere === 1) conditions.push(sql`stock > 0`);
  if (options.icons.length > 0) {
    // «sale» is the special price itself; a «sale» once stored by hand is not asked for.
    const stored = options.icons.filter((icon) => icon !== 'sale');
    const overlap = sql`icons && ${`{${stored.join(',')}}`}::text[]`;
    conditions.push(options.icons.includes('sale') ? sql`(${overlap} or cena_st > 0)` : overlap);
  }
  const where = sql.join(conditions, sql` and `);
  const [counted] = await rows<{ total: number }>(
    sql`select count(*)::int as total from products where ${where}`,
  );
  const page = await rows<{ id: number; name: string; volume_ml: number }>(sql`
    select id, name, volume_ml from products where ${where}
    order by ${sql.raw(ORDERS[options.sort]!)} limit ${PRODUCTS_PER_PAGE}
    offset ${(options.page - 1) * PRODUCTS_PER_PAGE}`);
  return { total: counted!.total, page };
}

async function expectListingsAsPlainQueries() {
  const listings: Array<{ url: string; ids: number[] | null; special?: boolean }> = [
    { url: '/efirnye-masla', ids: await categoryIds('/efirnye-masla') },
    { url: '/efirnye-masla/citrusovye', ids: await categoryIds('/efirnye-masla/citrusovye') },
    { url: '/gidrolaty', ids: await categoryIds('/gidrolaty') },
    { url: '/akcii', ids: null, special: true },
  ];
  const filters = [
    { anywhere: 2, icons: [] },
    { anywhere: 1, icons: [] },
    { anywhere: 2, icons: ['new'] },
    { anywhere: 1, icons: ['sale', 'hit'] },
  ];
  for (const listing of listings) {
    for (const sort of [0, 1, 2, 4, 5]) {
      for (const filter of filters) {
        for (const page of [1, 3]) {
          const plain = await plainListing(listing.ids, { sort, page, ...filter, special: listing.special });
          const context = `${listing.url} sort ${sort} page ${page} ${JSON.stringify(filter)}`;
          // A page past the last one is not a page (404), as a customer following an old link finds.
          if (page > 1 && plain.page.length === 0) {
            await route({ url: listing.url, sort, page, filter }, 404);
            continue;
          }
          const answer = await route({ url: listing.url, sort, page, filter });
          expect(answer.pagination.total, context).toBe(plain.total);
          const shown = answer.products as Array<{ id: number; name: string; volume: string }>;
          if (sort === 5) {
            // Equal name and volume have no order of their own: compare what the customer sees.
            expect(
              shown.map((card) => card.name),
              context,
            ).toEqual(plain.page.map((row) => row.name));
          } else {
            expect(
              shown.map((card) => card.id),
              context,
            ).toEqual(plain.page.map((row) => row.id));
          }
        }
      }
    }
  }
}

async function expectCountersAsPlainCounts() {
  const kept = await rows<{ key: string; products: number }>(sql`
    select concat_ws(' ', category_id, in_stock, special, icon) as key, products from product_counts
    where products <> 0 order by 1`);
  const counted = await rows<{ key: string; products: number }>(sql`
    select concat_ws(' ', category_id, stock > 0, cena_st > 0, icon) as key, count(*)::int as products
    from products, unnest(array[''] || icons) as icon where visible group by 1 order by 1`);
  expect(kept).toEqual(counted);
}

describe('seedLargeCatalogue', () => {
  it('grows the demo catalogue to the total asked, over every category, in families of volumes', async () => {
    const [stats] = await rows<{
      total: number;
      categories: number;
      generatedCategories: number;
      families: number;
      hidden: number;
      soldOut: number;
      special: number;
    }>(sql`
      select count(*)::int as total, count(distinct category_id)::int as categories,
        (select count(distinct category_id)::int from products where id > ${demoMaxId}) as "generatedCategories",
        count(distinct family_key)::int as families, count(*) filter (where not visible)::int as hidden,
        count(*) filter (where stock = 0)::int as "soldOut", count(*) filter (where cena_st > 0)::int as special
      from products`);
    expect(stats!.total).toBe(2000);
    expect(stats!.generatedCategories).toBe(stats!.categories);
    expect(stats!.families).toBeLessThan(2000);
    expect(stats!.hidden).toBeGreaterThan(0);
    expect(stats!.soldOut).toBeGreaterThan(100);
    expect(stats!.special).toBeGreaterThan(100);
    const [generated] = await rows<{ name: string; url: string }>(
      sql`select name, url from products order by id desc limit 1`,
    );
    expect(generated!.name).toMatch(/^[А-ЯЁ][а-яё]+.*, [А-ЯЁ][а-яё-]+ \(«.+»\)$/);
    expect(generated!.url).toMatch(/^\/[a-z0-9-]+\.html$/);

    await seedLargeCatalogue(shop.database.db, 2000);
    const [again] = await rows<{ total: number }>(sql`select count(*)::int as total from products`);
    expect(again!.total).toBe(2000);
  });

  it('makes product pages that open, with their volumes and related products', async () => {
    const [product] = await rows<{ url: string; family: number }>(sql`
      select url, (select count(*)::int from products f where f.family_key = p.family_key and f.visible) as family
      from products p where visible and id > ${demoMaxId} order by id limit 1`);
    const answer = await route({ url: product!.url });
    expect(answer.page.type).toBe('product');
    expect(answer.page.com_data.volumes).toHaveLength(product!.family);
    expect(answer.recoGoods.length).toBeGreaterThan(0);
  });
});

describe('a catalogue of 2 000 products', () => {
  it('lists, counts and sorts every listing as a plain count and sort would', async () => {
    await expectCountersAsPlainCounts();
    await expectListingsAsPlainQueries();
  });

  it('offers filter options whose counts are plain counts', async () => {
    const ids = await categoryIds('/efirnye-masla');
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/filter/products',
      payload: { id: ids[0] },
    });
    const options = response.json();
    const plain = await rows<{ icon: string; count: number }>(sql`
      select icon, count(*)::int as count from products, unnest(icons) as icon
      where visible and category_id = any(${`{${ids.join(',')}}`}::int[]) group by icon`);
    const [stock] = await rows<{ total: number; in_stock: number }>(sql`
      select count(*)::int as total, count(*) filter (where stock > 0)::int as in_stock from products
      where visible and category_id = any(${`{${ids.join(',')}}`}::int[])`);
    expect(options.anywhere.map((option: { count: number }) => option.count)).toEqual([
      stock!.in_stock,
      stock!.total,
    ]);
    const newCount = options.icons.find((icon: { id: string }) => icon.id === 'new').count;
    expect(newCount).toBe(plain.find((row) => row.icon === 'new')?.count ?? 0);
  });

  it('shows the related products the plain DISTINCT ON query gives, in its order', async () => {
    const sampled = await rows<{ id: number; url: string; category_id: number; family_key: string }>(sql`
      select id, url, category_id, family_key from products where visible order by (id * 7919) % 997 limit 12`);
    for (const product of sampled) {
      const answer = await route({ url: product.url });
      const plain = await rows<{ id: number; family_key: string; popularity: number }>(sql`
        select distinct on (family_key, popularity) id, family_key, popularity from products
        where category_id = ${product.category_id} and family_key <> ${product.family_key} and visible and stock > 0
        order by popularity desc, family_key, volume_ml limit 8`);
      expect(answer.recoGoods.map((card: { id: number }) => card.id)).toEqual(plain.map((row) => row.id));
    }
  });

  it('keeps counts and listings exact through stock, price, badge, category and visibility changes', async () => {
    const db = shop.database.db;
    await db.execute(sql`update products set stock = 0 where id % 11 = 0`);
    await db.execute(sql`update products set stock = 5 where id % 13 = 0 and stock = 0`);
    await db.execute(sql`update products set cena_st = cena + 100 where id % 17 = 0`);
    await db.execute(sql`update products set icons = array['hit']::text[] where id % 19 = 0`);
    await db.execute(sql`update products set visible = not visible where id % 23 = 0`);
    await db.execute(sql`update products set category_id = (select id from categories where url = '/smesi')
      where id % 29 = 0`);
    await db.execute(sql`delete from products where id % 31 = 0 and id > 1000`);
    await expectCountersAsPlainCounts();
    await expectListingsAsPlainQueries();
  });

  it('splits the sitemap into parts that hold every visible product exactly once', async () => {
    const db = shop.database.db;
    const sitemaps = createSitemaps({
      db,
      content: createContentService(db),
      origin: 'https://efir.test',
      keep: false,
      partSize: 500,
    });
    const index = (await sitemaps.get('/sitemap.xml'))!.xml.toString();
    const parts = [...index.matchAll(/<loc>https:\/\/efir\.test([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(parts.filter((part) => part.startsWith('/sitemap-products-')).length).toBeGreaterThanOrEqual(4);
    const seen: string[] = [];
    for (const part of parts) {
      const xml = (await sitemaps.get(part))!.xml.toString();
      const urls = [...xml.matchAll(/<loc>https:\/\/efir\.test([^<]+)<\/loc>/g)].map((match) => match[1]!);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(500);
      seen.push(...urls);
    }
    const visible = await rows<{ url: string }>(sql`select url from products where visible order by id`);
    const hidden = await rows<{ url: string }>(sql`select url from products where not visible`);
    const productUrls = seen.filter((url) => url.endsWith('.html') && !url.startsWith('/articles/'));
    for (const { url } of visible) expect(seen.filter((item) => item === url)).toHaveLength(1);
    for (const { url } of hidden) expect(seen).not.toContain(url);
    expect(productUrls.length).toBeGreaterThanOrEqual(visible.length);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
