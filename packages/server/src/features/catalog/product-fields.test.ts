// The product fields a warehouse and the carriers need (issue 39 point 4), through HTTP: the артикул is unique and
// found by both searches, the barcode's check digit is checked, and the cart's weight and box as the catalogue knows
// them reach a carrier's calculator (a local server speaking CDEK's API) and change the price it quotes.
import { and, asc, eq, gt, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PREFIX } from '../../back-office/admin.routes.ts';
import {
  type FakeCarrierServer,
  startFakeCarrierServer,
} from '../../modules/delivery/fake-carrier-server.ts';
import { addToCart } from '../../test/checkout.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { products } from './catalog.table.ts';

let shop: TestApp;
let moderator: TestAgent;
let cdek: FakeCarrierServer;

/** CDEK's courier price grows with the parcel's weight: 300 ₽ and 1 ₽ per 10 g. */
function cdekPrice(grams: number): number {
  return 300 + Math.round(grams / 10);
}

beforeAll(async () => {
  cdek = await startFakeCarrierServer();
  cdek.handle((request) => {
    if (request.path === '/v2/oauth/token')
      return { json: { access_token: 't', token_type: 'bearer', expires_in: 3600 } };
    if (request.path === '/v2/calculator/tarifflist') {
      const weight = (JSON.parse(request.body) as { packages: Array<{ weight: number }> }).packages[0]!
        .weight;
      return {
        json: {
          tariff_codes: [
            {
              tariff_code: 137,
              tariff_name: 'Посылка склад-дверь',
              delivery_mode: 3,
              delivery_sum: cdekPrice(weight),
              period_min: 2,
              period_max: 4,
            },
          ],
        },
      };
    }
    return { status: 404, json: {} };
  });
  shop = await createTestApp({
    env: {
      ...MODERATOR_ENV,
      CDEK_CLIENT_ID: 'shop',
      CDEK_CLIENT_SECRET: 'cdek-secret',
      CDEK_API_URL: cdek.url,
      DELIVERY_TIMEOUT_MS: '5000',
    },
  });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
});
afterAll(async () => {
  await shop.close();
  await cdek.close();
});

