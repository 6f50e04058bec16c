// GET /api/v1/calculator/list for the «Доставка» step: read again when the cart's total or its hydrolats change
// (they are in the key), and on «Повторить» after a failure.
import { useAppContext } from '../../lib/app-context.tsx';
import { useCart } from '../../lib/cart-state.ts';
import { useRemoteData } from '../../lib/remote-data.ts';
import { fetchDeliveryList } from './checkout-api.ts';

export function useDeliveryList() {
  const { api } = useAppContext();
  const cart = useCart();
  const key = `delivery-list:${cart.total}:${cart.hydr}`;
  return { key, ...useRemoteData(key, () => fetchDeliveryList(api)) };
}
