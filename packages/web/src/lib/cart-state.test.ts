// The cart of spec §4 against a fake server: every answer sets the whole cart, the promo answer keeps the
// recommendations, the top bar counts with Russian plurals, «add all ingredients» reports what did not go in.
import type { CartAnswer, CartLine } from '@efir/domain/cart-wire';
import type { ProductCard } from '@efir/domain/catalog-wire';
import { describe, expect, it } from 'vitest';
import { createAppStore, EMPTY_CART, EMPTY_CRITICAL } from './app-state.ts';
import { cartFromAnswer } from './cart-core.ts';
import {
  addManyToCart,
  addToCart,
  applyPromoCode,
  cleanCart,
  clearPromoCode,
  isOutOfStock,
  removeCartLine,
  removeOneFromCart,
  saveCart,
} from './cart-state.ts';
import { createHttpClient, createMemoryTokenStore, HttpError } from './http-client.ts';

const LINE: CartLine = {
  id: 7,
  quantity: 2,
  cena: 490,
  cena_st: 0,
  katGlobal: 1,
  url: '/lavanda-10-ml.html',
  name: 'Лаванда узколистная',
  volume: '10 мл',
  image: { filename: 'l.jpg', basename: 'l' },
  stock: 5,
  price: 465,
  sum: 930,
};

const GERANIUM: ProductCard = {
  id: 9,
  name: 'Герань',
  url: '/geran.html',
  volume: '10 мл',
  cena: 520,
  cena_st: 0,
  stock: 3,
  katGlobal: 1,
  icons: [],
  image: null,
  avg_rating: 0,
  votes_count: 0,
};

function cartAnswer(lines: CartLine[] = [LINE], extra: Partial<CartAnswer> = {}): CartAnswer {
  const total = lines.reduce((sum, line) => sum + line.sum, 0);
  return {
    message: 'cart',
    cart: {
      lines,
      gifts: [],
      unavailable: [],
      promo: null,
      subtotal: lines.reduce((sum, line) => sum + line.cena * line.quantity, 0),
      discount: 50,
      total,
      count: lines.reduce((sum, line) => sum + line.quantity, 0),
      skidka: 5,
      version: 'v1',
    },
    code: null,
    hydr: false,
    reco: [GERANIUM],
    notices: [],
    ...extra,
  };
}

function setup(routes: Record<string, (body: unknown) => { status: number; body: unknown }>) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const fakeFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, body });
    const route = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    const answer = route ? route(body) : { status: 404, body: { message: 'Not Found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  const api = createHttpClient({
    baseUrl: 'http://shop.test',
    fetch: fakeFetch,
    tokenStore: createMemoryTokenStore(),
  });
  const store = createAppStore({ user: null, cart: EMPTY_CART, critical: EMPTY_CRITICAL });
  return { api, store, calls };
}

describe('cartFromAnswer', () => {
  it('takes the whole answer of GET /v1/cart', () => {
    const cart = cartFromAnswer(cartAnswer());
    expect(cart).toMatchObject({ total: 930, count: 2, subtotal: 980, discount: 50, skidka: 5, hydr: false });
    expect(cart.lines[0]).toMatchObject({ id: 7, price: 465, sum: 930, volume: '10 мл' });
    expect(cart.reco).toHaveLength(1);
  });

  it('keeps the recommendations when an answer has none (the promo answers)', () => {
    const before = cartFromAnswer(cartAnswer());
    const { cart, code, hydr } = cartAnswer();
    const after = cartFromAnswer(
      { message: 'cart/promo', code, error: false, text: 'Промокод применён', cart, hydr },
      before,
    );
    expect(after.reco).toEqual(before.reco);
    expect(after.notices).toEqual([]);
  });
});

