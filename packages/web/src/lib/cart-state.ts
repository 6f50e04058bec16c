// The cart of spec §3–§4 and its calls (spec §7 Cart): every answer that carries the cart sets the whole cart in the
// store, so the top bar, the cart page and the checkout always show the server's lines and totals. What the page
// frame needs at start lives in cart-core.ts (kept in the entry chunk); this module loads with the pages.

import type { CartAnswer, CartGiftsAnswer, CartLine, CartPromoAnswer } from '@efir/domain/cart-wire';
import type { CartCertificatesAnswer } from '@efir/domain/gift-certificate-wire';
import { formatRub } from '@efir/domain/money';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { useAppContext, useAppState } from './app-context.tsx';
import { type AppStore, type CartData, EMPTY_CART } from './app-state.ts';
import { CART_URL, fetchCart, setCartFromAnswer } from './cart-core.ts';
import { type HttpClient, HttpError } from './http-client.ts';

export { CART_URL, CHECKOUT_URL, MAX_LINE_QUANTITY, reloadCart } from './cart-core.ts';

/** «Лаванда узколистная, 10 мл». */
export function describeLine(line: Pick<CartLine, 'name' | 'volume'>): string {
  return line.volume ? `${line.name}, ${line.volume}` : line.name;
}

/** The 409 of POST /v1/cart/{id} for a product that is sold out: the buyer is offered the waitlist instead. */
export function isOutOfStock(error: unknown): boolean {
  return (
    error instanceof HttpError &&
    error.detail.status === 409 &&
    Array.isArray(error.detail.errors?.quantity) &&
    error.detail.errors.quantity.length > 0
  );
}

/** POST /v1/cart/{id} {quantity}: adds units (the server caps the line at the stock). */
export async function addToCart(
  api: HttpClient,
  store: AppStore,
  productId: number,
  quantity = 1,
): Promise<CartData> {
  return setCartFromAnswer(
    store,
    await api.post<CartAnswer>(`/v1/cart/${productId}`, { body: { quantity } }),
  );
}

/** The popup after «В корзину»: what was added and the way to the cart. */
export function announceAdded(store: AppStore, cart: CartData, productId: number): void {
  const line = cart.lines.find((item) => item.id === productId);
  store.getState().showNotice({
    type: 'success',
    title: 'Добавлено в корзину',
    text: `${line ? `«${describeLine(line)}» — ${line.quantity} шт. ` : ''}В корзине ${formatCount(cart.count, GOODS_FORMS)} на ${formatRub(cart.total)}.`,
    action: { to: CART_URL, label: 'Перейти в корзину' },
  });
}

/** DELETE /v1/cart/{id}: one unit less. */
export async function removeOneFromCart(api: HttpClient, store: AppStore, productId: number) {
  return setCartFromAnswer(store, await api.delete<CartAnswer>(`/v1/cart/${productId}`));
}

/** DELETE /v1/cart/line/{id}: the whole line. */
export async function removeCartLine(api: HttpClient, store: AppStore, productId: number) {
  return setCartFromAnswer(store, await api.delete<CartAnswer>(`/v1/cart/line/${productId}`));
}

/** GET /v1/cart/clean (the client's `ar` header is what the server checks). */
export async function cleanCart(api: HttpClient, store: AppStore) {
  return setCartFromAnswer(store, await api.get<CartAnswer>('/v1/cart/clean'));
}

export interface PromoResult {
  error: boolean;
  text: string;
}

/** PUT /v1/cart/promo/code: spec §4 — the code is set when the answer's message is cart/promo. */
export async function applyPromoCode(api: HttpClient, store: AppStore, code: string): Promise<PromoResult> {
  const answer = await api.put<CartPromoAnswer>('/v1/cart/promo/code', { body: { code } });
  setCartFromAnswer(store, answer);
  return { error: answer.error, text: answer.text };
}

/** DELETE /v1/cart/promo/code: the code is cleared when the message says cart/promo/clear. */
export async function clearPromoCode(api: HttpClient, store: AppStore): Promise<void> {
  setCartFromAnswer(store, await api.delete<CartAnswer>('/v1/cart/promo/code'));
}

export type CartCertificate = CartCertificatesAnswer['certificates'][number];

