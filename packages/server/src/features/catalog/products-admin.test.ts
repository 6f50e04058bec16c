// The back office's «Товары» through HTTP as a moderator: search, edit prices (seen at once by the shop, even with the
// answer cache on), visibility across every public read, refused fields, creation, pictures, the waitlist letters
// when stock comes back, and the audit trail.
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, gt, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PREFIX } from '../../back-office/admin.routes.ts';
import { createTestConfig } from '../../config.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { outbox } from '../mail/mail.table.ts';
import { categories, products } from './catalog.table.ts';

let shop: TestApp;
let moderator: TestAgent;
const imagesDir = createTestConfig().imagesDir;

beforeAll(async () => {
  // The answer cache is on here (tests elsewhere switch it off): a change must still show at once.
  shop = await createTestApp({ env: { ...MODERATOR_ENV, PAGE_CACHE_TTL_MS: '60000' } });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
});
afterAll(() => shop.close());

async function admin(method: string, url: string, payload?: unknown) {
  const response = await moderator.request({
    method,
    url: `${ADMIN_PREFIX}${url}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

async function publicPage(url: string) {
  const response = await shop.app.inject({ method: 'POST', url: '/api/v1/route', payload: { url } });
  return { status: response.statusCode, body: response.json() };
}

/** A visible seeded product in stock whose url starts with the prefix. */
async function seededProduct(urlPrefix: string) {
  const [row] = await shop.database.db
    .select()
    .from(products)
    .where(and(like(products.url, `${urlPrefix}%`), eq(products.visible, true), gt(products.stock, 0)))
    .orderBy(asc(products.id))
    .limit(1);
  if (!row) throw new Error(`no seeded product ${urlPrefix}`);
  return row;
}

async function auditOf(productId: number) {
  return (await admin('GET', `/audit?entity=product&entity_id=${productId}`)).body.entries as Array<{
    action: string;
    user_id: number;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>;
}

function multipart(content: Buffer, filename: string, contentType: string) {
  const boundary = `----efir${randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('product list', () => {
  it('finds products by name, Latin name, id and address, and filters by stock', async () => {
    const lavender = await seededProduct('/lavanda-uzkolistnaya');
    const byName = await admin('GET', `/products?q=${encodeURIComponent('лаванда')}`);
    expect(byName.status).toBe(200);
    expect(byName.body.products.length).toBeGreaterThan(0);
    expect(
      byName.body.products.every((row: { name: string }) => row.name.toLowerCase().includes('лаванд')),
    ).toBe(true);
    const byLatin = await admin('GET', `/products?q=${encodeURIComponent(lavender.latinName)}`);
    expect(byLatin.body.products.map((row: { id: number }) => row.id)).toContain(lavender.id);
    const byId = await admin('GET', `/products?q=${lavender.id}`);
    expect(byId.body.products.map((row: { id: number }) => row.id)).toContain(lavender.id);
    const byUrl = await admin('GET', `/products?q=${encodeURIComponent(lavender.url)}`);
    expect(byUrl.body.products).toEqual([
      expect.objectContaining({ id: lavender.id, cena: lavender.cena, stock: lavender.stock, visible: true }),
    ]);

    await shop.database.db.update(products).set({ stock: 0 }).where(eq(products.id, lavender.id));
    const soldOut = await admin('GET', '/products?stock=out');
    expect(soldOut.body.products.length).toBeGreaterThan(0);
    expect(soldOut.body.products.every((row: { stock: number }) => row.stock === 0)).toBe(true);
    expect(soldOut.body.products.map((row: { id: number }) => row.id)).toContain(lavender.id);
    await shop.database.db
      .update(products)
      .set({ stock: lavender.stock })
      .where(eq(products.id, lavender.id));

    expect((await admin('GET', '/products?stock=gone')).status).toBe(422);
    expect((await admin('GET', '/products?page=0')).status).toBe(422);
  });

  it('gives every editable field of one product, and 404 for an unknown id', async () => {
    const lavender = await seededProduct('/lavanda-uzkolistnaya');
    const { status, body } = await admin('GET', `/products/${lavender.id}`);
    expect(status).toBe(200);
    expect(body.product).toMatchObject({
      id: lavender.id,
      name: lavender.name,
      url: lavender.url,
      cena: lavender.cena,
      cena_st: lavender.cenaSt,
      category_id: lavender.categoryId,
      visible: true,
      description: lavender.description,
    });
    expect((await admin('GET', '/products/999999')).status).toBe(404);
  });

  it('offers the category tree and badges for the forms', async () => {
    const { body } = await admin('GET', '/products/options');
    expect(body.categories.length).toBeGreaterThan(3);
    expect(body.categories[0]).toMatchObject({ depth: 0 });
    const icons = body.icons.map((icon: { id: string }) => icon.id);
    expect(icons).toContain('hit');
    // «Скидка» is the price itself (a regular price above the price), not a badge to set by hand.
    expect(icons).not.toContain('sale');
  });
});

describe('editing a product', () => {
  it('shows a new price and special price on the public product page at once, and audits only what changed', async () => {
    const product = await seededProduct('/lavanda-uzkolistnaya');
    // The shop has answered (and cached) the page before the change.
    expect((await publicPage(product.url)).body.page.com_data.cena).toBe(product.cena);

    const saved = await admin('PUT', `/products/${product.id}`, {
      cena: 777,
      cena_st: 990,
      name: product.name,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.product).toMatchObject({ cena: 777, cena_st: 990 });
    const page = await publicPage(product.url);
    expect(page.body.page.com_data).toMatchObject({ cena: 777, cena_st: 990 });

    const [entry] = await auditOf(product.id);
    expect(entry).toEqual(
      expect.objectContaining({
        action: 'product.update',
        user_id: TEST_MODERATOR_ID,
        before: { cena: product.cena, cena_st: product.cenaSt },
        after: { cena: 777, cena_st: 990 },
      }),
    );
  });

  it('refuses a regular price not above the price, also when only one of them is sent', async () => {
    const product = await seededProduct('/mandarin');
    const both = await admin('PUT', `/products/${product.id}`, { cena: 500, cena_st: 400 });
    expect(both.status).toBe(422);
    expect(both.body.errors.cena_st[0]).toMatch(/больше/);
    const onlyRegular = await admin('PUT', `/products/${product.id}`, { cena_st: product.cena });
    expect(onlyRegular.status).toBe(422);
    expect(onlyRegular.body.errors).toHaveProperty('cena_st');
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ cena: product.cena, cenaSt: product.cenaSt });
    // cena_st 0 takes the special price away.
    expect((await admin('PUT', `/products/${product.id}`, { cena_st: 0 })).status).toBe(200);
  });

  it('keeps a third-party maker, its barcode and the special price’s last day for the product page', async () => {
    const product = await seededProduct('/limon');
    const wrong = await admin('PUT', `/products/${product.id}`, {
      gtin: '12345',
      special_price_until: '31.12.2026',
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['gtin', 'special_price_until']);

    const saved = await admin('PUT', `/products/${product.id}`, {
      brand: 'Botanika',
      gtin: '4601234567893',
      special_price_until: '2099-12-31',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.product).toMatchObject({ brand: 'Botanika', gtin: '4601234567893' });
    expect((await publicPage(product.url)).body.page.com_data).toMatchObject({
      brand: 'Botanika',
      gtin: '4601234567893',
      special_price_until: '2099-12-31',
    });
    // null gives the product back to the shop's own bottling.
    expect((await admin('PUT', `/products/${product.id}`, { brand: null })).status).toBe(200);
    expect((await publicPage(product.url)).body.page.com_data.brand).toBeNull();
  });

  it('refuses fields that are not editable (no mass assignment) and changes nothing', async () => {
    const product = await seededProduct('/mandarin');
    for (const payload of [
      { avg_rating: 5 },
      { id: 1 },
      { votes_count: 100, cena: 1 },
      { popularity: 1_000_000 },
      { images: [] },
    ]) {
      const { status, body } = await admin('PUT', `/products/${product.id}`, payload);
      expect(status, JSON.stringify(payload)).toBe(422);
      expect(body.message).toEqual(expect.any(String));
    }
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({
      avgRating: product.avgRating,
      cena: product.cena,
      popularity: product.popularity,
    });
    expect(await auditOf(product.id)).toEqual([]);
  });

  it('sanitises rich text and refuses an address another page has', async () => {
    const product = await seededProduct('/mandarin');
    const saved = await admin('PUT', `/products/${product.id}`, {
      description: '<p>Сладкий аромат<script>alert(1)</script><img src=x onerror=alert(1)></p>',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.product.description).not.toMatch(/script|onerror/);
    expect(saved.body.product.description).toContain('Сладкий аромат');
    const taken = await admin('PUT', `/products/${product.id}`, { url: '/lavanda-uzkolistnaya-10-ml.html' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toHaveProperty('url');
    const badUrl = await admin('PUT', `/products/${product.id}`, { url: 'javascript:alert(1)' });
    expect(badUrl.status).toBe(422);
  });

  it('hides a product from the product page, category listing, search and sitemap, and shows it again', async () => {
    const product = await seededProduct('/limon');
    const [category] = await shop.database.db
      .select()
      .from(categories)
      .where(eq(categories.id, product.categoryId));
    const listed = async () => {
      const ids: number[] = [];
      for (let page = 1; page <= 10; page++) {
        const listing = await shop.app.inject({
          method: 'POST',
          url: '/api/v1/route',
          payload: { url: category!.url, page },
        });
        const body = listing.json();
        ids.push(...body.products.map((card: { id: number }) => card.id));
        if (page >= body.pagination.pages) break;
      }
      return ids.includes(product.id);
    };
    const searched = async () => {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/v1/search',
        payload: { q: product.name },
      });
      return response.json().results.products.some((item: { id: number }) => item.id === product.id);
    };
    // The sitemap is kept (the answer cache is on here): the change must drop it.
    const inSitemap = async () =>
      (await shop.app.inject({ method: 'GET', url: '/sitemap-products-1.xml' })).body.includes(product.url);

    expect([
      (await publicPage(product.url)).status,
      await listed(),
      await searched(),
      await inSitemap(),
    ]).toEqual([200, true, true, true]);
    expect((await admin('PUT', `/products/${product.id}`, { visible: false })).status).toBe(200);
    expect([
      (await publicPage(product.url)).status,
      await listed(),
      await searched(),
      await inSitemap(),
    ]).toEqual([404, false, false, false]);
    // The back office still finds it.
    expect((await admin('GET', `/products?q=${product.id}`)).body.products[0]).toMatchObject({
      visible: false,
    });
    expect((await admin('PUT', `/products/${product.id}`, { visible: true })).status).toBe(200);
    expect((await publicPage(product.url)).status).toBe(200);
  });
});

describe('creating a product', () => {
  it('creates a product the shop shows, with defaults, and refuses a taken address', async () => {
    const product = await seededProduct('/lavanda-uzkolistnaya');
    const created = await admin('POST', '/products', {
      name: 'Лаванда горная',
      latin_name: 'Lavandula montana',
      url: '/lavanda-gornaya-5-ml.html',
      category_id: product.categoryId,
      volume: '5 мл',
      cena: 650,
      stock: 4,
      icons: ['new'],
      description: '<p>Новинка сезона</p>',
    });
    expect(created.status).toBe(201);
    expect(created.body.product).toMatchObject({
      name: 'Лаванда горная',
      cena: 650,
      cena_st: 0,
      stock: 4,
      visible: true,
      images: [],
      family_key: 'lavanda-gornaya-5-ml',
    });
    const page = await publicPage('/lavanda-gornaya-5-ml.html');
    expect(page.status).toBe(200);
    expect(page.body.page.com_data).toMatchObject({ name: 'Лаванда горная', cena: 650, volume: '5 мл' });
    const [entry] = await auditOf(created.body.product.id);
    expect(entry).toMatchObject({ action: 'product.create', before: null, after: { cena: 650, stock: 4 } });

    const again = await admin('POST', '/products', {
      name: 'Дубль',
      url: '/lavanda-gornaya-5-ml.html',
      category_id: product.categoryId,
      cena: 100,
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toHaveProperty('url');
    const incomplete = await admin('POST', '/products', {
      name: '',
      cena: 0,
      category_id: 999_999,
      url: '/x.html',
    });
    expect(incomplete.status).toBe(422);
    expect(Object.keys(incomplete.body.errors)).toEqual(expect.arrayContaining(['name', 'cena']));
    const unknownCategory = await admin('POST', '/products', {
      name: 'Что-то',
      url: '/chto-to.html',
      category_id: 999_999,
      cena: 100,
    });
    expect(unknownCategory.status).toBe(422);
    expect(unknownCategory.body.errors).toHaveProperty('category_id');
    const sneaky = await admin('POST', '/products', {
      name: 'Хитрый',
      url: '/hitryj.html',
      category_id: product.categoryId,
      cena: 100,
      avg_rating: 5,
    });
    expect(sneaky.status).toBe(422);
  });
});

describe('product pictures', () => {
  it('stores an uploaded PNG as WebP with a JPEG fallback, refuses a renamed non-image, deletes on request', async () => {
    const product = await seededProduct('/mandarin');
    const png = await sharp({
      create: { width: 900, height: 700, channels: 3, background: { r: 200, g: 140, b: 40 } },
    })
      .png()
      .toBuffer();
    const upload = await moderator.request({
      method: 'POST',
      url: `${ADMIN_PREFIX}/products/${product.id}/images`,
      ...multipart(png, 'mandarin.png', 'image/png'),
    });
    expect(upload.statusCode).toBe(200);
    const images = upload.json().product.images as Array<{
      basename: string;
      filename: string;
      widths?: number[];
    }>;
    expect(images).toHaveLength(product.images.length + 1);
    const added = images.at(-1)!;
    expect(added.filename).toBe(`${added.basename}.jpg`);
    const webp = await sharp(path.join(imagesDir, `${added.basename}.webp`)).metadata();
    expect(webp).toMatchObject({ format: 'webp', width: 900, height: 700 });
    // Smaller copies for cards and phones, listed so the pages offer them in srcset.
    expect(added.widths).toEqual([400, 800, 900]);
    const small = await sharp(path.join(imagesDir, `${added.basename}-400w.webp`)).metadata();
    expect(small).toMatchObject({ format: 'webp', width: 400, height: 311 });
    expect((await sharp(path.join(imagesDir, added.filename)).metadata()).format).toBe('jpeg');
    // The shop shows it.
    expect((await publicPage(product.url)).body.page.com_data.images).toContainEqual(added);

    const renamed = await moderator.request({
      method: 'POST',
      url: `${ADMIN_PREFIX}/products/${product.id}/images`,
      ...multipart(Buffer.from('<?php echo "не картинка"; ?>\n'.repeat(20)), 'photo.jpg', 'image/jpeg'),
    });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors.image[0]).toMatch(/JPEG, PNG или WebP/);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const gifUpload = await moderator.request({
      method: 'POST',
      url: `${ADMIN_PREFIX}/products/${product.id}/images`,
      ...multipart(gif, 'anim.webp', 'image/webp'),
    });
    expect(gifUpload.statusCode).toBe(422);

    const main = await admin('POST', `/products/${product.id}/images/${images.length - 1}/main`);
    expect(main.body.product.images[0]).toEqual(added);
    const removed = await admin('DELETE', `/products/${product.id}/images/0`);
    expect(removed.status).toBe(200);
    expect(removed.body.product.images).toEqual(product.images);
    await expect(stat(path.join(imagesDir, `${added.basename}.webp`))).rejects.toThrow();
    await expect(stat(path.join(imagesDir, `${added.basename}-400w.webp`))).rejects.toThrow();
    expect((await admin('DELETE', `/products/${product.id}/images/9`)).status).toBe(404);

    const actions = (await auditOf(product.id)).map((entry) => entry.action);
    expect(actions.filter((action) => action === 'product.image')).toHaveLength(3);
  });
});

describe('back in stock', () => {
  it('mails the waiting customer once when stock goes up from 0, not again on a further raise', async () => {
    const product = await seededProduct('/grejpfrut');
    expect((await admin('PUT', `/products/${product.id}`, { stock: 0 })).status).toBe(200);
    const customer = createTestAgent(shop.app);
    const { email } = await customer.register();
    const wait = await customer.request({ method: 'PUT', url: `/v1/user/waitlist/${product.id}` });
    expect(wait.statusCode).toBe(200);
    const letters = () => shop.database.db.select().from(outbox).where(eq(outbox.to, email));
    const backInStock = async () =>
      (await letters()).filter((letter) => letter.subject.includes('снова в наличии'));

    expect((await admin('PUT', `/products/${product.id}`, { stock: 3 })).status).toBe(200);
    const sent = await backInStock();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain(product.name);
    expect((await admin('PUT', `/products/${product.id}`, { stock: 8 })).status).toBe(200);
    expect(await backInStock()).toHaveLength(1);

    // Sold out again and waited for again: two moderators raising stock at the same moment send one letter.
    expect((await admin('PUT', `/products/${product.id}`, { stock: 0 })).status).toBe(200);
    expect(
      (await customer.request({ method: 'PUT', url: `/v1/user/waitlist/${product.id}` })).statusCode,
    ).toBe(200);
    const other = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
    const raises = await Promise.all([
      admin('PUT', `/products/${product.id}`, { stock: 5 }),
      other.request({
        method: 'PUT',
        url: `${ADMIN_PREFIX}/products/${product.id}`,
        payload: { stock: 6 },
      }),
    ]);
    expect(raises.map((raise) => ('status' in raise ? raise.status : raise.statusCode))).toEqual([200, 200]);
    expect(await backInStock()).toHaveLength(2);
  });
});
