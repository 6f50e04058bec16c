// The part of the cart (spec §3–§4) the page frame needs at start: reading the server's answer into the store, the
// top bar's summary and the reload after a login. The calls of the cart page and the buttons are in cart-state.ts,
// which loads with the pages that use them.

import type { CartLine } from '@efir/domain/cart-wire';
import type { ImageRef, ProductCard } from '@efir/domain/catalog-wire';
import type { HttpClient } from '../lib/http-client.ts';
import { type AppStore, type CartData, EMPTY_CART } from './app-state.ts';

export const CART_URL = '/my-cart';
export const CHECKOUT_URL = '/checkout';
/** The server caps a line at this many units (and at the stock). */
export const MAX_LINE_QUANTITY = 99;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function whole(value: unknown, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function readImage(value: unknown): ImageRef | null {
  return isRecord(value) && typeof value.filename === 'string' && typeof value.basename === 'string'
    ? { filename: value.filename, basename: value.basename }
    : null;
}

export function readCartLine(raw: unknown): CartLine | null {
  if (!isRecord(raw) || typeof raw.id !== 'number') return null;
  const cena = whole(raw.cena);
  const quantity = whole(raw.quantity, 1);
  const price = whole(raw.price, cena);
  return {
    id: raw.id,
    quantity,
    cena,
    cena_st: whole(raw.cena_st),
    katGlobal: whole(raw.katGlobal),
    url: text(raw.url),
    name: text(raw.name),
    volume: text(raw.volume),
    image: readImage(raw.image),
    stock: whole(raw.stock, quantity),
    price,
    sum: whole(raw.sum, price * quantity),
    ...(raw.gift === true ? { gift: true } : {}),
  };
}

function readLines(value: unknown): CartLine[] {
  return Array.isArray(value) ? value.map(readCartLine).filter((line) => line !== null) : [];
}

/**
 * The cart of any cart answer (GET /v1/cart, add, remove, clean, promo, gift, saved add/change). An answer without
 * recommendations (the promo answers) keeps the ones the cart had.
 */
export function readCart(answer: unknown, previous: CartData = EMPTY_CART): CartData {
  const body = isRecord(answer) ? answer : {};
  const cart = isRecord(body.cart) ? body.cart : {};
  const lines = readLines(cart.lines);
  const promo =
    isRecord(cart.promo) && typeof cart.promo.code === 'string' && isRecord(cart.promo.condition)
      ? {
          code: cart.promo.code,
          condition: {
            type: text(cart.promo.condition.type),
            percent: whole(cart.promo.condition.percent),
          },
        }
      : null;
  const subtotal = whole(
    cart.subtotal,
    lines.reduce((sum, line) => sum + line.cena * line.quantity, 0),
  );
  const total = whole(
    cart.total,
    lines.reduce((sum, line) => sum + line.sum, 0),
  );
  return {
    lines,
    gifts: readLines(cart.gifts),
    promo,
    subtotal,
    discount: whole(cart.discount, Math.max(0, subtotal - total)),
    total,
    count: whole(
      cart.count,
      lines.reduce((sum, line) => sum + line.quantity, 0),
    ),
    skidka: whole(cart.skidka),
    version: text(cart.version),
    code: typeof body.code === 'string' ? body.code : (promo?.code ?? null),
    hydr: body.hydr === true || lines.some((line) => line.katGlobal === 12),
    reco: Array.isArray(body.reco) ? (body.reco as ProductCard[]) : lines.length > 0 ? previous.reco : [],
    notices: Array.isArray(body.notices)
      ? body.notices.filter((item): item is string => typeof item === 'string')
      : [],
  };
}

/** Lines the server changed since the last look reach the buyer once, as a popup. */
export function announceCartNotices(store: AppStore, notices: readonly string[]): void {
  if (notices.length === 0) return;
  store.getState().showNotice({
    type: 'error',
    title: 'Корзина изменилась',
    text: notices.join(' '),
    action: { to: CART_URL, label: 'Открыть корзину' },
  });
}

/** Spec §4 «Add sets the whole cart from the response» — and so does every other cart answer. */
export function setCartFromAnswer(store: AppStore, answer: unknown): CartData {
  const cart = readCart(answer, store.getState().cart);
  store.getState().setCart(cart);
  announceCartNotices(store, cart.notices);
  return cart;
}

/** GET /v1/cart. */
export async function fetchCart(api: HttpClient, store: AppStore): Promise<CartData> {
  return setCartFromAnswer(store, await api.get('/v1/cart', { suppressErrors: true }));
}

/**
 * The cart again after a login or logout (the guest's cart merges into the user's at login and stays behind at
 * logout); pages that show the cart wait for it meanwhile.
 */
export async function reloadCart(api: HttpClient, store: AppStore): Promise<void> {
  store.getState().setCartPending(true);
  try {
    await fetchCart(api, store);
  } catch {
    // The shop works on with the cart it had; the next change brings the server's.
  } finally {
    store.getState().setCartPending(false);
  }
}
