// The checkout draft of the store for the steps: read it (an empty one until the first change) and change it.
import { useCallback, useSyncExternalStore } from 'react';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import type { CheckoutDraft, CheckoutStep } from '../../lib/app-state.ts';
import { createCheckoutDraft } from '../../lib/checkout-draft.ts';

const EMPTY_DRAFT = createCheckoutDraft();

export function useCheckoutDraft(): CheckoutDraft {
  return useAppState((state) => state.checkout) ?? EMPTY_DRAFT;
}

export function useUpdateCheckout(): (change: (draft: CheckoutDraft) => CheckoutDraft) => void {
  const { store } = useAppContext();
  return useCallback(
    (change) => {
      const current = store.getState().checkout ?? createCheckoutDraft();
      store.getState().setCheckout(change(current));
    },
    [store],
  );
}

/** Confirms a step («Далее»); a change on an earlier step keeps later ones confirmed only while they still hold. */
export function markPassed(draft: CheckoutDraft, step: CheckoutStep): CheckoutDraft {
  return draft.passed.includes(step) ? draft : { ...draft, passed: [...draft.passed, step] };
}

const subscribeNothing = () => () => {};

/**
 * False on the server and while the browser hydrates, true afterwards: the checkout lives in this tab's session
 * storage, which the server render cannot see, so the steps render only in the browser.
 */
export function useIsBrowser(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
