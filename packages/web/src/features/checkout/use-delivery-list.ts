// GET /api/v1/calculator/list for the «Доставка» step: read again when the cart's total or its hydrolats change,
// and on «Повторить» after a failure.
import type { DeliveryListWire } from '@efir/domain/delivery-rules';
import { useEffect, useState } from 'react';
import { useAppContext } from '../../lib/app-context.tsx';
import { useCart } from '../../lib/cart-state.ts';
import { describeFailure } from '../../lib/failure-message.ts';
import { fetchDeliveryList } from './checkout-api.ts';

export type Load<T> =
  | { state: 'loading' }
  | { state: 'ready'; data: T }
  | { state: 'error'; message: string };

export function useDeliveryList(): { list: Load<DeliveryListWire>; retry: () => void } {
  const { api } = useAppContext();
  const cart = useCart();
  const [list, setList] = useState<Load<DeliveryListWire>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new total or hydrolats flag changes the prices
  useEffect(() => {
    let live = true;
    setList({ state: 'loading' });
    fetchDeliveryList(api)
      .then((data) => {
        if (live) setList({ state: 'ready', data });
      })
      .catch((failure: unknown) => {
        if (live) setList({ state: 'error', message: describeFailure(failure) });
      });
    return () => {
      live = false;
    };
  }, [api, cart.total, cart.hydr, attempt]);

  return { list, retry: () => setAttempt((n) => n + 1) };
}
