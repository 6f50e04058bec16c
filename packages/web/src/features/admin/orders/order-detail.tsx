// One order in the back office: its lines and totals, the customer, the delivery, the payment (checked live at the
// provider on request), the status buttons for the legal next steps (a cancel asks first) and the history.
import { formatRub } from '@efir/domain/money';
import { plainPaymentMethodName } from '@efir/domain/order-papers-wire';
import { formatRussianPhone } from '@efir/domain/phone';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import type { Carrier } from '@efir/domain/shipment-tracking';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { describeFailure } from '../../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../../lib/forms.ts';
import { Link } from '../../../lib/router/link.tsx';
import { useAdminApi, useAdminData } from '../admin-api.ts';
import { AdminChip, AdminFailure, AdminHeader, AdminLoading, formatAdminDate } from '../admin-ui.tsx';
import { CardMessages, ConfirmBox, useCardAction } from './card-action.tsx';
import {
  type OrderDetail,
  type OrderStatus,
  PROVIDER_STATUS_NAMES,
  paymentLabel,
  STATUS_ACTIONS,
  STATUS_LABELS,
} from './orders-api.ts';
import { OrderPapersCard } from './orders-bulk.tsx';
import { ReceivedPaymentCard } from './received-payment-card.tsx';
import { RefundCard } from './refund-card.tsx';
import { SettlementNote } from './settlement-note.tsx';
import { TrackingEditor, TrackingFields } from './tracking-editor.tsx';

const PROVIDER_NAMES: Record<string, string> = { yookassa: 'ЮKassa', test: 'Тестовый платёжный шлюз' };

/** A refused change says why in its field (status, carrier, tracking number); anything else the usual way. */
function explain(error: unknown): string {
  const fields = readServerFieldErrors(error);
  return fields?.status ?? fields?.carrier ?? fields?.tracking_number ?? describeFailure(error);
}

export function OrderDetailPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const valid = /^\d{1,9}$/.test(id);
  const detail = useAdminData<{ order: OrderDetail }>(`/orders/${valid ? id : '0'}`);
  const back = (
    <Link to={`..${params.size > 0 ? `?${params}` : ''}`} relative="path" className="orders-back">
      ← Все заказы
    </Link>
  );

  if (detail.status === 'loading') return <AdminLoading />;
  if (detail.status === 'error') {
    return (
      <section>
        {back}
        <AdminFailure error={detail.error} retry={detail.reload} />
      </section>
    );
  }
  const order = detail.data.order;
  const replace = (next: OrderDetail) => detail.update(() => ({ order: next }));
  return (
    <section className="order-detail">
      {back}
      <AdminHeader title={`Заказ ${order.number}`}>
        <AdminChip tone={STATUS_LABELS[order.status].tone}>{STATUS_LABELS[order.status].name}</AdminChip>
        <AdminChip tone={paymentLabel(order).tone}>{paymentLabel(order).name}</AdminChip>
        {order.call_back && order.status === 'new' ? (
          <AdminChip tone="warn">1 клик — перезвонить</AdminChip>
        ) : null}
        {order.status === 'new' || order.status === 'confirmed' ? (
          <Link to={`/admin/orders/${order.id}/edit`} className="button button--small">
            Изменить
          </Link>
        ) : null}
      </AdminHeader>
      <p className="admin-muted order-detail__placed">Оформлен {formatAdminDate(order.created_at)}</p>

      <div className="order-detail__grid">
        <div className="order-detail__main">
          <OrderLines order={order} />
          <HistoryCard order={order} />
        </div>
        <div className="order-detail__side">
          <StatusCard order={order} onChanged={replace} />
          <CustomerCard order={order} />
          <DeliveryCard order={order} onChanged={replace} />
          <PaymentCard order={order} onChanged={replace} />
          <ReceivedPaymentCard order={order} onChanged={replace} />
          <OrderPapersCard orderId={order.id} transfer={order.sposob_oplat === 3} />
          <SettlementNote order={order} />
          <RefundCard order={order} onChanged={replace} />
        </div>
      </div>
    </section>
  );
}

