// POST /api/v1/route for every page type, with pagination, filters and sorts; critical data; filter options;
// sitemap and robots; bad input.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(() => testApp.close());

async function route(body: Record<string, unknown>) {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/v1/route', payload: body });
  return { status: response.statusCode, body: response.json() };
}

describe('POST /api/v1/route', () => {
  it('resolves the home page with best sellers, special offers and the latest publications', async () => {
    const { status, body } = await route({ url: '/' });
    expect(status).toBe(200);
    expect(body.page.type).toBe('homepage');
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.recoGoods.every((product: { cena_st: number }) => product.cena_st > 0)).toBe(true);
    expect(body.articles.length).toBeGreaterThan(0);
    expect(body.recepts.length).toBeGreaterThan(0);
  });

  it('resolves the catalogue with every category', async () => {
    const { body } = await route({ url: '/catalog.html' });
    expect(body.page.type).toBe('catalog');
    expect(
      body.categories.filter((entry: { id_kat: number }) => entry.id_kat === 0).length,
    ).toBeGreaterThanOrEqual(8);
  });

  it('shows a top category with the products of its sub-categories, paginated', async () => {
    const first = await route({ url: '/efirnye-masla' });
    expect(first.body.page.type).toBe('category');
    expect(first.body.page.breadcrumbs).toEqual([
      { name: 'Каталог', url: '/catalog.html' },
      { name: 'Эфирные масла', url: '/efirnye-masla' },
    ]);
    expect(first.body.categories.map((entry: { name: string }) => entry.name)).toContain('Цитрусовые');
    const { total, pages, per_page: perPage } = first.body.pagination;
    expect(total).toBeGreaterThan(perPage);
    expect(first.body.products).toHaveLength(perPage);
    const second = await route({ url: '/efirnye-masla', page: 2 });
    const firstIds = new Set(first.body.products.map((product: { id: number }) => product.id));
    expect(second.body.products.some((product: { id: number }) => firstIds.has(product.id))).toBe(false);
    const last = await route({ url: '/efirnye-masla', page: pages });
    expect(last.status).toBe(200);
    expect(last.body.products.length).toBeGreaterThan(0);
    // A page past the last one is no page: 404, not an empty listing answering 200 (a soft 404).
    const beyond = await route({ url: '/efirnye-masla', page: pages + 1 });
    expect(beyond.status).toBe(404);
  });

  it('sorts by price both ways', async () => {
    const up = (await route({ url: '/efirnye-masla', sort: 1 })).body.products.map(
      (p: { cena: number }) => p.cena,
    );
    const down = (await route({ url: '/efirnye-masla', sort: 2 })).body.products.map(
      (p: { cena: number }) => p.cena,
    );
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(up[0]).toBeLessThan(down[0]);
  });

  it('filters by availability and badges and reports what it applied', async () => {
    const all = await route({ url: '/efirnye-masla' });
    const inStock = await route({ url: '/efirnye-masla', filter: { anywhere: 1 } });
    expect(inStock.body.products.every((product: { stock: number }) => product.stock > 0)).toBe(true);
    expect(inStock.body.pagination.total).toBeLessThan(all.body.pagination.total);
    expect(inStock.body.applied).toEqual({ sort: 0, filter: { icons: [], anywhere: 1 } });
    const organic = await route({ url: '/efirnye-masla', filter: { icons: ['organic'] } });
    expect(organic.body.products.length).toBeGreaterThan(0);
    expect(
      organic.body.products.every((product: { icons: string[] }) => product.icons.includes('organic')),
    ).toBe(true);
    const sale = await route({ url: '/', filter: {} });
    expect(sale.status).toBe(200);
    // «sale» means the badge or a special price.
    const onSale = await route({ url: '/efirnye-masla', filter: { icons: ['sale'] } });
    expect(onSale.body.products.length).toBeGreaterThan(0);
    expect(
      onSale.body.products.every(
        (product: { icons: string[]; cena_st: number }) =>
          product.icons.includes('sale') || product.cena_st > 0,
      ),
    ).toBe(true);
  });

  it.each([
    ['/gidrolaty', { icons: ['organic'] }],
    ['/efirnye-masla', { anywhere: 1 }],
    ['/articles-new.html', { date: 3 }],
    ['/razdel/osnovy-aromaterapii', { date: 3 }],
  ])('says how many %s holds without its filter, and nothing of it when unfiltered', async (url, filter) => {
    const all = await route({ url });
    expect(all.body.pagination.unfiltered_total).toBeUndefined();
    const narrowed = await route({ url, filter, page: 1 });
    expect(narrowed.body.pagination.total).toBeLessThan(all.body.pagination.total);
    expect(narrowed.body.pagination.unfiltered_total).toBe(all.body.pagination.total);
  });

  it.each([
    ['/efirnye-masla', { anywhere: 1 }],
    ['/akcii', {}],
    ['/articles-new.html', {}],
    ['/recept.html', {}],
    ['/razdel/bezopasnost', {}],
  ])('answers 404 past the last page of %s, an empty first page staying the listing', async (url, filter) => {
    const first = await route({ url, filter });
    expect(first.status).toBe(200);
    const { pages } = first.body.pagination;
    expect((await route({ url, filter, page: Math.max(pages, 1) })).status).toBe(200);
    expect((await route({ url, filter, page: pages + 1 })).status).toBe(404);
    expect((await route({ url, filter, page: 999 })).status).toBe(404);
  });

  it('lists special prices at /akcii', async () => {
    const { body } = await route({ url: '/akcii' });
    expect(body.page.type).toBe('category');
    expect(body.products.length).toBeGreaterThan(0);
    expect(
      body.products.every((product: { cena_st: number; cena: number }) => product.cena_st > product.cena),
    ).toBe(true);
  });

  it('shows a product with its volumes, facts and related products in stock', async () => {
    const { body } = await route({ url: '/lavanda-uzkolistnaya-10-ml.html' });
    expect(body.page.type).toBe('product');
    const product = body.page.com_data;
    expect(product.name).toBe('Лаванда узколистная');
    expect(product.latin_name).toBe('Lavandula angustifolia');
    expect(product.volumes.map((volume: { volume: string }) => volume.volume)).toEqual(['10 мл', '30 мл']);
    expect(product.description).toMatch(/<p>/);
    expect(product.images[0].filename).toBe('products/lavanda-uzkolistnaya-10-ml.jpg');
    expect(body.page.breadcrumbs.at(-1)).toEqual({ name: 'Цветочные', url: '/efirnye-masla/cvetochnye' });
    expect(body.recoGoods.length).toBeGreaterThan(0);
    for (const related of body.recoGoods) {
      expect(related.stock).toBeGreaterThan(0);
      expect(related.name).not.toBe('Лаванда узколистная');
    }
  });

  it('shows a recipe with its ingredients linked to products', async () => {
    const listing = await route({ url: '/recept.html' });
    const first = listing.body.recepts[0];
    const { body } = await route({ url: first.url });
    expect(body.page.type).toBe('recept');
    expect(body.page.com_data.title).toBe(first.title);
    expect(body.page.com_data.author.name).toBeTruthy();
    expect(body.components.length).toBeGreaterThan(0);
    expect(body.components.some((component: { product: unknown }) => component.product !== null)).toBe(true);
  });

  it('shows an article with author, section and tags', async () => {
    const listing = await route({ url: '/articles-new.html' });
    const { body } = await route({ url: listing.body.articles[0].url });
    expect(body.page.type).toBe('article');
    expect(body.page.com_data.razdel.url).toMatch(/^\/razdel\//);
    expect(body.page.com_data.tags.length).toBeGreaterThan(0);
    expect(body.page.breadcrumbs[0]).toEqual({ name: 'Статьи', url: '/articles-new.html' });
  });

  it('filters and sorts the article listing by date, author and tag', async () => {
    const all = await route({ url: '/articles-new.html', filter: {} });
    expect(all.body.page.type).toBe('razdel');
    const total = all.body.pagination.total;
    const week = await route({ url: '/articles-new.html', filter: { date: 1 } });
    const weekAgo = Date.now() - 7 * 86_400_000;
    expect(week.body.pagination.total).toBeGreaterThan(0);
    expect(week.body.pagination.total).toBeLessThan(total);
    for (const article of week.body.articles)
      expect(Date.parse(article.published_at)).toBeGreaterThan(weekAgo);
    const authorId = all.body.articles[0].author.id;
    const byAuthor = await route({ url: '/articles-new.html', filter: { authors: [authorId] } });
    expect(
      byAuthor.body.articles.every((article: { author: { id: number } }) => article.author.id === authorId),
    ).toBe(true);
    const oldest = await route({ url: '/articles-new.html', sort: 2 });
    const dates = oldest.body.articles.map((article: { published_at: string }) => article.published_at);
    expect(dates).toEqual([...dates].sort());
    const filters = (await testApp.app.inject({ method: 'GET', url: '/api/v1/filter/articles' })).json();
    const tag = filters.tags[0];
    const byTag = await route({ url: '/articles-new.html', filter: { tags: [tag.id] } });
    expect(byTag.body.pagination.total).toBe(tag.count);
  });

  it('shows a section with its articles and recipes', async () => {
    const critical = (await testApp.app.inject({ method: 'GET', url: '/api/v1/critical' })).json();
    const withBoth = [];
    for (const razdel of critical.razdels) {
      const { body } = await route({ url: razdel.url });
      expect(body.page.type).toBe('razdel');
      if (body.articles.length > 0 && body.recepts.length > 0) withBoth.push(razdel.url);
    }
    expect(critical.razdels.length).toBeGreaterThanOrEqual(4);
    expect(withBoth.length).toBeGreaterThan(0);
  });

  it('answers unknown addresses with 404', async () => {
    for (const url of [
      '/no-such-page',
      "/efirnye-masla' or 1=1 --",
      '/%E0%A4%A',
      '/lavanda.html/../../etc/passwd',
    ]) {
      expect((await route({ url })).status, url).toBe(404);
    }
  });

  it('rejects bad page numbers, sorts, filters and huge urls with 422', async () => {
    for (const body of [
      { url: '/efirnye-masla', page: -1 },
      { url: '/efirnye-masla', page: 1e9 },
      { url: '/efirnye-masla', page: 'two' },
      { url: '/efirnye-masla', sort: 9 },
      { url: '/efirnye-masla', filter: { icons: ['magic'] } },
      { url: '/efirnye-masla', filter: { anywhere: 3 } },
      { url: '/efirnye-masla', filter: { colour: 'red' } },
      { url: '/articles-new.html', filter: { date: 0 } },
      { url: 'x'.repeat(10_000) },
      { url: '/', extra: true },
    ]) {
      const response = await route(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(response.body.message).toBe('The given data was invalid.');
    }
  });
});

describe('GET /api/v1/critical', () => {
  it('carries the catalogue, slides, authors, sections, tags and best sellers', async () => {
    const critical = (await testApp.app.inject({ method: 'GET', url: '/api/v1/critical' })).json();
    expect(critical.catalogs.length).toBeGreaterThanOrEqual(8);
    expect(critical.catalogs.map((entry: { pos: number }) => entry.pos)).toEqual(
      [...critical.catalogs.map((entry: { pos: number }) => entry.pos)].sort((a, b) => a - b),
    );
    const essential = critical.catalogs.find((entry: { url: string }) => entry.url === '/efirnye-masla');
    const children = critical.subCatalog[essential.id].map((entry: { name: string }) => entry.name);
    expect(children).toEqual([...children].sort((a, b) => a.localeCompare(b, 'ru')));
    expect(new Set(critical.slider.map((slide: { show: string }) => slide.show))).toEqual(
      new Set(['all', 'reg', 'guest']),
    );
    expect(critical.authors.length).toBeGreaterThanOrEqual(3);
    expect(critical.razdels.length).toBeGreaterThanOrEqual(4);
    expect(critical.tags.length).toBeGreaterThan(0);
    expect(critical.collection.length).toBeGreaterThan(0);
    expect(critical.sidebar.length).toBeGreaterThan(0);
  });
});

describe('filter options', () => {
  it('counts products per badge and availability in a category', async () => {
    const critical = (await testApp.app.inject({ method: 'GET', url: '/api/v1/critical' })).json();
    const essential = critical.catalogs.find((entry: { url: string }) => entry.url === '/efirnye-masla');
    const options = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/filter/products',
        payload: { id: essential.id },
      })
    ).json();
    const listed = await route({ url: '/efirnye-masla', filter: { anywhere: 1 } });
    expect(options.anywhere.find((item: { id: number }) => item.id === 1).count).toBe(
      listed.body.pagination.total,
    );
    const organic = options.icons.find((item: { id: string }) => item.id === 'organic');
    const organicListing = await route({ url: '/efirnye-masla', filter: { icons: ['organic'] } });
    expect(organic.count).toBe(organicListing.body.pagination.total);
    expect(options.sorts[0]).toEqual({ id: 0, name: 'По умолчанию' });
  });

  it('counts only special prices for the /akcii listing (id 0)', async () => {
    const options = (
      await testApp.app.inject({ method: 'POST', url: '/api/v1/filter/products', payload: { id: 0 } })
    ).json();
    const listing = await route({ url: '/akcii' });
    expect(options.anywhere.find((item: { id: number }) => item.id === 2).count).toBe(
      listing.body.pagination.total,
    );
  });

  it('answers an unknown category with 404 and a bad id with 422', async () => {
    const unknown = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/filter/products',
      payload: { id: 99_999 },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/filter/products',
      payload: { id: 'x' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('lists recipe filter options with date periods, default 4', async () => {
    const options = (await testApp.app.inject({ method: 'GET', url: '/api/v1/filter/recepts' })).json();
    expect(options.date.map((item: { id: number }) => item.id)).toEqual([1, 2, 3, 4]);
    expect(options.defaults.date).toBe(4);
    const total = options.date.find((item: { id: number }) => item.id === 4).count;
    expect(options.authors.reduce((sum: number, item: { count: number }) => sum + item.count, 0)).toBe(total);
  });
});

/** Every address of the sitemap: the index, then each part file it lists (each checked as a urlset). */
async function readSitemap() {
  const index = await testApp.app.inject({ method: 'GET', url: '/sitemap.xml' });
  expect(index.statusCode).toBe(200);
  expect(index.headers['content-type']).toContain('application/xml');
  expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const parts = [...index.body.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
  const locs: string[] = [];
  for (const part of parts) {
    const response = await testApp.app.inject({ method: 'GET', url: part });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const partLocs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1]!).pathname,
    );
    expect(partLocs.length).toBeGreaterThan(0);
    expect(partLocs.length).toBeLessThanOrEqual(50_000);
    locs.push(...partLocs);
  }
  return { parts, locs };
}

