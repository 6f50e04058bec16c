// One order in the back office: its lines and totals, the customer, the delivery, the payment (checked live at the
// provider on request), the status buttons for the legal next steps (a cancel asks first) and the history.
import { formatRub } from '@efir/domain/money';
import { formatRussianPhone } from '@efir/domain/phone';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '../../../app/router/link.tsx';
import { useAdminData } from '../admin-api.ts';
import { AdminChip, AdminFailure, AdminHeader, AdminLoading, formatAdminDate } from '../admin-ui.tsx';
import { PaymentCard, StatusCard } from './order-actions.tsx';
import { type OrderDetail, PAYMENT_LABELS, STATUS_LABELS } from './orders-api.ts';
import { RefundCard } from './refund-card.tsx';

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
        <AdminChip tone={PAYMENT_LABELS[order.payment_state].tone}>
          {PAYMENT_LABELS[order.payment_state].name}
        </AdminChip>
        {order.call_back && order.status === 'new' ? (
          <AdminChip tone="warn">1 клик — перезвонить</AdminChip>
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
          <DeliveryCard order={order} />
          <PaymentCard order={order} onChanged={replace} />
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

function DeliveryCard({ order }: { order: OrderDetail }) {
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
