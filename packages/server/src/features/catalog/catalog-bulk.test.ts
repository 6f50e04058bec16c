// The bulk change through HTTP as a moderator (issue 39.1): −10 % on a category is previewed exactly as applied, the
// product page, the YML feed, the search and the sitemap agree at once (the answer cache is on), one audit entry
// holds every change, and the undo puts back what nobody touched since.
import type { BulkAction } from '@efir/domain/catalog-bulk-schemas';
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PREFIX } from '../../back-office/admin.routes.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { products } from './catalog.table.ts';
import { applyAction, roundPrice } from './catalog-bulk.service.ts';

let shop: TestApp;
let moderator: TestAgent;

beforeAll(async () => {
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

async function pagePrice(url: string): Promise<number> {
  const response = await shop.app.inject({ method: 'POST', url: '/api/v1/route', payload: { url } });
  return response.json().page.com_data.cena;
}

async function feedPrice(id: number): Promise<number | null> {
  const feed = (await shop.app.inject({ method: 'GET', url: '/yml.xml' })).body;
  const offer = feed.match(new RegExp(`<offer id="${id}"[\\s\\S]*?</offer>`));
  const price = offer?.[0].match(/<price>(\d+)<\/price>/);
  return price ? Number(price[1]) : null;
}

async function searchPrice(name: string, id: number): Promise<number | undefined> {
  const response = await shop.app.inject({ method: 'POST', url: '/api/v1/search', payload: { q: name } });
  return response.json().results.products.find((item: { id: number; cena: number }) => item.id === id)?.cena;
}

async function aVisibleProduct() {
  const [row] = await shop.database.db
    .select()
    .from(products)
    .where(
      and(eq(products.visible, true), gt(products.stock, 0), gt(products.cena, 300), eq(products.cenaSt, 0)),
    )
    .orderBy(asc(products.id))
    .limit(1);
  return row!;
}

describe('rounding and the change itself', () => {
  it('rounds to 10 ₽ and to …90 ₽, and drops an old price that would not be above the new one', () => {
    expect([
      roundPrice(1234, '10'),
      roundPrice(1234, '90'),
      roundPrice(1250, '90'),
      roundPrice(44, '90'),
    ]).toEqual([1230, 1190, 1290, 90]);
    const before = { cena: 1000, cena_st: 1050, stock: 3, icons: [], visible: true };
    const base: Pick<BulkAction, 'old_price' | 'icons_add' | 'icons_remove'> = {
      old_price: 'keep',
      icons_add: [],
      icons_remove: [],
    };
    expect(
      applyAction(before, { ...base, price: { mode: 'percent', value: 10, rounding: 'none' } }),
    ).toMatchObject({
      cena: 1100,
      cena_st: 0,
    });
    expect(
      applyAction(before, {
        ...base,
        old_price: 'previous',
        price: { mode: 'rub', value: -100, rounding: '90' },
      }),
    ).toMatchObject({ cena: 890, cena_st: 1000 });
  });
});

describe('a bulk price change on a category', () => {
  it('previews, applies at once everywhere, audits once and undoes', async () => {
    const product = await aVisibleProduct();
    const categoryProducts = await shop.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.categoryId, product.categoryId));
    // Warm the caches: the page, the feed and the search are kept (the answer cache is on).
    expect(await pagePrice(product.url)).toBe(product.cena);
    expect(await feedPrice(product.id)).toBe(product.visible ? product.cena : null);
    expect(await searchPrice(product.name, product.id)).toBe(product.cena);

    const request = {
      selection: { filter: { category: product.categoryId } },
      action: { price: { mode: 'percent', value: -10, rounding: 'none' } },
    };
    const preview = await admin('POST', '/catalog/bulk/preview', request);
    expect(preview.status).toBe(200);
    const expected = Math.round(product.cena * 0.9);
    expect(preview.body.matched).toBeGreaterThanOrEqual(categoryProducts.length);
    const row = preview.body.rows.find((item: { id: number }) => item.id === product.id);
    expect(row).toMatchObject({ before: { cena: product.cena }, after: { cena: expected } });
    // A preview writes nothing.
    expect(await pagePrice(product.url)).toBe(product.cena);

    const applied = await admin('POST', '/catalog/bulk', request);
    expect(applied.status).toBe(200);
    expect(applied.body.changed).toBe(preview.body.changed);
    expect([
      await pagePrice(product.url),
      await feedPrice(product.id),
      await searchPrice(product.name, product.id),
    ]).toEqual([expected, expected, expected]);

    const audit = (await admin('GET', `/audit?entity=catalog_bulk&entity_id=${applied.body.change.id}`)).body
      .entries;
    expect(audit).toHaveLength(1);
    expect(audit[0].action).toBe('catalog.bulk');
    expect(Object.keys(audit[0].before)).toHaveLength(applied.body.changed);
    expect(audit[0].after[product.id]).toMatchObject({ cena: expected });

    expect((await admin('GET', '/catalog/bulk/last')).body.change).toMatchObject({
      id: applied.body.change.id,
      summary: 'Цена −10\u00a0%',
    });
    // An order or a moderator changes one product meanwhile: the undo leaves that one as it is.
    const other = preview.body.rows.find((item: { id: number }) => item.id !== product.id);
    if (other)
      expect((await admin('PUT', `/products/${other.id}`, { stock: other.after.stock + 7 })).status).toBe(
        200,
      );
    const undone = await admin('POST', '/catalog/bulk/undo');
    expect(undone.status).toBe(200);
    expect(undone.body.skipped).toBe(other ? 1 : 0);
    expect(undone.body.changed).toBe(applied.body.changed - undone.body.skipped);
    expect([await pagePrice(product.url), await feedPrice(product.id)]).toEqual([product.cena, product.cena]);
    // Once.
    const again = await admin('POST', '/catalog/bulk/undo');
    expect(again.status).toBe(422);
    expect((await admin('GET', '/catalog/bulk/last')).body.change).toBeNull();
  });
});

describe('other changes and refusals', () => {
  it('hides ticked products (gone from the sitemap at once), sets stock and badges, and refuses a price below 1 ₽', async () => {
    const product = await aVisibleProduct();
    const inSitemap = async () =>
      (await shop.app.inject({ method: 'GET', url: '/sitemap-products-1.xml' })).body.includes(product.url);
    expect(await inSitemap()).toBe(true);
    const hidden = await admin('POST', '/catalog/bulk', {
      selection: { ids: [product.id] },
      action: { visible: false, stock: 12, icons_add: ['new'] },
    });
    expect(hidden.status).toBe(200);
    expect(await inSitemap()).toBe(false);
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ visible: false, stock: 12 });
    expect(row!.icons).toContain('new');
    await admin('POST', '/catalog/bulk/undo');
    expect(await inSitemap()).toBe(true);

    const tooCheap = await admin('POST', '/catalog/bulk/preview', {
      selection: { ids: [product.id] },
      action: { price: { mode: 'rub', value: -product.cena } },
    });
    expect(tooCheap.status).toBe(422);
    expect(tooCheap.body.errors['action.price'][0]).toMatch(/меньше 1 ₽/);
    const nothing = await admin('POST', '/catalog/bulk/preview', {
      selection: { ids: [product.id] },
      action: {},
    });
    expect(nothing.status).toBe(422);
    expect(nothing.body.errors.action).toEqual(['Выберите, что изменить']);
  });

  it('is for moderators only', async () => {
    const guest = createTestAgent(shop.app);
    const response = await guest.request({
      method: 'POST',
      url: `${ADMIN_PREFIX}/catalog/bulk/undo`,
    });
    expect([401, 403]).toContain(response.statusCode);
  });
});