function OrderLines({ order }: { order: OrderDetail }) {
  const count = order.lines.reduce((total, line) => total + line.quantity, 0);
  return (
    <div className="admin-card">
      <h2 className="order-detail__heading">Состав · {formatCount(count, GOODS_FORMS)}</h2>
      <div className="admin-table-wrap order-lines">
        <table className="admin-table">
          <thead>
            <tr>
              <th>Товар</th>
              <th className="num">Цена</th>
              <th className="num">Кол-во</th>
              <th className="num">Сумма</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={`${line.id}-${line.gift}`}>
                <td>
                  {line.url ? (
                    <a href={line.url} target="_blank" rel="noreferrer">
                      {line.name}
                    </a>
                  ) : (
                    line.name
                  )}
                  {line.volume ? <span className="admin-muted">, {line.volume}</span> : null}
                  {line.gift ? <AdminChip tone="good">подарок</AdminChip> : null}
                </td>
                <td className="num">
                  {formatRub(line.price)}
                  {line.price < line.cena ? <s className="order-lines__old">{formatRub(line.cena)}</s> : null}
                </td>
                <td className="num">{line.quantity}</td>
                <td className="num">{formatRub(line.sum)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="order-totals">
        <dt>Товары без скидки</dt>
        <dd>{formatRub(order.subtotal)}</dd>
        {order.discount > 0 ? (
          <>
            <dt>Скидка{order.promo_code ? ` (промокод ${order.promo_code})` : ''}</dt>
            <dd>−{formatRub(order.discount)}</dd>
          </>
        ) : null}
        <dt>Доставка</dt>
        <dd>{order.delivery_price > 0 ? formatRub(order.delivery_price) : 'бесплатно'}</dd>
        <dt className="order-totals__total">Итого</dt>
        <dd className="order-totals__total">{formatRub(order.total)}</dd>
      </dl>
    </div>
  );
}

function StatusCard({ order, onChanged }: { order: OrderDetail; onChanged(next: OrderDetail): void }) {
  const api = useAdminApi();
  const [comment, setComment] = useState('');
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const { busy, failure, notice, run } = useCardAction(explain);
  const [carrier, setCarrier] = useState<Carrier>('cdek');
  const [trackingNumber, setTrackingNumber] = useState('');

  const change = (status: OrderStatus) =>
    run(async () => {
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
      return `Статус изменён на «${STATUS_LABELS[status].name}». Покупателю отправлено письмо.${status === 'cancelled' ? ' Товары вернулись на склад.' : ''}`;
    });

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
            <TrackingFields
              legend="Отправка"
              carrier={carrier}
              number={trackingNumber}
              onCarrier={setCarrier}
              onNumber={setTrackingNumber}
            />
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
            <ConfirmBox
              label="Отмена заказа"
              confirm="Да, отменить"
              keep="Не отменять"
              busy={busy}
              onConfirm={() => void change('cancelled')}
              onKeep={() => setConfirmingCancel(false)}
            >
              Отменить заказ {order.number}? Все товары вернутся на склад, покупатель получит письмо.
              {order.payment_state === 'paid' || order.payment_state === 'partially_refunded'
                ? ' Заказ уже оплачен: верните деньги в блоке «Возврат».'
                : ''}
            </ConfirmBox>
          ) : null}
        </>
      )}
      <CardMessages failure={failure} notice={notice} />
    </div>
  );
}

