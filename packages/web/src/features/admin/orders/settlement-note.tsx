// «К доплате» / «К возврату» on a paid order whose total was changed (decision 055): what the payment system took,
// less what went back, against what the order now costs (the gift certificates' part aside).
import { formatRub } from '@efir/domain/money';
import type { OrderDetail } from './orders-api.ts';

function settlementOf(order: OrderDetail): { kind: 'extra' | 'refund'; amount: number } | null {
  const refunds = order.refunds;
  if (!refunds || refunds.paid === 0 || order.status === 'cancelled') return null;
  const due = order.to_pay - (refunds.paid - refunds.refunded);
  if (due === 0) return null;
  return due > 0 ? { kind: 'extra', amount: due } : { kind: 'refund', amount: -due };
}

export function SettlementNote({ order }: { order: OrderDetail }) {
  const settlement = settlementOf(order);
  if (!settlement) return null;
  return (
    <div className="admin-card order-settlement" role="status">
      <h2 className="order-detail__heading">
        {settlement.kind === 'refund' ? 'К возврату' : 'К доплате'} {formatRub(settlement.amount)}
      </h2>
      <p className="admin-muted">
        {settlement.kind === 'refund'
          ? `Заказ подешевел после оплаты. Верните ${formatRub(settlement.amount)} в блоке «Возврат» ниже — покупателю уже написали, что деньги вернутся.`
          : `Заказ подорожал после оплаты. Договоритесь с покупателем о доплате ${formatRub(settlement.amount)}: переводом или при получении.`}
      </p>
    </div>
  );
}
