// Start-up loads (spec §1): user, cart and critical data go out together; a guest never asks for the user;
// a missing cart or critical answer leaves a working, empty shop.

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UserWire } from '@efir/domain/account-schemas';
import { emptyCart } from '@efir/domain/cart-math';
import type { CartAnswer, CartLine } from '@efir/domain/cart-wire';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionUser } from '../test/session-user.ts';
import { loadBootstrap, startFilterLoads } from './bootstrap.ts';
import { createHttpClient, createMemoryTokenStore } from './http-client.ts';

let server: Server;
let origin: string;
let received: Array<{ path: string; at: number; authorization?: string }> = [];
let answers: Record<string, { status: number; body: unknown }> = {};

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    const path = request.url ?? '';
    received.push({ path, at: Date.now(), authorization: request.headers.authorization });
    const answer = answers[path] ?? { status: 404, body: { message: 'Not Found' } };
    // Each answer waits, so calls made one after another would show up 60 ms apart.
    setTimeout(() => {
      const wrap = request.headers['x-suppress-errors'] && answer.status === 200;
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(wrap ? { ok: true, data: answer.body } : answer.body));
    }, 60);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = [];
  answers = {
    '/api/v1/critical': { status: 200, body: { catalogs: [{ id: 1, name: 'Эфирные масла' }], slider: [] } },
    '/v1/cart': { status: 200, body: CART_ANSWER },
    '/v1/user': { status: 200, body: { message: 'user', user: USER } },
  };
});

const LINE: CartLine = {
  id: 7,
  quantity: 2,
  cena: 450,
  cena_st: 0,
  katGlobal: 1,
  url: '/x',
  name: 'Лаванда',
  volume: '10 мл',
  image: null,
  stock: 5,
  price: 450,
  sum: 900,
};
const CART_ANSWER: CartAnswer = {
  message: 'cart',
  cart: { ...emptyCart(), lines: [LINE], subtotal: 900, total: 900, count: 2, version: 'v1' },
  code: null,
  hydr: false,
  reco: [],
  notices: [],
};
const USER: UserWire = sessionUser({ id: 5, fam: '', tel: '', skidka: 0 });

function client(token: string | null = null) {
  return createHttpClient({ baseUrl: origin, tokenStore: createMemoryTokenStore(token) });
}

describe('loadBootstrap', () => {
  it('asks a guest only for the cart and the critical data, at the same time', async () => {
    const bootstrap = await loadBootstrap(client(), { hasToken: false });
    expect(received.map((call) => call.path).sort()).toEqual(['/api/v1/critical', '/v1/cart']);
    const [first, second] = received;
    expect(Math.abs(first!.at - second!.at)).toBeLessThan(40);
    expect(bootstrap.user).toBeNull();
    expect(bootstrap.cart).toMatchObject({ total: 900, count: 2, hydr: false });
    expect(bootstrap.cart.lines).toEqual([expect.objectContaining({ id: 7, quantity: 2, price: 450 })]);
    expect(bootstrap.critical.catalogs).toHaveLength(1);
    expect(bootstrap.critical.menus).toEqual({});
  });

  it('fetches the user of a logged-in visitor together with the rest', async () => {
    const bootstrap = await loadBootstrap(client('header.eyJleHAiOjQxMDI0NDQ4MDB9.sig'), { hasToken: true });
    expect(received.map((call) => call.path).sort()).toEqual(['/api/v1/critical', '/v1/cart', '/v1/user']);
    const times = received.map((call) => call.at);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(40);
    expect(received.find((call) => call.path === '/v1/user')?.authorization).toMatch(/^Bearer /);
    expect(bootstrap.user).toMatchObject({ id: 5, name: 'Анна', favProducts: [] });
  });

  it('does not ask for the cart of a server render without cookies: there is none to find', async () => {
    const bootstrap = await loadBootstrap(client(), { hasToken: false, noCart: true });
    expect(received.map((call) => call.path)).toEqual(['/api/v1/critical']);
    expect(bootstrap.cart).toMatchObject({ lines: [], total: 0, count: 0 });
  });

  it('opens the shop with an empty cart and no menus when those calls fail', async () => {
    answers['/v1/cart'] = { status: 404, body: { message: 'Not Found' } };
    answers['/api/v1/critical'] = { status: 500, body: { message: 'Server Error' } };
    const bootstrap = await loadBootstrap(client(), { hasToken: false });
    expect(bootstrap.cart).toMatchObject({ lines: [], total: 0, count: 0 });
    expect(bootstrap.critical.catalogs).toEqual([]);
  });
});

describe('startFilterLoads', () => {
  it('starts the filter calls without waiting for them and reports each as it arrives', async () => {
    answers['/api/v1/filter/articles'] = { status: 200, body: { authors: [], date: 4 } };
    const loaded: string[] = [];
    const started = Date.now();
    startFilterLoads(client(), (kind) => loaded.push(kind));
    expect(Date.now() - started).toBeLessThan(30);
    expect(loaded).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(loaded).toEqual(['articles']);
  });
});
