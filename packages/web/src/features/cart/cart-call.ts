// One cart call at a time per key, a failure shown as a popup: the cart page's lines and tools share it.
import { useState } from 'react';
import { useAppContext } from '../../lib/app-context.tsx';
import { describeFailure } from '../../lib/failure-message.ts';

export type CartCall = ReturnType<typeof useCartCall>;

/** Runs one cart call at a time per key and turns a failure into a popup. */
export function useCartCall() {
  const { store } = useAppContext();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, call: () => Promise<unknown>, failTitle = 'Корзина не изменилась') => {
    setBusy(key);
    try {
      await call();
      return true;
    } catch (error) {
      store.getState().showNotice({ type: 'error', title: failTitle, text: describeFailure(error) });
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
