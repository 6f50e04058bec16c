// The cart through HTTP: guest cookie, stock caps, exact totals with discounts and promo codes, gifts, saved
// carts, the merge at login and the attempts a shopper should not get away with.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../account/account.table.ts';
import { products } from '../catalog/catalog.table.ts';
import { carts } from './cart.table.ts';

let testApp: TestApp;
const ids: Record<string, { id: number; cena: number; cenaSt: number; stock: number }> = {};

beforeAll(async () => {
  testApp = await createTestApp();
  const rows = await testApp.database.db
    .select({
      id: products.id,
      url: products.url,
      cena: products.cena,
      cenaSt: products.cenaSt,
      stock: products.stock,
    })
    .from(products)
    .where(
      inArray(products.url, [
        '/lavanda-uzkolistnaya-10-ml.html',
        '/ilang-ilang-10-ml.html',
        '/gidrolat-rozy-100-ml.html',
        '/bergamot-10-ml.html',
        '/sertifikat-5000-rub.html',
      ]),
    );
  for (const row of rows) ids[row.url.replace(/^\//, '').replace(/\.html$/, '')] = row;
});

afterAll(() => testApp.close());

const lavender = () => ids['lavanda-uzkolistnaya-10-ml']!;
const ylang = () => ids['ilang-ilang-10-ml']!; // a special price in the demo catalogue
const hydrolat = () => ids['gidrolat-rozy-100-ml']!;
const soldOut = () => ids['bergamot-10-ml']!;
const certificate = () => ids['sertifikat-5000-rub']!;

async function add(agent: TestAgent, productId: number, quantity?: number) {
  return agent.request({
    method: 'POST',
    url: `/v1/cart/${productId}`,
    payload: quantity === undefined ? {} : { quantity },
  });
}

describe('a guest cart', () => {
  it('is created on the first add and identified by an HttpOnly cookie', async () => {
    const guest = createTestAgent(testApp.app);
    const response = await add(guest, lavender().id, 2);
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((cookie) => cookie.name === 'efir_cart')).toMatchObject({
      httpOnly: true,
      path: '/',
    });
    const body = response.json();
    expect(body.message).toBe('cart');
    expect(body.cart.lines).toEqual([
      expect.objectContaining({
        id: lavender().id,
        quantity: 2,
        cena: lavender().cena,
        cena_st: 0,
        katGlobal: 1,
        url: '/lavanda-uzkolistnaya-10-ml.html',
      }),
    ]);
    expect(body.cart.total).toBe(lavender().cena * 2);
    expect(body.cart.count).toBe(2);
    expect(body.hydr).toBe(false);
    expect(body.reco.length).toBeGreaterThan(0);
    expect(
      body.reco.every(
        (product: { id: number; stock: number }) => product.id !== lavender().id && product.stock > 0,
      ),
    ).toBe(true);
    const again = await guest.request({ method: 'GET', url: '/v1/cart' });
    expect(again.json().cart.count).toBe(2);
  });

  it('never holds more than the stock and offers the waitlist for a sold-out product', async () => {
    const guest = createTestAgent(testApp.app);
    const capped = await add(guest, lavender().id, 99);
    expect(capped.json().cart.lines[0].quantity).toBe(Math.min(lavender().stock, 99));
    expect(capped.json().notices[0]).toMatch(/в наличии/);
    const out = await add(guest, soldOut().id);
    expect(out.statusCode).toBe(409);
    expect(out.json().error).toBe('out_of_stock');
  });

  it('marks a cart with hydrolats', async () => {
    const guest = createTestAgent(testApp.app);
    expect((await add(guest, hydrolat().id)).json().hydr).toBe(true);
  });

  it('removes one unit, a whole line, and empties on request (only from our own client)', async () => {
    const guest = createTestAgent(testApp.app);
    await add(guest, lavender().id, 3);
    await add(guest, hydrolat().id, 1);
    const one = await guest.request({ method: 'DELETE', url: `/v1/cart/${lavender().id}` });
    expect(one.json().cart.lines.find((line: { id: number }) => line.id === lavender().id).quantity).toBe(2);
    const line = await guest.request({ method: 'DELETE', url: `/v1/cart/line/${hydrolat().id}` });
    expect(line.json().cart.lines.map((item: { id: number }) => item.id)).toEqual([lavender().id]);
    const foreign = await guest.request({ method: 'GET', url: '/v1/cart/clean' });
    expect(foreign.statusCode).toBe(400);
    const clean = await guest.request({ method: 'GET', url: '/v1/cart/clean', headers: { ar: '1' } });
    expect(clean.json().cart.lines).toEqual([]);
  });
});

describe('what a shopper cannot do', () => {
  it.each([
    ['a negative quantity', { quantity: -3 }],
    ['a fractional quantity', { quantity: 1.5 }],
    ['a huge quantity', { quantity: 1e9 }],
    ['a price of their own', { quantity: 1, cena: 1 }],
    ['a discount of their own', { skidka: 90 }],
  ])('refuses %s with 422 and leaves the cart as it was', async (_case, payload) => {
    const guest = createTestAgent(testApp.app);
    await add(guest, lavender().id, 1);
    const response = await guest.request({ method: 'POST', url: `/v1/cart/${lavender().id}`, payload });
    expect(response.statusCode).toBe(422);
    const cart = (await guest.request({ method: 'GET', url: '/v1/cart' })).json().cart;
    expect(cart.count).toBe(1);
    expect(cart.total).toBe(lavender().cena);
  });

  it('cannot reach a user’s cart through the guest cookie', async () => {
    const owner = createTestAgent(testApp.app);
    const { id } = await owner.register();
    await add(owner, lavender().id, 2);
    const [ownerCart] = await testApp.database.db.select().from(carts).where(eq(carts.userId, id));
    const intruder = createTestAgent(testApp.app);
    intruder.cookies.set('efir_cart', ownerCart!.id);
    expect((await intruder.request({ method: 'GET', url: '/v1/cart' })).json().cart.lines).toEqual([]);
    await intruder.request({ method: 'GET', url: '/v1/cart/clean', headers: { ar: '1' } });
    expect((await owner.request({ method: 'GET', url: '/v1/cart' })).json().cart.count).toBe(2);
  });

  it('rejects unknown products and bad ids', async () => {
    const guest = createTestAgent(testApp.app);
    expect((await add(guest, 9_999_999)).statusCode).toBe(404);
    expect((await guest.request({ method: 'POST', url: '/v1/cart/abc', payload: {} })).statusCode).toBe(422);
  });
});

describe('totals with discounts (spec §6, §9)', () => {
  it('applies the personal discount to regular lines only', async () => {
    const shopper = createTestAgent(testApp.app);
    const { id } = await shopper.register();
    await testApp.database.db.update(users).set({ skidka: 7 }).where(eq(users.id, id));
    await add(shopper, lavender().id, 2);
    const body = (await add(shopper, ylang().id, 1)).json();
    const expected = Math.floor((93 * lavender().cena) / 100) * 2 + ylang().cena;
    expect(ylang().cenaSt).toBeGreaterThan(0);
    expect(body.cart.total).toBe(expected);
    expect(body.cart.subtotal).toBe(lavender().cena * 2 + ylang().cena);
    expect(body.cart.skidka).toBe(7);
  });

  it('handles promo codes: minimum total, expiry, add_discount_all, applied twice, cleared', async () => {
    const guest = createTestAgent(testApp.app);
    await add(guest, lavender().id, 1);
    const small = await guest.request({
      method: 'PUT',
      url: '/v1/cart/promo/code',
      payload: { code: 'efir10' },
    });
    expect(small.json()).toMatchObject({ message: 'cart/promo', error: true });
    expect(small.json().text).toMatch(/от 2\s?000 ₽/);
    const expired = await guest.request({
      method: 'PUT',
      url: '/v1/cart/promo/code',
      payload: { code: 'ЛЕТО2025' },
    });
    expect(expired.json().text).toBe('Срок действия промокода истёк');
    const unknown = await guest.request({
      method: 'PUT',
      url: '/v1/cart/promo/code',
      payload: { code: 'NOPE' },
    });
    expect(unknown.json().error).toBe(true);

    await add(guest, ylang().id, 2);
    const all = await guest.request({
      method: 'PUT',
      url: '/v1/cart/promo/code',
      payload: { code: 'ВСЁСОСКИДКОЙ' },
    });
    expect(all.json()).toMatchObject({ message: 'cart/promo', error: false, code: 'ВСЁСОСКИДКОЙ' });
    const expected = Math.floor((93 * lavender().cena) / 100) + Math.floor((93 * ylang().cena) / 100) * 2;
    expect(all.json().cart.total).toBe(expected);
    const twice = await guest.request({
      method: 'PUT',
      url: '/v1/cart/promo/code',
      payload: { code: 'ВСЁСОСКИДКОЙ' },
    });
    expect(twice.json().cart.total).toBe(expected);
    const cleared = await guest.request({ method: 'DELETE', url: '/v1/cart/promo/code' });
    expect(cleared.json().message).toBe('cart/promo/clear');
    expect(cleared.json().cart.total).toBe(lavender().cena + ylang().cena * 2);
  });
});

describe('gifts', () => {
  it('unlocks a gift by the cart total and shows the chosen one as a 0 ₽ line', async () => {
    const guest = createTestAgent(testApp.app);
    await add(guest, lavender().id, 1);
    const listed = (await guest.request({ method: 'GET', url: '/v1/cart/gifts' })).json();
    expect(listed.gifts.length).toBeGreaterThanOrEqual(2);
    const first = listed.gifts[0];
    expect(first.unlocked).toBe(false);
    const locked = await guest.request({ method: 'PUT', url: '/v1/cart/gift', payload: { id: first.id } });
    expect(locked.statusCode).toBe(409);
    // A gift certificate bought is not goods: it brings no gift nearer (decision 050).
    await add(guest, certificate().id, 1);
    const stillLocked = await guest.request({
      method: 'PUT',
      url: '/v1/cart/gift',
      payload: { id: first.id },
    });
    expect(stillLocked.statusCode).toBe(409);
    const more = Math.ceil(first.remaining / lavender().cena);
    await add(guest, lavender().id, more);
    const chosen = await guest.request({ method: 'PUT', url: '/v1/cart/gift', payload: { id: first.id } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().cart.gifts).toEqual([
      expect.objectContaining({ id: first.product.id, cena: 0, sum: 0, gift: true }),
    ]);
    expect(chosen.json().cart.total).toBe(lavender().cena * (1 + more) + certificate().cena);
  });
});

describe('saved carts', () => {
  it('saves the cart, empties it and puts it back by its link; only the owner deletes it', async () => {
    const shopper = createTestAgent(testApp.app);
    await shopper.register();
    await add(shopper, lavender().id, 2);
    const saved = await shopper.request({ method: 'PUT', url: '/v1/cart/save' });
    expect(saved.json()).toMatchObject({ status: 'ok', link: expect.stringMatching(/^\/saved\/[\w-]+$/) });
    expect((await shopper.request({ method: 'GET', url: '/v1/cart' })).json().cart.lines).toEqual([]);
    const page = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/route',
      payload: { url: saved.json().link },
    });
    expect(page.json().page?.type, page.body).toBe('saved');
    expect(page.json().page.com_data.lines[0]).toMatchObject({ id: lavender().id, quantity: 2 });
    const back = await shopper.request({ method: 'POST', url: `/v1/cart/save/add/${saved.json().id}` });
    expect(back.json().cart.count).toBe(2);
    const stranger = createTestAgent(testApp.app);
    await stranger.register();
    expect(
      (await stranger.request({ method: 'POST', url: `/v1/cart/save/add/${saved.json().id}` })).statusCode,
    ).toBe(404);
    expect(
      (await stranger.request({ method: 'DELETE', url: `/v1/cart/save/${saved.json().id}` })).statusCode,
    ).toBe(404);
    const token = saved.json().link.split('/').pop();
    const shared = await stranger.request({ method: 'POST', url: `/v1/cart/save/change/${token}` });
    expect(shared.json().cart.count).toBe(2);
    expect(
      (await shopper.request({ method: 'DELETE', url: `/v1/cart/save/${saved.json().id}` })).json(),
    ).toEqual({ status: 'ok' });
  });
});

describe('login', () => {
  it('merges the guest cart into the user cart and forgets the guest cookie', async () => {
    const account = createTestAgent(testApp.app);
    const { email, password } = await account.register();
    await add(account, hydrolat().id, 1);
    const guest = createTestAgent(testApp.app);
    await add(guest, lavender().id, 2);
    const login = await guest.request({
      method: 'POST',
      url: '/v1/user/login',
      payload: { email, password },
    });
    guest.token = login.json().access_token;
    expect(guest.cookies.has('efir_cart')).toBe(false);
    const cart = (await guest.request({ method: 'GET', url: '/v1/cart' })).json().cart;
    expect(cart.lines.map((line: { id: number }) => line.id).sort()).toEqual(
      [lavender().id, hydrolat().id].sort(),
    );
  });
});