async function admin(method: string, url: string, payload?: unknown) {
  const response = await moderator.request({
    method,
    url: `${ADMIN_PREFIX}${url}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

/** Visible seeded products in stock whose url starts with the prefix. */
async function seededProducts(urlPrefix: string, count = 1) {
  const rows = await shop.database.db
    .select()
    .from(products)
    .where(and(like(products.url, `${urlPrefix}%`), eq(products.visible, true), gt(products.stock, 0)))
    .orderBy(asc(products.id))
    .limit(count);
  if (rows.length < count) throw new Error(`no seeded product ${urlPrefix}`);
  return rows;
}

describe('артикул and barcode', () => {
  it('refuses a barcode whose check digit does not match, in Russian, and keeps a valid EAN-13', async () => {
    const [product] = await seededProducts('/lavanda');
    const wrong = await admin('PUT', `/products/${product!.id}`, { gtin: '4600000000004' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.gtin).toEqual([
      'Штрихкод не сходится: проверьте цифры — последняя (контрольная) не совпадает',
    ]);
    const short = await admin('PUT', `/products/${product!.id}`, { gtin: '46000' });
    expect(short.body.errors.gtin[0]).toMatch(/^Штрихкод: 13 цифр/);
    // 460000000000 and its check digit: 4 × 1 + 6 × 3 = 22, so 8 (GS1's weights 1, 3, 1… from the left).
    const right = await admin('PUT', `/products/${product!.id}`, { gtin: '4600000000008' });
    expect(right.status).toBe(200);
    expect(right.body.product.gtin).toBe('4600000000008');
    const created = await admin('POST', '/products', {
      name: 'Масло с неверным штрихкодом',
      url: '/maslo-s-nevernym-shtrihkodom.html',
      category_id: product!.categoryId,
      cena: 500,
      gtin: '4006381333932', // 4006381333931 is the valid one
    });
    expect(created.status).toBe(422);
    expect(created.body.errors.gtin).toHaveLength(1);
  });

  it('refuses an артикул another product has (letter case aside), naming that product', async () => {
    const [first, second] = await seededProducts('/', 2);
    expect((await admin('PUT', `/products/${first!.id}`, { sku: 'EF-LAV-010' })).status).toBe(200);
    const taken = await admin('PUT', `/products/${second!.id}`, { sku: 'ef-lav-010' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.sku).toEqual([
      `Артикул «ef-lav-010» уже есть у товара «${first!.name}» (№ ${first!.id})`,
    ]);
    const created = await admin('POST', '/products', {
      name: 'Дубликат артикула',
      url: '/dublikat-artikula.html',
      category_id: first!.categoryId,
      cena: 500,
      sku: 'EF-LAV-010',
    });
    expect(created.status).toBe(422);
    expect(created.body.errors.sku[0]).toMatch(/^Артикул «EF-LAV-010» уже есть у товара/);
    // Saving the product with its own артикул again is no conflict; an empty one is never taken.
    expect(
      (await admin('PUT', `/products/${first!.id}`, { sku: 'EF-LAV-010', cena: first!.cena })).status,
    ).toBe(200);
    expect((await admin('PUT', `/products/${second!.id}`, { sku: '' })).status).toBe(200);
  });

  it('finds a product by its артикул in the back office and in the shop search', async () => {
    const [product] = await seededProducts('/mandarin');
    expect((await admin('PUT', `/products/${product!.id}`, { sku: 'MNT-0042/B' })).status).toBe(200);
    const list = await admin('GET', `/products?q=${encodeURIComponent('mnt-0042/b')}`);
    expect(list.body.products.map((row: { id: number }) => row.id)).toEqual([product!.id]);
    expect(list.body.products[0].sku).toBe('MNT-0042/B');
    const search = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/search',
      payload: { q: 'MNT-0042/B' },
    });
    expect(search.statusCode).toBe(200);
    expect(search.json().results.products[0]).toMatchObject({ id: product!.id, url: product!.url });
  });
});

describe('weight and size for the delivery calculators', () => {
  async function cdekCourier(agent: TestAgent) {
    const response = await agent.request({
      method: 'POST',
      url: '/api/v1/calculator/courier-cost',
      payload: { zip: '630091' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const options = response.json().options as Array<{ type: number; price: number | null }>;
    return options.find((option) => option.type === 6)!;
  }
  const lastPackage = () =>
    (
      JSON.parse(
        cdek.requests.filter((request) => request.path === '/v2/calculator/tarifflist').at(-1)!.body,
      ) as {
        packages: Array<Record<string, number>>;
      }
    ).packages[0]!;

  it('prices the cart by the goods’ written weight and box instead of a guess from the volume', async () => {
    const [product] = await seededProducts('/evkalipt');
    const buyer = createTestAgent(shop.app);
    await addToCart(buyer, product!.id, 2);

    // No weight written: the old guess from the volume, and CDEK's usual box.
    const guessed = await cdekCourier(buyer);
    const guessedPackage = lastPackage();
    expect(guessedPackage).toMatchObject({ length: 20, width: 15, height: 10 });
    expect(guessed.price).toBe(cdekPrice(guessedPackage.weight!));

    // The warehouse weighed it: 1.2 kg a unit (a gift box), 150 × 100 × 80 mm.
    const saved = await admin('PUT', `/products/${product!.id}`, {
      weight_g: 1200,
      length_mm: 80,
      width_mm: 150,
      height_mm: 100,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.product).toMatchObject({
      weight_g: 1200,
      length_mm: 80,
      width_mm: 150,
      height_mm: 100,
    });
    const weighed = await cdekCourier(buyer);
    // Two units and the 300 g packing; the box as long as the longest side, the two units stacked, 1 cm filler around.
    expect(lastPackage()).toEqual({ weight: 2 * 1200 + 300, length: 17, width: 12, height: 18 });
    expect(weighed.price).toBe(cdekPrice(2700));
    expect(weighed.price).toBeGreaterThan(guessed.price!);

    const refused = await admin('PUT', `/products/${product!.id}`, { weight_g: 0, height_mm: 1.5 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      weight_g: ['Вес: число больше нуля'],
      height_mm: ['Высота: целое число, миллиметров'],
    });
  });
});