function CustomerCard({ order }: { order: OrderDetail }) {
  return (
    <div className="admin-card">
      <h2 className="order-detail__heading">Покупатель</h2>
      <p className="order-detail__lines">
        <strong>
          {order.user_id ? (
            <Link
              to={`/admin/customers/${order.user_id}`}
              title="Карточка покупателя: личная скидка и заказы"
            >
              {order.name} {order.fam}
            </Link>
          ) : (
            <>
              {order.name} {order.fam}
            </>
          )}
        </strong>
        <a href={`mailto:${order.email}`}>{order.email}</a>
        <a href={`tel:${order.tel.replace(/[^\d+]/g, '')}`}>{formatRussianPhone(order.tel)}</a>
        <span className="admin-muted">
          {order.user_id ? `Покупатель № ${order.user_id}` : 'Заказ без входа в аккаунт'}
        </span>
      </p>
    </div>
  );
}

function DeliveryCard({ order, onChanged }: { order: OrderDetail; onChanged(next: OrderDetail): void }) {
  const { delivery } = order;
  const wishes = [
    delivery.call_before ? 'позвонить перед доставкой' : null,
    delivery.ecopack ? 'экоупаковка' : null,
    delivery.consultation ? 'нужна консультация' : null,
    delivery.hydrolats ? 'в заказе гидролаты' : null,
  ].filter(Boolean);
  return (
    <div className="admin-card">
      <h2 className="order-detail__heading">Доставка</h2>
      <p className="order-detail__lines">
        <strong>{delivery.method ?? delivery.summary}</strong>
        {delivery.kind ? <span>{delivery.kind}</span> : null}
        {delivery.address ? <span>Адрес: {delivery.address}</span> : null}
        {delivery.pickup_point ? <span>Пункт выдачи: {delivery.pickup_point}</span> : null}
        <span>Стоимость: {delivery.price > 0 ? formatRub(delivery.price) : 'бесплатно'}</span>
        {order.tracking ? (
          <span>
            Трек-номер {order.tracking.carrier_name}: {order.tracking.number}
            {order.tracking.url ? (
              <>
                {' '}
                <a href={order.tracking.url} target="_blank" rel="noreferrer">
                  отследить
                </a>
              </>
            ) : null}
          </span>
        ) : null}
        {delivery.wishes ? <span>Пожелания: {delivery.wishes}</span> : null}
        {wishes.length > 0 ? <span>Отметки: {wishes.join(', ')}</span> : null}
        {delivery.comment ? <span className="order-detail__comment">«{delivery.comment}»</span> : null}
      </p>
      <TrackingEditor order={order} onChanged={onChanged} />
    </div>
  );
}

function PaymentCard({ order, onChanged }: { order: OrderDetail; onChanged(next: OrderDetail): void }) {
  const api = useAdminApi();
  const { busy, failure, notice, run } = useCardAction(explain);
  const { payment } = order;

  const refresh = () =>
    run(async () => {
      const answer = await api.post<{ changed: boolean; order: OrderDetail }>(
        `/orders/${order.id}/payment/refresh`,
        {},
      );
      onChanged(answer.order);
      const state = paymentLabel(answer.order).name;
      if (!answer.order.payment) return 'Покупатель ещё не начинал оплату.';
      return answer.changed ? `Состояние обновлено: ${state}.` : `Без изменений: ${state.toLowerCase()}.`;
    });

  return (
    <div className="admin-card">
      <h2 className="order-detail__heading">Оплата</h2>
      <p className="order-detail__lines">
        <strong>{plainPaymentMethodName(order.sposob_oplat, order.payment?.method)}</strong>
        <span>
          <AdminChip tone={paymentLabel(order).tone}>{paymentLabel(order).name}</AdminChip>
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
      <CardMessages failure={failure} notice={notice} />
    </div>
  );
}

function HistoryCard({ order }: { order: OrderDetail }) {
  return (
    <div className="admin-card">
      <h2 className="order-detail__heading">История</h2>
      <ol className="order-history">
        {order.history.map((entry) => (
          <li key={`${entry.at}-${entry.text}`}>
            <span className="order-history__when">{formatAdminDate(entry.at)}</span>
            <span>
              {entry.text}
              <span className="admin-muted"> · {entry.who}</span>
              {entry.comment ? <span className="order-detail__comment">«{entry.comment}»</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
