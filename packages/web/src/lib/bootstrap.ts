// Start-up loads of spec §1: filters (not awaited), then user, cart and critical data together.

import type { CartAnswer } from '@efir/domain/cart-wire';
import type { PublicationFacets } from '@efir/domain/catalog-wire';
import {
  type Bootstrap,
  type CartData,
  type CriticalData,
  EMPTY_CART,
  EMPTY_CRITICAL,
  type FilterSource,
  type SessionUser,
} from './app-state.ts';
import { cartFromAnswer } from './cart-core.ts';
import { type HttpClient, HttpError } from './http-client.ts';
import { fetchSessionUser } from './session-user.ts';

const FILTER_CALLS = [
  { kind: 'articles', method: 'GET', path: '/api/v1/filter/articles' },
  { kind: 'recepts', method: 'GET', path: '/api/v1/filter/recepts' },
] as const;

/** Fire-and-forget: filter options arrive whenever they arrive; a failure leaves the defaults. */
export function startFilterLoads(
  api: HttpClient,
  onLoaded: (kind: FilterSource, options: PublicationFacets) => void,
): void {
  for (const call of FILTER_CALLS) {
    api
      .request<PublicationFacets>(call.method, call.path, { suppressErrors: true })
      .then((options) => onLoaded(call.kind, options))
      .catch(() => {});
  }
}

export async function loadUser(api: HttpClient, hasToken: boolean): Promise<SessionUser | null> {
  // A guest has no token; asking the server would only earn a 401.
  if (!hasToken) return null;
  try {
    return await fetchSessionUser(api);
  } catch {
    return null;
  }
}

export async function loadCart(api: HttpClient): Promise<CartData> {
  try {
    return cartFromAnswer(await api.get<CartAnswer>('/v1/cart', { suppressErrors: true }));
  } catch (error) {
    // No cart yet (or the cart service is unreachable): the shop still opens with an empty cart.
    if (error instanceof HttpError) return EMPTY_CART;
    throw error;
  }
}

async function loadCritical(api: HttpClient): Promise<CriticalData> {
  try {
    return {
      ...EMPTY_CRITICAL,
      ...(await api.get<CriticalData>('/api/v1/critical', { suppressErrors: true })),
    };
  } catch {
    return EMPTY_CRITICAL;
  }
}

export interface BootstrapOptions {
  hasToken: boolean;
  /**
   * The server render knows the request carries no cookie and no token: there is no cart to read (a guest's page,
   * rendered once for every guest), so the call is not made.
   */
  noCart?: boolean;
}

export async function loadBootstrap(api: HttpClient, options: BootstrapOptions): Promise<Bootstrap> {
  const [user, cart, critical] = await Promise.all([
    loadUser(api, options.hasToken),
    options.noCart ? EMPTY_CART : loadCart(api),
    loadCritical(api),
  ]);
  return { user, cart, critical };
}