describe('sitemap and robots', () => {
  it('lists every product, category, section, article, recipe, course and static page', async () => {
    const { parts, locs } = await readSitemap();
    expect(parts).toEqual(['/sitemap-pages-1.xml', '/sitemap-products-1.xml']);
    for (const url of [
      '/',
      '/lavanda-uzkolistnaya-30-ml.html',
      '/efirnye-masla/citrusovye',
      '/kontakt.html',
      '/publicnaia-oferta',
      '/recept.html',
      '/seminar_po_aromatherapy.html',
      '/seminar_po_aromatherapy/aromaterapiya-s-nulya.html',
      '/reviews.html',
    ]) {
      expect(locs).toContain(url);
    }
    // /reviews redirects to /reviews.html: the sitemap names only the address that answers.
    expect(locs).not.toContain('/reviews');
    expect(locs.some((url) => url.startsWith('/razdel/'))).toBe(true);
    expect(locs.some((url) => url.startsWith('/articles/'))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
    const { rows } = (await testApp.database.db.execute(
      sql`select url from products where visible order by id`,
    )) as unknown as { rows: Array<{ url: string }> };
    expect(locs.filter((url) => rows.some((row) => row.url === url))).toEqual(rows.map((row) => row.url));
  });

  it('sends a part compressed to a crawler that accepts it, the same XML once unpacked', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: '/sitemap-products-1.xml' });
    for (const [encoding, unpack] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/sitemap-products-1.xml',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(unpack(response.rawPayload).toString()).toBe(plain.body);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    }
  });

  it('answers 404 for a part file that does not exist', async () => {
    for (const url of ['/sitemap-products-2.xml', '/sitemap-pages-2.xml', '/sitemap-products-0.xml']) {
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('points robots.txt at the sitemap and keeps private areas out', async () => {
    const body = (await testApp.app.inject({ method: 'GET', url: '/robots.txt' })).body;
    expect(body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(body).toContain('Disallow: /my-');
    expect(body).toContain('Disallow: /admin');
  });

  it('tells Yandex which query parameters do not change a page, its group keeping the same rules', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const groups = response.body.split('\n\n');
    const shared = groups.find((group) => group.startsWith('User-agent: *\n'));
    const yandex = groups.find((group) => group.startsWith('User-agent: Yandex\n'));
    expect(yandex?.split('\n')).toContain(
      'Clean-param: utm_source&utm_medium&utm_campaign&utm_content&utm_term&yclid&gclid&from',
    );
    // Yandex ignores the `*` group when it has its own: every Disallow is repeated there.
    const disallows = (group = '') => group.split('\n').filter((line) => line.startsWith('Disallow:'));
    expect(disallows(shared).length).toBeGreaterThan(5);
    expect(disallows(yandex)).toEqual(disallows(shared));
    expect(response.body).toMatch(/\nSitemap: http:\/\/localhost:3000\/sitemap\.xml\n$/);
  });
});
