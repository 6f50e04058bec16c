// The part of the cart (spec §3–§4) the page frame needs at start: reading the server's answer into the store, the
// top bar's summary and the reload after a login. The calls of the cart page and the buttons are in cart-state.ts,
// which loads with the pages that use them.

import type { CartAnswer, CartPromoAnswer } from '@efir/domain/cart-wire';
import { CART_PAGE_PATH } from '@efir/domain/http-contract';
import { type AppStore, type CartData, EMPTY_CART } from './app-state.ts';
import type { HttpClient } from './http-client.ts';

export const CART_URL = CART_PAGE_PATH;
export const CHECKOUT_URL = '/checkout';
/** The server caps a line at this many units (and at the stock). */
export const MAX_LINE_QUANTITY = 99;

/**
 * The cart of any cart answer (GET /v1/cart, add, remove, clean, promo, gift, saved add/change): the server's
 * `response` schemas guarantee its shape (domain/cart-wire.ts). The promo answer has no recommendations and no
 * notices: it keeps the recommendations the cart had.
 */
export function cartFromAnswer(
  answer: CartAnswer | CartPromoAnswer,
  previous: CartData = EMPTY_CART,
): CartData {
  return {
    ...answer.cart,
    code: answer.code,
    hydr: answer.hydr,
    reco: 'reco' in answer ? answer.reco : answer.cart.lines.length > 0 ? previous.reco : [],
    notices: 'notices' in answer ? answer.notices : [],
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
export function setCartFromAnswer(store: AppStore, answer: CartAnswer | CartPromoAnswer): CartData {
  const cart = cartFromAnswer(answer, store.getState().cart);
  store.getState().setCart(cart);
  announceCartNotices(store, cart.notices);
  return cart;
}

/** GET /v1/cart. */
export async function fetchCart(api: HttpClient, store: AppStore): Promise<CartData> {
  return setCartFromAnswer(store, await api.get<CartAnswer>('/v1/cart', { suppressErrors: true }));
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
