// «Оплатить картой» and «Оплатить через СБП» side by side, wherever an unpaid online order can be paid (the order's
// page after checkout, /my-orders, the payment result page).
import { formatRub } from '@efir/domain/money';
import { useState } from 'react';
import type { OnlineMethod } from '../../lib/orders.ts';

export function PayOnlineButtons({
  total,
  onPay,
  small = false,
}: {
  total: number;
  /** Resolves only when the browser did not leave for the payment page (a failure to show). */
  onPay: (method: OnlineMethod) => Promise<void>;
  small?: boolean;
}) {
  const [paying, setPaying] = useState<OnlineMethod | null>(null);
  const size = small ? ' button--small' : '';
  const pay = async (method: OnlineMethod) => {
    setPaying(method);
    try {
      await onPay(method);
    } finally {
      setPaying(null);
    }
  };
  return (
    <>
      <button
        type="button"
        className={`button${size}`}
        disabled={paying !== null}
        onClick={() => void pay('bank_card')}
      >
        {paying === 'bank_card' ? 'Переходим к оплате…' : `Оплатить картой ${formatRub(total)}`}
      </button>
      <button
        type="button"
        className={`button button--ghost${size}`}
        disabled={paying !== null}
        onClick={() => void pay('sbp')}
      >
        {paying === 'sbp' ? 'Переходим к оплате…' : 'Оплатить через СБП'}
      </button>
    </>
  );
}
