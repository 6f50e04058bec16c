// «Возврат» on an order's back-office page: what was paid online, returned and left, the refunds made, and the form
// for a full or partial refund through the payment system (asked once more before the money goes).
import { formatRub } from '@efir/domain/money';
import { useState } from 'react';
import { describeFailure } from '../../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../../lib/forms.ts';
import { useAdminApi } from '../admin-api.ts';
import { formatAdminDate } from '../admin-ui.tsx';
import { CardMessages, ConfirmBox, useCardAction } from './card-action.tsx';
import type { OrderDetail } from './orders-api.ts';

export function RefundCard({ order, onChanged }: { order: OrderDetail; onChanged(next: OrderDetail): void }) {
  const api = useAdminApi();
  const refunds = order.refunds;
  const [amount, setAmount] = useState(String(refunds?.left ?? ''));
  const [comment, setComment] = useState('');
  const [confirming, setConfirming] = useState(false);
  // One key per confirmed refund: a second click, or a repeat after the payment system did not answer, is the same
  // refund on the server. Kept until it succeeds; a new amount or comment is a new refund.
  const [refundKey, setRefundKey] = useState<string | null>(null);
  const { busy, failure, notice, run } = useCardAction(
    (error) => readServerFieldErrors(error)?.amount ?? describeFailure(error),
  );
  if (!refunds || refunds.paid === 0) return null;
  const value = Number(amount);
  const valid = Number.isInteger(value) && value >= 1 && value <= refunds.left;

  const send = () =>
    run(async () => {
      const answer = await api.post<{ refund: { amount: number; status: string }; order: OrderDetail }>(
        `/orders/${order.id}/refunds`,
        {
          amount: value,
          ...(comment.trim() ? { comment: comment.trim() } : {}),
          ...(refundKey ? { key: refundKey } : {}),
        },
      );
      setRefundKey(null);
      onChanged(answer.order);
      setAmount(String(answer.order.refunds?.left ?? 0));
      setComment('');
      setConfirming(false);
      return answer.refund.status === 'succeeded'
        ? `Возвращено ${formatRub(answer.refund.amount)}, покупателю ушло письмо.`
        : `Возврат ${formatRub(answer.refund.amount)} принят: банк вернёт деньги позже.`;
    });

  return (
    <div className="admin-card">
      <h2 className="order-detail__heading">Возврат</h2>
      <p className="order-detail__lines">
        <span>Оплачено онлайн: {formatRub(refunds.paid)}</span>
        <span>Возвращено: {formatRub(refunds.refunded)}</span>
        <span>Можно вернуть: {formatRub(refunds.left)}</span>
      </p>
      {refunds.items.length > 0 ? (
        <ul className="order-history">
          {refunds.items.map((refund) => (
            <li key={refund.id}>
              <span className="order-history__when">{formatAdminDate(refund.created_at)}</span>
              <span>
                {formatRub(refund.amount)} — {refund.status_name}
                {refund.comment ? <span className="order-detail__comment">«{refund.comment}»</span> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {refunds.left > 0 ? (
        <form
          className="order-refund"
          onSubmit={(event) => {
            event.preventDefault();
            if (!valid) return;
            // Without a secure context (plain http on a network address) there is no randomUUID: the server's
            // own rule then still refuses more than is left.
            setRefundKey(globalThis.crypto?.randomUUID?.() ?? null);
            setConfirming(true);
          }}
        >
          <label className="admin-inline-field">
            Сумма возврата, ₽
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={refunds.left}
              step={1}
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                setConfirming(false);
              }}
            />
          </label>
          <label className="admin-inline-field">
            Причина (для журнала)
            <textarea
              value={comment}
              maxLength={500}
              rows={2}
              onChange={(event) => setComment(event.target.value)}
            />
          </label>
          {confirming ? (
            <ConfirmBox
              label="Возврат денег"
              confirm={busy ? 'Возвращаем…' : 'Да, вернуть'}
              keep="Не возвращать"
              busy={busy}
              onConfirm={() => void send()}
              onKeep={() => setConfirming(false)}
            >
              Вернуть {formatRub(value)} покупателю {order.name}? Деньги уйдут через платёжную систему,
              покупатель получит письмо.
            </ConfirmBox>
          ) : (
            <button type="submit" className="button button--small" disabled={!valid}>
              Вернуть деньги…
            </button>
          )}
          {!valid && amount !== '' ? (
            <p className="admin-muted">Целое число рублей от 1 до {formatRub(refunds.left)}.</p>
          ) : null}
        </form>
      ) : (
        <p className="admin-muted">Оплата возвращена полностью.</p>
      )}
      <CardMessages failure={failure} notice={notice} />
    </div>
  );
}
