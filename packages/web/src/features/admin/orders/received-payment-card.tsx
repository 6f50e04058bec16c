// «Оплата при получении / по счёту» on an order's back-office page (issue 38 point 3, decision 056): what the
// customer's method must bring, what was marked received (a part at a time if it came so), and «Отметить оплату» —
// the amount and the day the money came, for a bank transfer, cash at pickup or cash on delivery.
import { formatDateShort } from '@efir/domain/dates';
import { formatRub } from '@efir/domain/money';
import type { ReceivedPayments } from '@efir/domain/order-papers-wire';
import { useState } from 'react';
import { describeFailure } from '../../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../../lib/forms.ts';
import { useAdminApi, useAdminData } from '../admin-api.ts';
import { CardMessages, useCardAction } from './card-action.tsx';
import type { OrderDetail } from './orders-api.ts';

/** «2026-12-08»: today in Moscow, the form's default day. */
function moscowToday(): string {
  return new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
}

/** A key for one confirmed mark; without a secure context there is no randomUUID, so it is made by hand. */
function newKey(): string {
  const made = globalThis.crypto?.randomUUID?.();
  if (made) return made;
  const hex = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

export function ReceivedPaymentCard({
  order,
  onChanged,
}: {
  order: OrderDetail;
  onChanged(next: OrderDetail): void;
}) {
  const data = useAdminData<{ payments: ReceivedPayments }>(`/orders/${order.id}/received-payments`);
  // Card payments have their own card (and the payment system's word); this one is for money the shop receives.
  if (order.sposob_oplat === 5 || data.status !== 'ready') return null;
  return (
    <ReceivedPaymentForm
      order={order}
      payments={data.data.payments}
      onChanged={(next, payments) => {
        data.update(() => ({ payments }));
        onChanged(next);
      }}
    />
  );
}

function ReceivedPaymentForm({
  order,
  payments,
  onChanged,
}: {
  order: OrderDetail;
  payments: ReceivedPayments;
  onChanged(next: OrderDetail, payments: ReceivedPayments): void;
}) {
  const api = useAdminApi();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(String(payments.left));
  const [day, setDay] = useState(moscowToday);
  const [comment, setComment] = useState('');
  const [key, setKey] = useState(newKey);
  const { busy, failure, notice, run } = useCardAction((error) => {
    const fields = readServerFieldErrors(error);
    return fields?.amount ?? fields?.received_on ?? describeFailure(error);
  });
  const value = Number(amount);
  const valid = Number.isInteger(value) && value >= 1 && value <= payments.left && day !== '';

  const send = () =>
    run(async () => {
      const answer = await api.post<{ order: OrderDetail; payments: ReceivedPayments }>(
        `/orders/${order.id}/received-payments`,
        { amount: value, received_on: day, key, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      );
      onChanged(answer.order, answer.payments);
      setKey(newKey());
      setComment('');
      setAmount(String(answer.payments.left));
      setOpen(false);
      return answer.payments.left === 0
        ? `Заказ оплачен: получено ${formatRub(answer.payments.received)}. Покупателю ушло письмо.`
        : `Отмечено ${formatRub(value)}; осталось получить ${formatRub(answer.payments.left)}.`;
    });

  const paid = order.payment_state === 'paid' || payments.left === 0;
  return (
    <div className="admin-card received-payments">
      <h2 className="order-detail__heading">{payments.method_name}</h2>
      <p className="order-detail__lines">
        <span>К оплате: {formatRub(payments.to_pay)}</span>
        <strong className={paid ? 'received-payments__paid' : undefined}>
          {paid
            ? `Оплачен: ${formatRub(payments.received)}`
            : payments.received > 0
              ? `Получено ${formatRub(payments.received)}, осталось ${formatRub(payments.left)}`
              : 'Оплата ещё не получена'}
        </strong>
      </p>
      {payments.items.length > 0 ? (
        <ul className="order-history">
          {payments.items.map((item) => (
            <li key={item.id}>
              <span className="order-history__when">
                {formatDateShort(`${item.received_on}T12:00:00+03:00`)}
              </span>
              <span>
                {formatRub(item.amount)}
                {item.comment ? <span className="order-detail__comment">«{item.comment}»</span> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {payments.can_mark && !open ? (
        <button type="button" className="button button--small" onClick={() => setOpen(true)}>
          Отметить оплату
        </button>
      ) : null}
      {payments.can_mark && open ? (
        <form
          className="order-refund"
          aria-label="Отметить оплату"
          onSubmit={(event) => {
            event.preventDefault();
            if (valid) void send();
          }}
        >
          <label className="admin-inline-field">
            Получено, ₽
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={payments.left}
              step={1}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </label>
          <label className="admin-inline-field">
            Дата оплаты
            <input
              type="date"
              value={day}
              max={moscowToday()}
              onChange={(event) => setDay(event.target.value)}
            />
          </label>
          <label className="admin-inline-field">
            Комментарий (номер платёжки, кто принял)
            <textarea
              value={comment}
              maxLength={500}
              rows={2}
              onChange={(event) => setComment(event.target.value)}
            />
          </label>
          <div className="order-status__buttons">
            <button
              type="submit"
              className="button button--small"
              disabled={!valid || busy}
              aria-busy={busy || undefined}
            >
              {busy ? 'Сохраняем…' : 'Сохранить оплату'}
            </button>
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => setOpen(false)}
            >
              Отмена
            </button>
          </div>
          {!valid && amount !== '' ? (
            <p className="admin-muted">Целое число рублей от 1 до {formatRub(payments.left)}.</p>
          ) : null}
        </form>
      ) : null}
      <CardMessages failure={failure} notice={notice} />
    </div>
  );
}
