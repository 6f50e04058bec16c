// The chosen kind of delivery priced for where it goes (the address's postal code or the pickup point), again
// whenever the kind or the place changes; the draft keeps the tariff the quote leaves (applyQuote).
import type { DeliveryListWire, DeliveryOptionWire } from '@efir/domain/delivery-rules';
import { useEffect, useState } from 'react';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import { describeFailure } from '../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../lib/forms.ts';
import { findDestination, quoteChosenKind } from './checkout-api.ts';
import { applyQuote } from './delivery-choice.ts';
import { useCheckoutDraft, useUpdateCheckout } from './use-checkout.ts';
import type { Load } from './use-delivery-list.ts';

/** The quote of the chosen kind; null while no kind is chosen or the list is not there yet. */
export function useDeliveryQuote(listData: DeliveryListWire | null): Load<DeliveryOptionWire[]> | null {
  const { api } = useAppContext();
  const draft = useCheckoutDraft();
  const update = useUpdateCheckout();
  const user = useAppState((state) => state.user);
  const [quote, setQuote] = useState<Load<DeliveryOptionWire[]> | null>(null);
  const kind = draft.delivery.sposob_dost ?? null;
  const destination = JSON.stringify([kind, findDestination(draft, user)]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `destination` stands for the kind and the place
  useEffect(() => {
    if (kind == null || !listData) {
      setQuote(null);
      return;
    }
    let live = true;
    setQuote({ state: 'loading' });
    quoteChosenKind(api, draft, user, listData)
      .then(({ options }) => {
        if (!live) return;
        setQuote({ state: 'ready', data: options });
        update((current) => applyQuote(current, options));
      })
      .catch((failure: unknown) => {
        if (!live) return;
        // A refused postal code or point comes with its own Russian message.
        const fields = readServerFieldErrors(failure);
        const message = fields ? Object.values(fields)[0] : undefined;
        setQuote({ state: 'error', message: message ?? describeFailure(failure) });
      });
    return () => {
      live = false;
    };
  }, [api, destination, listData]);

  return quote;
}