describe('cart calls', () => {
  it('sets the whole cart from the add answer (spec §4) and sends the quantity', async () => {
    const { api, store, calls } = setup({ 'POST /v1/cart/7': () => ({ status: 200, body: cartAnswer() }) });
    await addToCart(api, store, 7, 2);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/v1/cart/7', body: { quantity: 2 } });
    expect(store.getState().cart).toMatchObject({ count: 2, total: 930 });
  });

  it('sets the whole cart from the delete-one, delete-line and clean answers (spec §4)', async () => {
    const lemon = { ...LINE, id: 8, quantity: 1, cena: 890, price: 890, sum: 890, url: '/limon-10-ml.html' };
    const { api, store, calls } = setup({
      'DELETE /v1/cart/7': () => ({
        status: 200,
        body: cartAnswer([{ ...LINE, quantity: 1, sum: 465 }, lemon]),
      }),
      'DELETE /v1/cart/line/8': () => ({
        status: 200,
        body: cartAnswer([{ ...LINE, quantity: 1, sum: 465 }]),
      }),
      'GET /v1/cart/clean': () => ({ status: 200, body: cartAnswer([]) }),
    });
    store.getState().setCart(cartFromAnswer(cartAnswer([LINE, lemon])));
    expect(store.getState().cart).toMatchObject({ count: 3, total: 1820 });

    await removeOneFromCart(api, store, 7);
    expect(store.getState().cart).toMatchObject({ count: 2, total: 1355 });
    expect(store.getState().cart.lines.map((line) => [line.id, line.quantity])).toEqual([
      [7, 1],
      [8, 1],
    ]);
    await removeCartLine(api, store, 8);
    expect(store.getState().cart.lines.map((line) => line.id)).toEqual([7]);
    expect(store.getState().cart).toMatchObject({ count: 1, total: 465 });
    await cleanCart(api, store);
    expect(store.getState().cart).toMatchObject({ lines: [], count: 0, total: 0 });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /v1/cart/7',
      'DELETE /v1/cart/line/8',
      'GET /v1/cart/clean',
    ]);
  });

  it('empties the cart when it is saved and returns the link of the saved cart (spec §4)', async () => {
    const { api, store, calls } = setup({
      'PUT /v1/cart/save': () => ({ status: 200, body: { status: 'ok', link: '/saved/k3f9a1', id: 41 } }),
      'GET /v1/cart': () => ({ status: 200, body: cartAnswer([]) }),
    });
    store.getState().setCart(cartFromAnswer(cartAnswer()));
    expect(await saveCart(api, store)).toEqual({ link: '/saved/k3f9a1', id: 41 });
    expect(store.getState().cart).toMatchObject({ lines: [], count: 0, total: 0 });
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/v1/cart/save' });
  });

  it('announces lines the server changed', async () => {
    const { api, store } = setup({
      'POST /v1/cart/7': () => ({
        status: 200,
        body: cartAnswer([LINE], { notices: ['Больше нет: в наличии 2 шт.'] }),
      }),
    });
    await addToCart(api, store, 7, 5);
    expect(store.getState().notices).toEqual([
      expect.objectContaining({ title: 'Корзина изменилась', text: 'Больше нет: в наличии 2 шт.' }),
    ]);
  });

  it('recognises the sold-out answer', async () => {
    const { api, store } = setup({
      'POST /v1/cart/7': () => ({
        status: 409,
        body: {
          message: 'Товара нет в наличии',
          errors: { quantity: ['Товара нет в наличии'] },
          error: 'out_of_stock',
        },
      }),
    });
    const failure = await addToCart(api, store, 7).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(isOutOfStock(failure)).toBe(true);
    expect(isOutOfStock(new HttpError({ status: 409 }, 'x'))).toBe(false);
  });

  it('takes the cart of each promo answer: the code is set when it applies and gone after cart/promo/clear', async () => {
    const promo = { code: 'ПРИВЕТ5', condition: { type: 'add_discount', percent: 5 } };
    const { api, store } = setup({
      'PUT /v1/cart/promo/code': (body) =>
        (body as { code: string }).code === 'ПРИВЕТ5'
          ? {
              status: 200,
              body: {
                message: 'cart/promo',
                code: 'ПРИВЕТ5',
                error: false,
                text: 'Промокод применён',
                cart: { ...cartAnswer().cart, promo },
                hydr: false,
              },
            }
          : {
              status: 200,
              body: {
                message: 'cart/promo',
                code: null,
                error: true,
                text: 'Такого промокода нет',
                cart: cartAnswer().cart,
                hydr: false,
              },
            },
      'DELETE /v1/cart/promo/code': () => ({
        status: 200,
        body: { ...cartAnswer(), message: 'cart/promo/clear' },
      }),
    });
    expect(await applyPromoCode(api, store, 'НЕТ')).toEqual({ error: true, text: 'Такого промокода нет' });
    expect(store.getState().cart.promo).toBeNull();
    expect(await applyPromoCode(api, store, 'ПРИВЕТ5')).toEqual({ error: false, text: 'Промокод применён' });
    expect(store.getState().cart.promo).toEqual(promo);
    expect(store.getState().cart.code).toBe('ПРИВЕТ5');
    await clearPromoCode(api, store);
    expect(store.getState().cart.promo).toBeNull();
  });

  it('adds every ingredient in stock once and names the ones that could not go in', async () => {
    const { api, store, calls } = setup({
      'POST /v1/cart/1': () => ({ status: 200, body: cartAnswer([{ ...LINE, id: 1, quantity: 1 }]) }),
      'POST /v1/cart/2': () => ({
        status: 409,
        body: { message: 'Товара нет в наличии', errors: { quantity: ['Нет'] } },
      }),
    });
    const result = await addManyToCart(api, store, [
      { id: 1, name: 'Масло ши', stock: 4 },
      { id: 1, name: 'Масло ши', stock: 4 },
      { id: 2, name: 'Воск', stock: 3 },
      { id: 3, name: 'Пантенол', stock: 0 },
    ]);
    expect(calls.map((call) => call.path)).toEqual(['/v1/cart/1', '/v1/cart/2']);
    expect(result.added).toEqual(['Масло ши']);
    expect(result.failed).toEqual([
      { name: 'Воск', reason: 'нет в наличии' },
      { name: 'Пантенол', reason: 'нет в наличии' },
    ]);
  });
});
