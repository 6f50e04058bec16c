// Orders as the checkout, the payment page and the account see them (spec §7 Order, my-orders): the order view,
// card payment through YooKassa, and the keys that let a guest look at and pay for their own orders.
import type { OrderPaymentAnswer, OrderView } from '@efir/domain/order-wire';
import type { HttpClient } from './http-client.ts';

/** spec §3 payment method «5 card online»: a card on YooKassa's page or СБП. */
export const CARD_ONLINE = 5;

/** How an online order is paid through YooKassa (decision 028). */
export type OnlineMethod = NonNullable<OrderPaymentAnswer['payment']>['method'];

/** A card order that still waits for its money (a failed attempt may be repeated). */
export function canPayOnline(order: Pick<OrderView, 'sposob_oplat' | 'payment_state' | 'status'>): boolean {
  return (
    order.sposob_oplat === CARD_ONLINE &&
    order.status !== 'cancelled' &&
    (order.payment_state === 'awaiting' ||
      order.payment_state === 'pending' ||
      order.payment_state === 'canceled')
  );
}

const GUEST_ORDERS_KEY = 'efir_orders';
/** A guest's last few orders are enough; older keys fall out. */
const GUEST_ORDERS_LIMIT = 20;

function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Read defensively: localStorage holds whatever an older version of the shop (or the visitor) left there. */
function readGuestKeys(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(localStore()?.getItem(GUEST_ORDERS_KEY) ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, string>)
      : {};
  } catch {
    return {};
  }
}

/** Spec: a guest keeps the order's key in local storage to look at (and pay for) the order later. */
export function rememberGuestOrder(orderId: number, key: string): void {
  try {
    const keys = readGuestKeys();
    keys[String(orderId)] = key;
    const kept = Object.entries(keys).slice(-GUEST_ORDERS_LIMIT);
    localStore()?.setItem(GUEST_ORDERS_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Without storage the key still travels in the payment return address.
  }
}

export function findGuestOrderKey(orderId: number): string | undefined {
  const key = readGuestKeys()[String(orderId)];
  return typeof key === 'string' ? key : undefined;
}

/**
 * The order's own page (/checkout/done): its number, what happens next and «Оплатить» while unpaid. A guest's key
 * travels in the address where the page may open in another tab (the payment result's link).
 */
export function orderPageUrl(orderId: number, key?: string): string {
  return `/checkout/done?order=${orderId}${key ? `&key=${encodeURIComponent(key)}` : ''}`;
}

const PLACED_ORDER_KEY = 'efir_placed_order';

/**
 * The order this tab placed last, and whose it is (0: a guest's): an emptied checkout reached again (Back, a
 * bookmark) leads to it — for the same visitor only, so after a logout the next one is not shown it.
 */
export function rememberPlacedOrder(orderId: number, userId: number): void {
  try {
    if (typeof sessionStorage === 'undefined') return;
    sessionStorage.setItem(PLACED_ORDER_KEY, JSON.stringify({ order: orderId, user: userId }));
  } catch {
    // Without storage the history alone leads back to the order.
  }
}

export function findPlacedOrder(userId: number): number | null {
  try {
    if (typeof sessionStorage === 'undefined') return null;
    const value: unknown = JSON.parse(sessionStorage.getItem(PLACED_ORDER_KEY) ?? 'null');
    const { order, user } = (value ?? {}) as { order?: unknown; user?: unknown };
    return typeof order === 'number' && Number.isInteger(order) && order > 0 && user === userId
      ? order
      : null;
  } catch {
    return null;
  }
}

/** POST /v1/my-orders/{id} {key?}: the order's detail for its owner. */
export async function fetchOrder(api: HttpClient, orderId: number, key?: string): Promise<OrderView> {
  const answer = await api.post<{ order: OrderView }>(`/v1/my-orders/${orderId}`, {
    body: key ? { key } : {},
    suppressErrors: true,
  });
  return answer.order;
}

export type PaymentCheck = OrderPaymentAnswer;

/** GET /v1/order/{id}/payment?key=: how the card payment ended (the server asks the provider while pending). */
export async function fetchPayment(api: HttpClient, orderId: number, key?: string): Promise<PaymentCheck> {
  const query = key ? `?key=${encodeURIComponent(key)}` : '';
  return api.get<PaymentCheck>(`/v1/order/${orderId}/payment${query}`, { suppressErrors: true });
}

/**
 * A phone or tablet opens the bank's app for СБП; a desktop shows a QR code to scan instead. A phone says so in its
 * user agent (or its client hints); an iPad that calls itself a Mac is told by its touch screen without a mouse.
 */
function isPhone(): boolean {
  if (typeof navigator === 'undefined') return false;
  const hints = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  if (hints?.mobile === true || /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)) return true;
  return (
    typeof matchMedia === 'function' &&
    matchMedia('(pointer: coarse)').matches &&
    matchMedia('(hover: none)').matches
  );
}

/**
 * PUT /v1/order/yookassa: the live payment of an online order; the browser goes to its confirmation page. An order
 * paid meanwhile has no confirmation page, nor has СБП on a desktop: the return address (/yookassa) shows the
 * result, or the QR code while the payment waits.
 */
export async function startCardPayment(
  api: HttpClient,
  orderId: number,
  key?: string,
  method: OnlineMethod = 'bank_card',
): Promise<void> {
  const answer = await api.put<{ status?: string; confirmation_url?: string | null }>('/v1/order/yookassa', {
    body: {
      order_id: orderId,
      ...(key ? { key } : {}),
      method,
      ...(method === 'sbp' ? { device: isPhone() ? 'phone' : 'desktop' } : {}),
    },
  });
  const target =
    answer?.confirmation_url ?? `/yookassa?order=${orderId}${key ? `&key=${encodeURIComponent(key)}` : ''}`;
  window.location.assign(target);
}
