// «В корзину» as a plain form (decision 044): a browser without the app's scripts posts it urlencoded from our page
// and lands on the cart page; a form on another site, or a post without the browser's same-origin marks, is refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { products } from '../catalog/catalog.table.ts';

let testApp: TestApp;
let lavenderId = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  const [row] = await testApp.database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.url, '/lavanda-uzkolistnaya-10-ml.html'));
  lavenderId = row!.id;
});

afterAll(() => testApp.close());

let visitors = 0;
/** A browser's form post: urlencoded, with the headers Chromium sends for a form on one of our pages. */
function post(body: string, headers: Record<string, string> = {}, cookie?: string) {
  visitors += 1;
  // An empty value stands for a header the browser did not send.
  const sent = Object.fromEntries(
    Object.entries({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost', ...headers }).filter(
      ([, value]) => value !== '',
    ),
  );
  return testApp.app.inject({
    method: 'POST',
    url: '/my-cart/add',
    remoteAddress: `203.0.113.${visitors}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
      ...sent,
    },
    payload: body,
  });
}

async function cartOf(cookie: string) {
  const response = await testApp.app.inject({ method: 'GET', url: '/v1/cart', headers: { cookie } });
  return response.json().cart.lines as Array<{ id: number; quantity: number }>;
}

describe('POST /my-cart/add, the plain «В корзину»', () => {
  it('adds the line to a new guest cart and answers 303 to the cart page', async () => {
    const response = await post(`id=${lavenderId}&quantity=2`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/my-cart');
    const cart = response.cookies.find((cookie) => cookie.name === 'efir_cart');
    expect(cart).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await cartOf(`efir_cart=${cart!.value}`)).toEqual([
      expect.objectContaining({ id: lavenderId, quantity: 2 }),
    ]);
  });

  it('adds to the cart the cookie names, the same as the JSON call', async () => {
    const first = await post(`id=${lavenderId}`);
    const cookie = `efir_cart=${first.cookies.find((c) => c.name === 'efir_cart')!.value}`;
    const second = await post(`id=${lavenderId}`, {}, cookie);
    expect(second.statusCode).toBe(303);
    expect(await cartOf(cookie)).toEqual([expect.objectContaining({ id: lavenderId, quantity: 2 })]);
  });

  it('accepts an Origin of this host where the browser sends no Sec-Fetch-Site', async () => {
    const response = await post(`id=${lavenderId}`, { 'sec-fetch-site': '', origin: 'http://localhost:80' });
    expect(response.statusCode).toBe(303);
  });

  it.each([
    ['a form on another site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['a sibling subdomain', { 'sec-fetch-site': 'same-site', origin: 'https://shop.evil.example' }],
    ['another Origin without Sec-Fetch-Site', { 'sec-fetch-site': '', origin: 'https://evil.example' }],
    ['an opaque Origin', { 'sec-fetch-site': '', origin: 'null' }],
    ['neither mark', { 'sec-fetch-site': '', origin: '' }],
  ])('refuses %s with 419 and adds nothing', async (_name, headers) => {
    const response = await post(`id=${lavenderId}`, headers);
    expect(response.statusCode).toBe(419);
    expect(response.json()).toEqual({ message: 'CSRF token mismatch.' });
    expect(response.cookies.find((cookie) => cookie.name === 'efir_cart')).toBeUndefined();
  });

  it('answers the cart page saying so when the product sold out since the page was shown, not a JSON 409', async () => {
    const [soldOut] = await testApp.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.stock, 0))
      .limit(1);
    const response = await post(`id=${soldOut!.id}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/my-cart?net-v-nalichii');
    const cart = response.cookies.find((cookie) => cookie.name === 'efir_cart');
    expect(await cartOf(`efir_cart=${cart!.value}`)).toEqual([]);
  });

  it('adds to the signed-in visitor’s own cart: the session cookie names her, as it does for her pages', async () => {
    const address = '203.0.113.200';
    const registered = await testApp.app.inject({
      method: 'POST',
      url: '/v1/user',
      remoteAddress: address,
      headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
      payload: { name: 'Вера', email: 'vera.form@example.ru', password: 'шалфей и розмарин', agree: true },
    });
    expect(registered.statusCode).toBe(200);
    const refresh = registered.cookies.find((cookie) => cookie.name === 'efir_refresh' && cookie.value);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/my-cart/add',
      remoteAddress: address,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        cookie: `efir_refresh=${refresh!.value}`,
      },
      payload: `id=${lavenderId}`,
    });
    expect(response.statusCode).toBe(303);
    // No guest cart was made for the press: the line is in the cart her token reads.
    expect(response.cookies.find((cookie) => cookie.name === 'efir_cart')).toBeUndefined();
    const mine = await testApp.app.inject({
      method: 'GET',
      url: '/v1/cart',
      headers: { authorization: `Bearer ${registered.json().access_token}` },
    });
    expect(mine.json().cart.lines).toEqual([expect.objectContaining({ id: lavenderId, quantity: 1 })]);
  });

  it('refuses fields it does not know and a quantity out of range with 422', async () => {
    for (const body of [`id=${lavenderId}&quantity=0`, 'id=abc', `id=${lavenderId}&price=1`]) {
      expect((await post(body)).statusCode, body).toBe(422);
    }
  });

  it('is limited per address like the shop’s other abuse limits', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/my-cart/add',
        remoteAddress: '203.0.113.250',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        payload: `id=${lavenderId}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 303)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
