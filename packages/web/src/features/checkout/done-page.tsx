// /checkout/done?order=…: the thank-you page — the order number, what it holds and what happens next. A guest's
// order is opened with the key this browser keeps; a card order that is still unpaid offers «Оплатить».

import { formatDateLong } from '@efir/domain/dates';
import { formatRub } from '@efir/domain/money';
import type { OrderView } from '@efir/domain/order-wire';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PayOnlineButtons } from '../../components/ui/pay-online-buttons.tsx';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import { describeFailure } from '../../lib/failure-message.ts';
import {
  CARD_ONLINE,
  canPayOnline,
  fetchOrder,
  findGuestOrderKey,
  type OnlineMethod,
  startCardPayment,
} from '../../lib/orders.ts';
import { useRemoteData } from '../../lib/remote-data.ts';
import { Link } from '../../lib/router/link.tsx';
import { useIsBrowser } from './use-checkout.ts';
import './checkout.css';

/** What happens next, by the way the order is paid and handed over (a course or our office is no delivery). */
export function describeNextSteps(
  order: Pick<OrderView, 'sposob_oplat' | 'payment_state' | 'email' | 'lines'> &
    Partial<Pick<OrderView, 'handover'>>,
): string[] {
  const mail = `Письмо с составом заказа отправили на ${order.email}.`;
  const handover = order.handover;
  if (handover === 'course') {
    return order.payment_state === 'paid'
      ? [mail, 'Оплата получена: курс открыт — он в «Моих курсах».']
      : [mail, 'Курс откроется в «Моих курсах» сразу после оплаты.'];
  }
  const pickup = handover === 'pickup';
  switch (order.sposob_oplat) {
    case CARD_ONLINE:
      return order.payment_state === 'paid'
        ? [
            mail,
            pickup
              ? 'Оплата получена: соберём заказ и напишем, когда его можно будет забрать.'
              : 'Оплата получена: соберём заказ и сообщим, когда передадим его в доставку.',
          ]
        : [mail, 'Заказ ждёт оплаты картой: соберём его сразу после оплаты.'];
    case 3:
      return [
        mail,
        pickup
          ? 'Счёт с реквизитами магазина — в этом письме. Соберём заказ, когда оплата поступит на счёт, и напишем, когда его можно забрать.'
          : 'Счёт с реквизитами магазина — в этом письме. Отправим заказ, когда оплата поступит на счёт.',
      ];
    case 4:
      return [mail, 'Оплатите заказ при получении. Когда передадим его в доставку, пришлём трек-номер.'];
    default:
      return [
        mail,
        pickup
          ? 'Менеджер позвонит, чтобы подтвердить заказ. Когда он будет собран, пришлём письмо — после него можно приезжать. Оплата — при получении.'
          : 'Менеджер позвонит, чтобы подтвердить заказ и время доставки. Оплата — при получении.',
      ];
  }
}

export function OrderDonePage() {
  const { api } = useAppContext();
  const isBrowser = useIsBrowser();
  const sessionPending = useAppState((state) => state.sessionPending);
  const loggedIn = useAppState((state) => state.user !== null);
  const [params] = useSearchParams();
  const location = useLocation();
  const orderId = Number(params.get('order'));
  const paymentProblem = (location.state as { paymentProblem?: string } | null)?.paymentProblem ?? null;
  const valid = Number.isInteger(orderId) && orderId > 0;
  // A guest's key comes with the address when the page is opened from the payment result; else this browser's.
  const guestKey = params.get('key') ?? (valid ? findGuestOrderKey(orderId) : undefined) ?? undefined;
  // Read in the browser once the session is known: a guest's order opens with the key this browser keeps.
  const loaded = useRemoteData(
    isBrowser && !sessionPending && valid ? `order-done:${orderId}:${loggedIn}` : null,
    () => fetchOrder(api, orderId, loggedIn ? undefined : guestKey),
  );
  const order = loaded.data;
  /** Why «Оплатить» did not lead to the payment. */
  const [payFailure, setPayFailure] = useState<string | null>(null);

  const pay = async (method: OnlineMethod) => {
    if (!order) return;
    setPayFailure(null);
    try {
      await startCardPayment(api, order.id, loggedIn ? undefined : guestKey, method);
    } catch (error) {
      setPayFailure(describeFailure(error));
    }
  };

  return (
    <div className="container page checkout-done">
      <h1>Спасибо за заказ!</h1>
      {!valid && <p>Не нашли номер заказа в адресе страницы.</p>}
      {valid && loaded.status === 'loading' && (
        <p className="checkout-loading" role="status">
          <span className="spinner" aria-hidden="true" /> Загружаем заказ…
        </p>
      )}
      {loaded.status === 'error' && (
        <div className="form-error" role="alert">
          Заказ принят, но показать его сейчас не получилось: {describeFailure(loaded.error)}
        </div>
      )}
      {order && (
        <div className="done-card">
          <p className="done-card__number">
            Заказ <strong>{order.number}</strong> от {formatDateLong(order.created_at)} принят
          </p>
          {describeNextSteps(order).map((line) => (
            <p key={line}>{line}</p>
          ))}
          {paymentProblem && (
            <div className="form-error" role="alert">
              Перейти к оплате не получилось: {paymentProblem}
            </div>
          )}
          {payFailure && (
            <div className="form-error" role="alert">
              {payFailure}
            </div>
          )}
          <dl className="done-card__facts">
            {order.handover !== 'course' && (
              <div>
                <dt>{order.handover === 'pickup' ? 'Получение' : 'Доставка'}</dt>
                <dd>
                  {order.delivery_name}
                  {' — '}
                  {order.delivery_price > 0 ? formatRub(order.delivery_price) : 'бесплатно'}
                </dd>
              </div>
            )}
            <div>
              <dt>Оплата</dt>
              <dd>
                {order.sposob_oplat_name} · {order.payment_state_name}
              </dd>
            </div>
            <div>
              <dt>Сумма</dt>
              <dd>
                <strong>{formatRub(order.total)}</strong>
              </dd>
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
          </dl>
          <div className="button-row">
            {canPayOnline(order) && <PayOnlineButtons total={order.to_pay} onPay={pay} />}
            {loggedIn ? (
              <Link to="/my-orders" className="button button--ghost">
                Мои заказы
              </Link>
            ) : (
              <Link to="/registration" className="button button--ghost">
                Зарегистрироваться
              </Link>
            )}
            <Link to="/catalog.html" className="button button--ghost">
              Вернуться в каталог
            </Link>
          </div>
          {!loggedIn && (
            <p className="muted small">
              В этом браузере заказ откроется по адресу этой страницы. С регистрацией все заказы будут в
              личном кабинете, а с ними растёт персональная скидка.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
