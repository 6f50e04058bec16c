// The chosen kind of delivery priced for where it goes (the address's postal code or the pickup point), again
// whenever the kind, the place or the list changes (they are in the key); the draft keeps the tariff the quote
// leaves (applyQuote).
import type { DeliveryListWire, DeliveryOptionWire } from '@efir/domain/delivery-rules';
import { useEffect } from 'react';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import { describeFailure } from '../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../lib/forms.ts';
import { type RemoteData, useRemoteData } from '../../lib/remote-data.ts';
import { findDestination, quoteChosenKind } from './checkout-api.ts';
import { applyQuote } from './delivery-choice.ts';
import { useCheckoutDraft, useUpdateCheckout } from './use-checkout.ts';

/**
 * The quote of the chosen kind; null while no kind is chosen or the list is not there yet. The list comes with
 * its key (useDeliveryList's): a new list prices anew.
 */
export function useDeliveryQuote(
  list: { key: string; data: DeliveryListWire } | null,
): RemoteData<DeliveryOptionWire[]> | null {
  const { api } = useAppContext();
  const draft = useCheckoutDraft();
  const update = useUpdateCheckout();
  const user = useAppState((state) => state.user);
  const kind = draft.delivery.sposob_dost ?? null;
  const key =
    kind == null || !list
      ? null
      : `delivery-quote:${list.key}:${JSON.stringify(findDestination(draft, user))}:${kind}`;
  const quote = useRemoteData(key, async () =>
    list ? (await quoteChosenKind(api, draft, user, list.data)).options : [],
  );
  // Each new answer (only the current key's reaches here) leaves its tariff in the draft.
  const options = quote.data;
  useEffect(() => {
    if (options) update((current) => applyQuote(current, options));
  }, [options, update]);
  return key === null ? null : quote;
}

/** A refused postal code or point comes with its own Russian message; any other failure is described. */
export function describeQuoteFailure(failure: unknown): string {
  const fields = readServerFieldErrors(failure);
  return (fields ? Object.values(fields)[0] : undefined) ?? describeFailure(failure);
}
