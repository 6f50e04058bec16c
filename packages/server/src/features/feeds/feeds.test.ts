// The product feeds read back as a marketplace reads them: parsed as XML, every offer checked for the fields
// Yandex Market (YML) and Google Merchant Center require, against the database; awkward names survive escaping;
// a change of the catalogue is in the next download; unchanged feeds answer 304.
import { gunzipSync } from 'node:zlib';
import { SHOP_TABLE } from '@efir/domain/delivery-tariffs';
import type { Document, Element } from 'domhandler';
import { and, eq, gt } from 'drizzle-orm';
import { parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PREFIX } from '../../back-office/admin.routes.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import type { TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { categories, products } from '../catalog/catalog.table.ts';

let shop: TestApp;
let moderator: TestAgent;
const ORIGIN = 'https://efir.example';
/** A name with every character XML must escape, and a control character a pasted text may carry. */
const AWKWARD_NAME = 'Масло «Роза» & "Дамаск" <экстра> \'1\'';

beforeAll(async () => {
  // The feeds are kept as in production: a change must still be in the next download.
  shop = await createTestApp({
    env: { ...MODERATOR_ENV, PAGE_CACHE_TTL_MS: '60000', PUBLIC_URL: ORIGIN },
  });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  const [first] = await sellable();
  await shop.database.db
    .update(products)
    .set({
      name: `${AWKWARD_NAME}\u0001`,
      description: '<p>Тонкий &amp; <b>тёплый</b>\u0008 аромат</p><ul><li>&#171;роза&#187;</li></ul>',
    })
    .where(eq(products.id, first!.id));
  const saved = await moderator.request({
    method: 'PUT',
    url: `${ADMIN_PREFIX}/products/${first!.id}`,
    payload: { name: AWKWARD_NAME },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => shop.close());

function sellable() {
  return shop.database.db
    .select()
    .from(products)
    .where(and(eq(products.visible, true), gt(products.cena, 0)))
    .orderBy(products.id);
}

async function download(url: string, headers: Record<string, string> = {}) {
  const response = await shop.app.inject({ method: 'GET', url, headers });
  return response;
}

function parse(xml: string): Document {
  return parseDocument(xml, { xmlMode: true });
}

function children(element: Element | Document, name: string): Element[] {
  return element.children.filter((node): node is Element => node.type === 'tag' && node.name === name);
}

function child(element: Element | Document, name: string): Element {
  const [found] = children(element, name);
  if (!found) throw new Error(`<${name}> missing in <${'name' in element ? element.name : '#document'}>`);
  return found;
}

function text(element: Element): string {
  return element.children.map((node) => ('data' in node ? node.data : text(node as Element))).join('');
}

/** XML 1.0 forbids these anywhere in a document. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters looked for.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

describe('/yml.xml (Yandex Market)', () => {
  it('lists every sellable product with the fields YML requires, as the database has them', async () => {
    const response = await download('/yml.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).not.toMatch(FORBIDDEN);
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const document = parse(response.body);
    const catalog = child(document, 'yml_catalog');
    expect(catalog.attribs.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d\+03:00$/);
    const shopElement = child(catalog, 'shop');
    expect(text(child(shopElement, 'name'))).toBe('Эфир');
    expect(text(child(shopElement, 'company'))).toBe('ООО «Эфир»');
    expect(text(child(shopElement, 'url'))).toBe(`${ORIGIN}/`);
    expect(child(child(shopElement, 'currencies'), 'currency').attribs).toEqual({ id: 'RUR', rate: '1' });
    const categoryIds = new Set(
      children(child(shopElement, 'categories'), 'category').map((element) => {
        expect(text(element).length).toBeGreaterThan(0);
        return Number(element.attribs.id);
      }),
    );
    const allCategories = await shop.database.db.select({ id: categories.id }).from(categories);
    expect(categoryIds).toEqual(new Set(allCategories.map((row) => row.id)));
    // The courier in Moscow and pickup from the office, at the tariffs checkout uses.
    const courier = SHOP_TABLE.courierMoscow;
    expect(child(child(shopElement, 'delivery-options'), 'option').attribs).toEqual({
      cost: String(courier.price),
      days: `${courier.daysMin}-${courier.daysMax}`,
    });
    expect(child(child(shopElement, 'pickup-options'), 'option').attribs).toEqual({ cost: '0', days: '1' });

    const offers = children(child(shopElement, 'offers'), 'offer');
    const rows = await sellable();
    expect(rows.some((row) => row.brand && row.gtin)).toBe(true);
    expect(offers.map((offer) => Number(offer.attribs.id))).toEqual(rows.map((row) => row.id));
    for (const [index, offer] of offers.entries()) {
      const row = rows[index]!;
      const field = (name: string) => text(child(offer, name));
      expect(offer.attribs.available).toBe(row.stock > 0 ? 'true' : 'false');
      expect(field('name')).toBe(row.name.replace(FORBIDDEN, ''));
      // The maker of a third-party product (the demo's diffuser is AromaHome's), else the shop's own bottling.
      expect(field('vendor')).toBe(row.brand ?? 'Эфир');
      if (row.gtin) expect(field('barcode')).toBe(row.gtin);
      else expect(children(offer, 'barcode')).toEqual([]);
      expect(field('url')).toBe(ORIGIN + row.url);
      expect(field('price')).toBe(String(row.cena));
      if (row.cenaSt > row.cena) expect(field('oldprice')).toBe(String(row.cenaSt));
      else expect(children(offer, 'oldprice')).toEqual([]);
      expect(field('currencyId')).toBe('RUR');
      expect(categoryIds.has(Number(field('categoryId')))).toBe(true);
      expect(field('categoryId')).toBe(String(row.categoryId));
      expect(children(offer, 'picture').map(text)).toEqual(
        row.images.slice(0, 10).map((image) => `${ORIGIN}/images/${image.filename}`),
      );
      expect(field('delivery')).toBe('true');
      expect(field('pickup')).toBe('true');
      // Free courier in Moscow from the threshold, said on the offer itself.
      const own = children(offer, 'delivery-options');
      expect(own.length).toBe(row.cena >= 5000 ? 1 : 0);
      const description = field('description');
      expect(description.length).toBeGreaterThan(0);
      expect(description.length).toBeLessThanOrEqual(3000);
      expect(description).not.toMatch(/<|&\w+;/);
      if (row.volume) {
        const param = child(offer, 'param');
        expect(param.attribs.name).toBe('Объём');
        expect(`${text(param)} ${param.attribs.unit ?? ''}`.trim()).toBe(row.volume.replace(/\.$/, ''));
      }
      expect(field('count')).toBe(String(row.stock));
    }
    const awkward = offers.find((offer) => text(child(offer, 'name')) === AWKWARD_NAME);
    expect(awkward, 'the name with & < > and quotes reads back as typed').toBeDefined();
    // Tags gone, entities read, a control character dropped.
    expect(text(child(awkward!, 'description'))).toBe('Тонкий & тёплый аромат «роза»');
  });

  it('has a sold-out product as not available, and a special price with the old price', async () => {
    const offers = children(
      child(child(child(parse((await download('/yml.xml')).body), 'yml_catalog'), 'shop'), 'offers'),
      'offer',
    );
    expect(offers.some((offer) => offer.attribs.available === 'false')).toBe(true);
    expect(offers.some((offer) => children(offer, 'oldprice').length === 1)).toBe(true);
  });
});

describe('/google-merchant.xml (Google Merchant Center)', () => {
  it('lists every sellable product with the attributes Merchant Center requires', async () => {
    const response = await download('/google-merchant.xml');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(FORBIDDEN);
    const rss = child(parse(response.body), 'rss');
    expect(rss.attribs).toEqual({ version: '2.0', 'xmlns:g': 'http://base.google.com/ns/1.0' });
    const channel = child(rss, 'channel');
    expect(text(child(channel, 'link'))).toBe(`${ORIGIN}/`);
    const items = children(channel, 'item');
    const rows = await sellable();
    expect(items.map((item) => Number(text(child(item, 'g:id'))))).toEqual(rows.map((row) => row.id));
    const rub = (value: number) => `${value}.00 RUB`;
    for (const [index, item] of items.entries()) {
      const row = rows[index]!;
      const field = (name: string) => text(child(item, `g:${name}`));
      expect(field('title')).toBe(row.name.replace(FORBIDDEN, ''));
      expect(field('link')).toBe(ORIGIN + row.url);
      expect(field('description').length).toBeGreaterThan(0);
      const special = row.cenaSt > row.cena;
      expect(field('price')).toBe(rub(special ? row.cenaSt : row.cena));
      if (special) expect(field('sale_price')).toBe(rub(row.cena));
      expect(field('availability')).toBe(row.stock > 0 ? 'in_stock' : 'out_of_stock');
      expect(field('condition')).toBe('new');
      if (row.images[0]) expect(field('image_link')).toBe(`${ORIGIN}/images/${row.images[0].filename}`);
      else expect(children(item, 'g:image_link')).toEqual([]);
      expect(field('brand')).toBe(row.brand ?? 'Эфир');
      if (row.gtin) {
        expect(field('gtin')).toBe(row.gtin);
        expect(children(item, 'g:identifier_exists')).toEqual([]);
      } else {
        // No GTIN or MPN: said so, as Merchant Center asks.
        expect(children(item, 'g:gtin')).toEqual([]);
        expect(field('identifier_exists')).toBe('no');
      }
      const shipping = children(item, 'g:shipping');
      expect(shipping.length).toBeGreaterThan(0);
      for (const option of shipping) {
        expect(text(child(option, 'g:country'))).toBe('RU');
        expect(text(child(option, 'g:price'))).toMatch(/^\d+\.00 RUB$/);
      }
      // The Moscow courier: the tariff, free from 5 000 ₽ for this one unit.
      const moscow = shipping.find((option) => children(option, 'g:region').map(text)[0] === 'RU-MOW');
      expect(text(child(moscow!, 'g:price'))).toBe(
        rub(row.cena >= 5000 ? 0 : SHOP_TABLE.courierMoscow.price),
      );
    }
    expect(items.some((item) => text(child(item, 'g:title')) === AWKWARD_NAME)).toBe(true);
  });
});

describe('feeds as downloads', () => {
  it('sends the same XML gzip-compressed to a client that accepts it', async () => {
    for (const url of ['/yml.xml', '/google-merchant.xml']) {
      const plain = await download(url);
      const compressed = await download(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(compressed.headers['content-encoding']).toBe('gzip');
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      const unzipped = gunzipSync(compressed.rawPayload).toString();
      // The YML date is of the minute it was built; the rest is the same file.
      expect(unzipped.replace(/date="[^"]+"/, '')).toBe(plain.body.replace(/date="[^"]+"/, ''));
    }
  });

  it('answers 304 to a client holding the current feed, per encoding, and 200 after a change', async () => {
    for (const url of ['/yml.xml', '/google-merchant.xml']) {
      const first = await download(url, { 'accept-encoding': 'gzip' });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+-gzip"$/);
      const lastModified = String(first.headers['last-modified']);
      expect(Date.parse(lastModified)).not.toBeNaN();
      const again = await download(url, { 'accept-encoding': 'gzip', 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      const since = await download(url, { 'accept-encoding': 'gzip', 'if-modified-since': lastModified });
      expect(since.statusCode).toBe(304);
      // The plain file is another representation: the gzip tag does not match it.
      const plain = await download(url, { 'if-none-match': etag });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers.etag).toBe(etag.replace('-gzip', ''));
    }
    const before = await download('/google-merchant.xml', { 'accept-encoding': 'gzip' });
    const [product] = await sellable();
    const saved = await moderator.request({
      method: 'PUT',
      url: `${ADMIN_PREFIX}/products/${product!.id}`,
      payload: { cena: product!.cena + 10 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await download('/google-merchant.xml', {
      'accept-encoding': 'gzip',
      'if-none-match': String(before.headers.etag),
    });
    expect(after.statusCode).toBe(200);
    expect(gunzipSync(after.rawPayload).toString()).toContain(`<g:id>${product!.id}</g:id>`);
    expect(gunzipSync(after.rawPayload).toString()).toContain(`${product!.cena + 10}.00 RUB`);
  });
});