/** GET /v1/cart/certificates: the gift certificates entered in the cart's field (decision 045). */
export async function fetchCartCertificates(api: HttpClient): Promise<CartCertificate[]> {
  return (await api.get<CartCertificatesAnswer>('/v1/cart/certificates', { suppressErrors: true }))
    .certificates;
}

/** DELETE /v1/cart/certificates/{id}: the certificate will not pay this order. */
export async function removeCartCertificate(api: HttpClient, id: number): Promise<CartCertificate[]> {
  return (await api.delete<CartCertificatesAnswer>(`/v1/cart/certificates/${id}`)).certificates;
}

export type CartGifts = Omit<CartGiftsAnswer, 'message'>;

/** GET /v1/cart/gifts: gifts and whether the cart total unlocks them. */
export async function fetchGifts(api: HttpClient): Promise<CartGifts> {
  return api.get<CartGiftsAnswer>('/v1/cart/gifts', { suppressErrors: true });
}

/** PUT /v1/cart/gift {id|null}. */
export async function chooseGift(api: HttpClient, store: AppStore, id: number | null) {
  return setCartFromAnswer(store, await api.put<CartAnswer>('/v1/cart/gift', { body: { id } }));
}

/** PUT /v1/cart/save: spec §4 — saving empties the cart and returns a link to the saved one. */
export async function saveCart(api: HttpClient, store: AppStore): Promise<{ link: string; id: number }> {
  const answer = await api.put<{ link: string; id: number }>('/v1/cart/save');
  store.getState().setCart(EMPTY_CART);
  void fetchCart(api, store).catch(() => {});
  return { link: answer.link, id: answer.id };
}

/** POST /v1/cart/save/add/{id|token} (add to the cart) or …/change/… (replace the cart with the saved one). */
export async function applySavedCart(
  api: HttpClient,
  store: AppStore,
  key: string | number,
  mode: 'add' | 'change',
): Promise<CartData> {
  return setCartFromAnswer(
    store,
    await api.post<CartAnswer>(`/v1/cart/save/${mode}/${encodeURIComponent(String(key))}`),
  );
}

/** DELETE /v1/cart/save/{id}. */
export async function deleteSavedCart(api: HttpClient, id: number): Promise<void> {
  await api.delete(`/v1/cart/save/${id}`);
}

export interface BulkAddResult {
  added: string[];
  failed: Array<{ name: string; reason: string }>;
  cart: CartData | null;
}

/** Adds one unit of each product in turn («Добавить все ингредиенты в корзину»); reports what did not go in. */
export async function addManyToCart(
  api: HttpClient,
  store: AppStore,
  items: ReadonlyArray<{ id: number; name: string; stock: number | null }>,
): Promise<BulkAddResult> {
  const result: BulkAddResult = { added: [], failed: [], cart: null };
  const seen = new Set<number>();
  for (const item of items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    if (item.stock !== null && item.stock <= 0) {
      result.failed.push({ name: item.name, reason: 'нет в наличии' });
      continue;
    }
    try {
      const before = store.getState().cart.lines.find((line) => line.id === item.id)?.quantity ?? 0;
      result.cart = await addToCart(api, store, item.id, 1);
      const after = result.cart.lines.find((line) => line.id === item.id)?.quantity ?? 0;
      if (after > before) result.added.push(item.name);
      else result.failed.push({ name: item.name, reason: 'в корзине уже всё, что есть на складе' });
    } catch (error) {
      result.failed.push({
        name: item.name,
        reason: isOutOfStock(error) ? 'нет в наличии' : 'не получилось добавить',
      });
    }
  }
  return result;
}

export function useCart(): CartData {
  return useAppState((state) => state.cart);
}

/**
 * The gift certificates entered in the cart's field, as GET /v1/cart/certificates lists them (none until they arrive,
 * none on a failure), and the setter for the answers that change them.
 */
export function useCartCertificates(): [CartCertificate[], Dispatch<SetStateAction<CartCertificate[]>>] {
  const { api } = useAppContext();
  const [certificates, setCertificates] = useState<CartCertificate[]>([]);
  useEffect(() => {
    let live = true;
    fetchCartCertificates(api)
      .then((list) => live && setCertificates(list))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [api]);
  return [certificates, setCertificates];
}

/** Units of this product already in the cart. */
export function useQuantityInCart(productId: number): number {
  return useAppState((state) => state.cart.lines.find((line) => line.id === productId)?.quantity ?? 0);
}
