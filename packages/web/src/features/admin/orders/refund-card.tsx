// «Возврат» on an order's back-office page: what was paid online, returned and left, the refunds made, and the form
// for a full or partial refund through the payment system (asked once more before the money goes).
import { formatRub } from '@efir/domain/money';
import { useState } from 'react';
import { describeFailure } from '../../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../../lib/forms.ts';
import { useAdminApi } from '../admin-api.ts';
import { formatAdminDate } from '../admin-ui.tsx';
import type { OrderDetail } from './orders-api.ts';

export function RefundCard({ order, onChanged }: { order: OrderDetail; onChanged(next: OrderDetail): void }) {
  const api = useAdminApi();
  const refunds = order.refunds;
  const [amount, setAmount] = useState(String(refunds?.left ?? ''));
  const [comment, setComment] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (!refunds || refunds.paid === 0) return null;
  const value = Number(amount);
  const valid = Number.isInteger(value) && value >= 1 && value <= refunds.left;

  const send = async () => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      const answer = await api.post<{ refund: { amount: number; status: string }; order: OrderDetail }>(
        `/orders/${order.id}/refunds`,
        { amount: value, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      );
      onChanged(answer.order);
      setNotice(
        answer.refund.status === 'succeeded'
          ? `Возвращено ${formatRub(answer.refund.amount)}, покупателю ушло письмо.`
          : `Возврат ${formatRub(answer.refund.amount)} принят: банк вернёт деньги позже.`,
      );
      setAmount(String(answer.order.refunds?.left ?? 0));
      setComment('');
      setConfirming(false);
    } catch (error) {
      setFailure(readServerFieldErrors(error)?.amount ?? describeFailure(error));
    } finally {
      setBusy(false);
    }
  };

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
            if (valid) setConfirming(true);
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
            <div className="order-status__confirm" role="alertdialog" aria-label="Возврат денег">
              <p>
                Вернуть {formatRub(value)} покупателю {order.name}? Деньги уйдут через платёжную систему,
                покупатель получит письмо.
              </p>
              <div className="order-status__buttons">
                <button
                  type="button"
                  className="button button--small button--danger"
                  disabled={busy}
                  aria-busy={busy || undefined}
                  onClick={() => void send()}
                >
                  {busy ? 'Возвращаем…' : 'Да, вернуть'}
                </button>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  disabled={busy}
                  onClick={() => setConfirming(false)}
                >
                  Не возвращать
                </button>
              </div>
            </div>
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
      {failure ? (
        <p className="order-detail__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <p className="order-detail__notice" role="status">
        {notice}
      </p>
    </div>
  );
}
