// /my-orders: the user's orders — number, date, status, payment state and total; «Подробнее» opens the lines,
// delivery and payment (POST /v1/my-orders/{id}); an unpaid card order can be paid from here.

import { formatDateLong } from '@efir/domain/dates';
import { formatRub } from '@efir/domain/money';
import type { MyOrdersAnswer, OrderView } from '@efir/domain/order-wire';
import { formatRussianPhone } from '@efir/domain/phone';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import { useId, useState } from 'react';
import { AccountHeading, EmptyState, LoadFailed, Loading } from '../../components/shop/account-ui.tsx';
import { PayOnlineButtons } from '../../components/ui/pay-online-buttons.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { describeFailure } from '../../lib/failure-message.ts';
import { canPayOnline, fetchOrder, type OnlineMethod, startCardPayment } from '../../lib/orders.ts';
import { useAccountData } from '../../lib/remote-data.ts';
import { Link } from '../../lib/router/link.tsx';

/** The colour of the payment state: paid, waiting for the buyer, nothing to pay online (or returned). */
function paymentTone(order: OrderView): string {
  if (order.payment_state === 'paid') return 'order-badge--paid';
  if (order.payment_state === 'awaiting' || order.payment_state === 'canceled') return 'order-badge--due';
  return '';
}

function OrderDetails({ order }: { order: OrderView }) {
  return (
    <div className="order-card__details">
      <ul className="order-lines">
        {order.lines.map((line) => (
          <li key={`${line.gift ? 'gift' : 'line'}-${line.id}`}>
            <span className="order-lines__name">
              <Link to={line.url}>{line.name}</Link>
              {line.volume && <span className="muted">, {line.volume}</span>}
            </span>
            <span className="order-lines__qty">
              {line.gift
                ? `${line.quantity}\u00a0шт.`
                : `${line.quantity}\u00a0×\u00a0${formatRub(line.price)}`}
            </span>
            <span className="order-lines__sum">{line.gift ? 'подарок' : formatRub(line.sum)}</span>
          </li>
        ))}
      </ul>
      <dl className="order-facts">
        {/* A course is not delivered: no delivery row for it. */}
        {order.handover !== 'course' && (
          <div>
            <dt>{order.handover === 'pickup' ? 'Получение' : 'Доставка'}</dt>
            <dd>
              {order.delivery_name} —{' '}
              {order.delivery_price > 0 ? formatRub(order.delivery_price) : 'бесплатно'}
            </dd>
          </div>
        )}
        <div>
          <dt>Оплата</dt>
          <dd>
            {order.sposob_oplat_name}
            {order.paid_at && <>, оплачен {formatDateLong(order.paid_at)}</>}
          </dd>
        </div>
        <div>
          <dt>Получатель</dt>
          <dd>
            {/* A course order may have no surname or phone: no empty commas for them. */}
            {[
              [order.name, order.fam].filter(Boolean).join(' '),
              order.tel && formatRussianPhone(order.tel),
              order.email,
            ]
              .filter(Boolean)
              .join(', ')}
          </dd>
        </div>
        <div>
          <dt>{order.handover === 'course' ? 'Курс' : 'Товары'}</dt>
          <dd>{formatRub(order.subtotal)}</dd>
        </div>
        {order.discount > 0 && (
          <div>
            <dt>Скидка{order.promo_code ? ` (промокод ${order.promo_code})` : ''}</dt>
            <dd>−{formatRub(order.discount)}</dd>
          </div>
        )}
        <div className="order-facts__total">
          <dt>Итого</dt>
          <dd>{formatRub(order.total)}</dd>
        </div>
        {order.certificate_amount > 0 && (
          <>
            <div>
              <dt>Оплачено сертификатом</dt>
              <dd>{formatRub(order.certificate_amount)}</dd>
            </div>
            <div>
              <dt>Осталось оплатить</dt>
              <dd>{order.to_pay > 0 ? formatRub(order.to_pay) : 'ничего — заказ оплачен'}</dd>
            </div>
          </>
        )}
        {(order.refunded ?? 0) > 0 && (
          <div>
            <dt>Возвращено</dt>
            <dd>
              {formatRub(order.refunded ?? 0)}
              {(order.refunded ?? 0) >= order.total ? ' — вся сумма' : ''}
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}

/** The parcel's tracking number and, where the carrier has one, the link to its tracking page. */
function TrackingLine({ tracking }: { tracking: NonNullable<OrderView['tracking']> }) {
  return (
    <p className="order-card__tracking">
      Трек-номер {tracking.carrier_name}: <strong>{tracking.number}</strong>
      {tracking.url && (
        <>
          {' — '}
          <a href={tracking.url} target="_blank" rel="noopener noreferrer">
            отследить посылку
          </a>
        </>
      )}
    </p>
  );
}

function OrderCard({ initial }: { initial: OrderView }) {
  const { api } = useAppContext();
  const [order, setOrder] = useState(initial);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const detailsId = useId();
  const count = order.lines.filter((line) => !line.gift).reduce((sum, line) => sum + line.quantity, 0);

  const toggle = async () => {
    if (open) {
      setOpen(false);
      return;
    }
    setOpen(true);
    setLoading(true);
    try {
      setOrder(await fetchOrder(api, order.id));
      setFailure(null);
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setLoading(false);
    }
  };

  const pay = async (method: OnlineMethod) => {
    setFailure(null);
    try {
      await startCardPayment(api, order.id, undefined, method);
    } catch (error) {
      setFailure(describeFailure(error));
    }
  };

  return (
    <li className="order-card">
      <div className="order-card__head">
        <div className="order-card__who">
          <h2 className="order-card__title">Заказ {order.number}</h2>
          <p className="order-card__date">
            от <time dateTime={order.created_at}>{formatDateLong(order.created_at)}</time> ·{' '}
            {order.handover === 'course' ? 'курс' : formatCount(count, GOODS_FORMS)}
          </p>
        </div>
        <p className="order-card__total">{formatRub(order.total)}</p>
      </div>
      <p className="order-card__badges">
        <span className="order-badge">{order.status_name}</span>
        {/* «Возвращён» or «Частично возвращён: 300 ₽» once money went back (decision 028). */}
        <span className={['order-badge', paymentTone(order)].filter(Boolean).join(' ')}>
          {order.payment_state_name}
        </span>
      </p>
      {order.call_back && order.status === 'new' && (
        <p className="order-card__note">Мы перезвоним, чтобы договориться о доставке и оплате.</p>
      )}
      {order.tracking && <TrackingLine tracking={order.tracking} />}
      {failure && (
        <p className="field__error" role="alert">
          {failure}
        </p>
      )}
      <div className="order-card__actions">
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => void toggle()}
        >
          {open ? 'Скрыть подробности' : 'Подробнее'}
        </button>
        {canPayOnline(order) && <PayOnlineButtons total={order.total} onPay={pay} small />}
      </div>
      <div id={detailsId} hidden={!open}>
        {open && loading && <Loading text="Загружаем заказ…" />}
        {open && !loading && <OrderDetails order={order} />}
      </div>
    </li>
  );
}

/**
 * Decision 040: guest orders placed with the account's e-mail join it once the e-mail is confirmed. Until then the
 * page says they exist and how to bring them in — the same story the first-order promo code tells.
 */
function GuestOrdersWaiting({ count }: { count: number }) {
  const { api } = useAppContext();
  const [sent, setSent] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const orders = formatCount(count, ['заказ оформлен', 'заказа оформлены', 'заказов оформлены']);
  return (
    <div className="notice-inline" role="status">
      <p>
        {orders} на ваш e-mail без входа в кабинет. Подтвердите e-mail по ссылке из письма, которое мы
        прислали при регистрации, — и они появятся здесь и будут учтены в вашей скидке.
      </p>
      {sent ? (
        <p>{sent.text}</p>
      ) : (
        <button
          type="button"
          className="button button--ghost"
          disabled={sending}
          onClick={() => {
            setSending(true);
            api
              .post<{ message: string }>('/v1/user/email/confirmation', { suppressErrors: true })
              .then((answer) => setSent({ ok: true, text: answer.message }))
              .catch((error: unknown) => setSent({ ok: false, text: describeFailure(error) }))
              .finally(() => setSending(false));
          }}
        >
          {sending ? 'Отправляем…' : 'Отправить письмо ещё раз'}
        </button>
      )}
    </div>
  );
}

export function OrdersPage() {
  const list = useAccountData('/v1/my-orders', (answer: MyOrdersAnswer) => answer);
  return (
    <div className="account-page">
      <AccountHeading title="Мои заказы" lead="Все ваши заказы, их статусы и оплата." />
      {list.status === 'loading' && <Loading />}
      {list.status === 'error' && <LoadFailed error={list.error} onRetry={list.reload} />}
      {list.status === 'ready' && list.data.guest_orders > 0 && (
        <GuestOrdersWaiting count={list.data.guest_orders} />
      )}
      {list.status === 'ready' &&
        (list.data.items.length > 0 ? (
          <ul className="order-list">
            {list.data.items.map((order) => (
              <OrderCard key={order.id} initial={order} />
            ))}
          </ul>
        ) : (
          <EmptyState
            title="Заказов пока нет"
            icon="bag"
            action={
              <Link to="/catalog.html" className="button">
                Перейти в каталог
              </Link>
            }
          >
            Выберите масла для себя или в подарок — первый заказ появится здесь, а с ним начнёт расти ваша
            скидка.
          </EmptyState>
        ))}
    </div>
  );
}
