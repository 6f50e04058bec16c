// The cards that change an order in the back office: its status (the legal next steps; a cancel asks first) and
// the live check of its card payment at the provider.
import { formatRub } from '@efir/domain/money';
import { CARRIER_NAMES, CARRIERS, type Carrier } from '@efir/domain/shipment-tracking';
import { useState } from 'react';
import { describeFailure } from '../../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../../lib/forms.ts';
import { useAdminApi } from '../admin-api.ts';
import { AdminChip, formatAdminDate } from '../admin-ui.tsx';
import {
  type OrderDetail,
  type OrderStatus,
  PAYMENT_LABELS,
  PROVIDER_STATUS_NAMES,
  STATUS_ACTIONS,
  STATUS_LABELS,
} from './orders-api.ts';

const PROVIDER_NAMES: Record<string, string> = { yookassa: 'ЮKassa', test: 'Тестовый платёжный шлюз' };

/** A refused change says why in its field (status, carrier, tracking number); anything else the usual way. */
export function explain(error: unknown): string {
  const fields = readServerFieldErrors(error);
  return fields?.status ?? fields?.carrier ?? fields?.tracking_number ?? describeFailure(error);
}

export function StatusCard({ order, onChanged }: { order: OrderDetail; onChanged(next: OrderDetail): void }) {
  const api = useAdminApi();
  const [comment, setComment] = useState('');
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [carrier, setCarrier] = useState<Carrier>('cdek');
  const [trackingNumber, setTrackingNumber] = useState('');

  const change = async (status: OrderStatus) => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      const answer = await api.put<{ order: OrderDetail }>(`/orders/${order.id}/status`, {
        status,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
        // Shipping: the tracking number goes with the status, so the customer's letter carries its link.
        ...(status === 'shipped' && trackingNumber.trim()
          ? { carrier, tracking_number: trackingNumber.trim() }
          : {}),
      });
      onChanged(answer.order);
      setComment('');
      setConfirmingCancel(false);
      setNotice(
        `Статус изменён на «${STATUS_LABELS[status].name}». Покупателю отправлено письмо.${status === 'cancelled' ? ' Товары вернулись на склад.' : ''}`,
      );
    } catch (error) {
      setFailure(explain(error));
    } finally {
      setBusy(false);
    }
  };

  const forward = order.next_statuses.filter((next) => next.status !== 'cancelled');
  const canCancel = order.next_statuses.some((next) => next.status === 'cancelled');
  return (
    <div className="admin-card">
      <h2 className="order-detail__heading">Статус</h2>
      {order.next_statuses.length === 0 ? (
        <p className="admin-muted">
          {order.status === 'cancelled' ? 'Заказ отменён' : 'Заказ доставлен'} — статус больше не меняется.
        </p>
      ) : (
        <>
          <label className="admin-inline-field order-status__comment">
            Комментарий для журнала (покупатель его не увидит)
            <textarea
              value={comment}
              maxLength={500}
              rows={2}
              onChange={(event) => setComment(event.target.value)}
            />
          </label>
          {forward.some((next) => next.status === 'shipped') ? (
            <fieldset className="order-status__tracking">
              <legend>Отправка</legend>
              <label className="admin-inline-field">
                Служба доставки
                <select value={carrier} onChange={(event) => setCarrier(event.target.value as Carrier)}>
                  {CARRIERS.map((value) => (
                    <option key={value} value={value}>
                      {CARRIER_NAMES[value]}
                    </option>
                  ))}
                </select>
              </label>
              <label className="admin-inline-field">
                Трек-номер
                <input
                  value={trackingNumber}
                  maxLength={40}
                  autoComplete="off"
                  onChange={(event) => setTrackingNumber(event.target.value)}
                />
              </label>
            </fieldset>
          ) : null}
          <div className="order-status__buttons">
            {forward.map((next) => (
              <button
                key={next.status}
                type="button"
                className="button button--small"
                disabled={busy}
                onClick={() => void change(next.status)}
              >
                {STATUS_ACTIONS[next.status]}
              </button>
            ))}
            {canCancel && !confirmingCancel ? (
              <button
                type="button"
                className="button button--small button--ghost order-status__cancel"
                disabled={busy}
                onClick={() => setConfirmingCancel(true)}
              >
                Отменить заказ…
              </button>
            ) : null}
          </div>
          {confirmingCancel ? (
            <div className="order-status__confirm" role="alertdialog" aria-label="Отмена заказа">
              <p>
                Отменить заказ {order.number}? Все товары вернутся на склад, покупатель получит письмо.
                {order.payment_state === 'paid'
                  ? ' Заказ уже оплачен: верните деньги в блоке «Возврат».'
                  : ''}
              </p>
              <div className="order-status__buttons">
                <button
                  type="button"
                  className="button button--small button--danger"
                  disabled={busy}
                  onClick={() => void change('cancelled')}
                >
                  Да, отменить
                </button>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  disabled={busy}
                  onClick={() => setConfirmingCancel(false)}
                >
                  Не отменять
                </button>
              </div>
            </div>
          ) : null}
        </>
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

export function PaymentCard({
  order,
  onChanged,
}: {
  order: OrderDetail;
  onChanged(next: OrderDetail): void;
}) {
  const api = useAdminApi();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { payment } = order;

  const refresh = async () => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      const answer = await api.post<{ changed: boolean; order: OrderDetail }>(
        `/orders/${order.id}/payment/refresh`,
        {},
      );
      onChanged(answer.order);
      const state = PAYMENT_LABELS[answer.order.payment_state].name;
      setNotice(
        answer.order.payment
          ? answer.changed
            ? `Состояние обновлено: ${state}.`
            : `Без изменений: ${state.toLowerCase()}.`
          : 'Покупатель ещё не начинал оплату.',
      );
    } catch (error) {
      setFailure(explain(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-card">
      <h2 className="order-detail__heading">Оплата</h2>
      <p className="order-detail__lines">
        <strong>{order.sposob_oplat_name || 'Способ не указан'}</strong>
        <span>
          <AdminChip tone={PAYMENT_LABELS[order.payment_state].tone}>
            {PAYMENT_LABELS[order.payment_state].name}
          </AdminChip>
        </span>
        {order.paid_at ? <span>Оплачен {formatAdminDate(order.paid_at)}</span> : null}
        {payment ? (
          <span className="admin-muted">
            {PROVIDER_NAMES[payment.provider] ?? payment.provider}
            {payment.method === 'sbp' ? ', через СБП' : ''}: платёж {payment.payment_id},{' '}
            {PROVIDER_STATUS_NAMES[payment.status] ?? payment.status}, {formatRub(payment.amount)}
          </span>
        ) : order.can_refresh_payment ? (
          <span className="admin-muted">Платёж картой ещё не создан.</span>
        ) : null}
      </p>
      {order.can_refresh_payment ? (
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void refresh()}
        >
          {busy ? 'Проверяем…' : 'Проверить оплату в ЮKassa'}
        </button>
      ) : null}
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
