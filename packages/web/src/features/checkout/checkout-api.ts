// The delivery calls of spec §7 (30 s timeouts, set by the HTTP client) and the quote of the chosen way of delivery.

import type {
  AddressWire as UserAddress,
  PickupPointWire as UserPickupPoint,
} from '@efir/domain/account-schemas';
import type {
  AddressSuggestionsAnswer,
  AddressSuggestionWire,
  CourierCostAnswer,
  DeliveryListWire,
  DeliveryOptionWire,
  PickupPointListAnswer,
  PickupPointSearchAnswer,
  PickupPointWire,
  PvzCostAnswer,
} from '@efir/domain/delivery-rules';
import type { CheckoutDraft, DeliveryQuoteDraft } from '../../lib/app-state.ts';
import type { HttpClient } from '../../lib/http-client.ts';
import { getKindNeeds } from './checkout-rules.ts';

/** GET /api/v1/calculator/list: every method with its kinds, priced «from» for this cart. */
export function fetchDeliveryList(api: HttpClient): Promise<DeliveryListWire> {
  return api.get<DeliveryListWire>('/api/v1/calculator/list', { suppressErrors: true });
}

/** POST /api/v1/calculator/courier-cost {zip}: the ways to an address with this postal code. */
export async function fetchCourierCost(api: HttpClient, zip: string): Promise<DeliveryOptionWire[]> {
  const answer = await api.post<CourierCostAnswer>('/api/v1/calculator/courier-cost', {
    body: { zip },
    suppressErrors: true,
  });
  return answer.options;
}

/** POST /api/v1/calculator/pvz-cost {code, type}: the price to one pickup point. */
export async function fetchPointCost(api: HttpClient, code: string, type: number): Promise<PvzCostAnswer> {
  return api.post<PvzCostAnswer>('/api/v1/calculator/pvz-cost', {
    body: { code, type },
    suppressErrors: true,
  });
}

export type PointList = PickupPointListAnswer;

/** POST /api/v1/calculator/pvz {city, type}: the points of one carrier kind in a city, and the cities it has. */
export async function fetchPoints(api: HttpClient, city: string, type: number): Promise<PointList> {
  return api.post<PickupPointListAnswer>('/api/v1/calculator/pvz', {
    body: city ? { city, type } : { type },
    suppressErrors: true,
  });
}

/** POST /api/v1/calculator/pvz-search {qs}: points matching an address, metro station or city. */
export async function searchPoints(api: HttpClient, qs: string): Promise<PickupPointWire[]> {
  const answer = await api.post<PickupPointSearchAnswer>('/api/v1/calculator/pvz-search', {
    body: { qs },
    suppressErrors: true,
  });
  return answer.points;
}

/** GET /api/v1/address?q=: street suggestions. */
export async function fetchAddressSuggestions(
  api: HttpClient,
  q: string,
  signal?: AbortSignal,
): Promise<AddressSuggestionWire[]> {
  const answer = await api.get<AddressSuggestionsAnswer>(`/api/v1/address?q=${encodeURIComponent(q)}`, {
    suppressErrors: true,
    ...(signal ? { signal } : {}),
  });
  return answer.suggestions;
}

export function toQuoteDraft(option: DeliveryOptionWire): DeliveryQuoteDraft {
  return {
    price: option.price,
    priceText: option.priceText,
    term: option.term?.text ?? null,
    tarifName: option.tarifName,
  };
}

/** The cheapest available option; the first one (with its reason) when none is available. */
export function pickBest(options: DeliveryOptionWire[]): DeliveryOptionWire | undefined {
  const available = options.filter((option) => option.available);
  if (available.length === 0) return options[0];
  return available.reduce((best, option) =>
    (option.price ?? Infinity) < (best.price ?? Infinity) ? option : best,
  );
}

export interface DeliveryQuoteResult {
  /** Options of the chosen kind for this destination (tariffs to choose from for CDEK and Boxberry). */
  options: DeliveryOptionWire[];
  /** Whether they are exact (a destination is known) or «from» prices of the list. */
  exact: boolean;
}

/** Where the chosen kind is delivered to, as the calculator needs it. */
export function findDestination(
  draft: CheckoutDraft,
  user: { addresses: UserAddress[]; pvz: UserPickupPoint[] } | null,
): { zip: string | null; point: { code: string; type: number } | null } {
  const { delivery } = draft;
  const needs = getKindNeeds(delivery.sposob_dost);
  if (needs === 'address' || needs === 'address-tarif') {
    if (delivery.adrec != null) {
      const saved = user?.addresses.find((address) => address.id === delivery.adrec);
      return { zip: saved?.zip || null, point: null };
    }
    return { zip: delivery.addressNew?.zip || null, point: null };
  }
  if (needs === 'point') {
    if (delivery.pvz != null) {
      const saved = user?.pvz.find((point) => point.id === delivery.pvz);
      return { zip: null, point: saved ? { code: saved.code, type: saved.type } : null };
    }
    return {
      zip: null,
      point: delivery.pvzNew ? { code: delivery.pvzNew.code, type: delivery.pvzNew.type } : null,
    };
  }
  return { zip: null, point: null };
}

/**
 * Prices the chosen kind for where it goes: a pickup point by pvz-cost, an address with a postal code by
 * courier-cost (5Post has no courier price: its table price comes from the list), anything else from the list.
 */
export async function quoteChosenKind(
  api: HttpClient,
  draft: CheckoutDraft,
  user: { addresses: UserAddress[]; pvz: UserPickupPoint[] } | null,
  list: DeliveryListWire | null,
): Promise<DeliveryQuoteResult> {
  const kind = draft.delivery.sposob_dost;
  const fromList = () => {
    const method = list?.methods.find((item) => item.kinds.some((option) => option.type === kind));
    return method?.kinds.filter((option) => option.type === kind) ?? [];
  };
  if (kind == null) return { options: [], exact: false };
  const destination = findDestination(draft, user);
  if (destination.point) {
    const answer = await fetchPointCost(api, destination.point.code, destination.point.type);
    return { options: answer.options.filter((option) => option.type === kind), exact: true };
  }
  if (destination.zip && kind !== 14) {
    const options = await fetchCourierCost(api, destination.zip);
    return { options: options.filter((option) => option.type === kind), exact: true };
  }
  return { options: fromList(), exact: getKindNeeds(kind) === 'nothing' || kind === 14 };
}
