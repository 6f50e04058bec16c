// /yookassa (spec §2, the card payment page): where YooKassa brings the buyer back. It asks how the payment ended
// (a few times while it is still pending) and shows «Оплата прошла» with the order, or «Оплата не прошла» with
// «Попробовать ещё раз». For СБП on a desktop it is also where the QR code waits to be scanned: it asks on until
// the bank's app confirms.
import { formatDateLong } from '@efir/domain/dates';
import { formatRub } from '@efir/domain/money';
import type { OrderView } from '@efir/domain/order-wire';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { PayOnlineButtons } from '../../components/ui/pay-online-buttons.tsx';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import { describeFailure } from '../../lib/failure-message.ts';
import { HttpError } from '../../lib/http-client.ts';
import {
  canPayOnline,
  fetchPayment,
  findGuestOrderKey,
  type OnlineMethod,
  orderPageUrl,
  type PaymentCheck,
  startCardPayment,
} from '../../lib/orders.ts';
import { Link } from '../../lib/router/link.tsx';
import './payment.css';

/** How many times to ask while the payment is pending, and how long to wait between the questions. */
export const PAYMENT_POLLS = 6;
export const PAYMENT_POLL_MS = 1500;
/** A QR code waits for the buyer's phone: asked every 3 s for up to the hour YooKassa gives an СБП payment. */
export const QR_POLL_MS = 3000;
export const QR_POLLS = 1200;

export type PaymentOutcome = 'paid' | 'failed' | 'pending';

export function readOutcome(check: PaymentCheck): PaymentOutcome {
  if (check.order.payment_state === 'paid' || check.payment?.status === 'succeeded') return 'paid';
  if (check.payment?.status === 'canceled' || check.order.payment_state === 'canceled') return 'failed';
  if (check.order.status === 'cancelled') return 'failed';
  if (!check.payment) return 'failed';
  return 'pending';
}

/** A school course paid for (POST /v1/user/course): nothing is packed or shipped, the course opens instead. */
export function isCourseOrder(order: Pick<OrderView, 'handover'>): boolean {
  return order.handover === 'course';
}

type View =
  | { state: 'loading' }
  | { state: 'qr'; order: OrderView; svg: string; testUrl?: string | undefined }
  | { state: 'done'; outcome: PaymentOutcome; order: OrderView }
  | { state: 'error'; message: string };

const subscribeNothing = () => () => {};

/** The order's own page, whatever the payment's outcome (a guest's key travels with it). */
function OrderLink({
  order,
  guestKey,
  primary = false,
}: {
  order: OrderView;
  guestKey?: string;
  primary?: boolean;
}) {
  return (
    <Link to={orderPageUrl(order.id, guestKey)} className={primary ? 'button' : 'button button--ghost'}>
      Открыть заказ
    </Link>
  );
}

function OrderFacts({ order }: { order: OrderView }) {
  return (
    <dl className="payment-result__facts">
      <div>
        <dt>Заказ</dt>
        <dd>
          {order.number} от {formatDateLong(order.created_at)}
        </dd>
      </div>
      <div>
        <dt>Сумма</dt>
        <dd>{formatRub(order.total)}</dd>
      </div>
      {isCourseOrder(order) ? (
        <div>
          <dt>Курс</dt>
          <dd>{order.lines.map((line) => line.name).join(', ')}</dd>
        </div>
      ) : (
        <div>
          <dt>{order.handover === 'pickup' ? 'Получение' : 'Доставка'}</dt>
          <dd>{order.delivery_name}</dd>
        </div>
      )}
    </dl>
  );
}

export function YookassaPage() {
  const { api } = useAppContext();
  const isBrowser = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const sessionPending = useAppState((state) => state.sessionPending);
  const loggedIn = useAppState((state) => state.user !== null);
  const [params] = useSearchParams();
  const orderId = Number(params.get('order'));
  const valid = Number.isInteger(orderId) && orderId > 0;
  const key = params.get('key') ?? (valid ? findGuestOrderKey(orderId) : undefined) ?? undefined;
  const [view, setView] = useState<View>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [retryError, setRetryError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again («Проверить ещё раз»)
  useEffect(() => {
    if (!isBrowser || sessionPending) return;
    if (!valid) {
      setView({ state: 'error', message: 'В адресе страницы нет номера заказа.' });
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setView({ state: 'loading' });
    const ask = async (left: number, qrLeft = QR_POLLS) => {
      try {
        const check = await fetchPayment(api, orderId, loggedIn ? undefined : key);
        if (!live) return;
        const outcome = readOutcome(check);
        const svg = check.payment?.qr_svg;
        if (outcome === 'pending' && svg && qrLeft > 1) {
          setView({ state: 'qr', order: check.order, svg, testUrl: check.payment?.test_confirmation_url });
          timer = setTimeout(() => void ask(left, qrLeft - 1), QR_POLL_MS);
          return;
        }
        if (outcome === 'pending' && left > 1) {
          timer = setTimeout(() => void ask(left - 1), PAYMENT_POLL_MS);
          return;
        }
        setView({ state: 'done', outcome, order: check.order });
      } catch (error) {
        if (!live) return;
        setView({
          state: 'error',
          message:
            error instanceof HttpError && error.detail.status === 404
              ? 'Заказ не найден. Если вы оформляли его как гость, откройте эту страницу в том же браузере.'
              : describeFailure(error),
        });
      }
    };
    void ask(PAYMENT_POLLS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, isBrowser, sessionPending, loggedIn, orderId, valid, key, attempt]);

  const retry = async (order: OrderView, method: OnlineMethod) => {
    setRetryError(null);
    try {
      await startCardPayment(api, order.id, loggedIn ? undefined : key, method);
      // СБП on a desktop comes back to this very page: ask again for its QR code.
      setAttempt((count) => count + 1);
    } catch (error) {
      setRetryError(describeFailure(error));
    }
  };

  return (
    <div className="container page payment-page">
      {view.state === 'loading' && (
        <div className="payment-result" aria-busy="true">
          <h1>Проверяем оплату</h1>
          <p className="payment-result__wait" role="status">
            <span className="spinner" aria-hidden="true" /> Узнаём у платёжной системы, как прошёл платёж…
          </p>
        </div>
      )}
      {view.state === 'qr' && (
        <div className="payment-result payment-qr">
          <h1>Оплата через СБП</h1>
          <p>
            Наведите камеру телефона на QR-код или отсканируйте его в приложении банка и подтвердите оплату{' '}
            {formatRub(view.order.to_pay)} за заказ {view.order.number}.
          </p>
          {/* Drawn by our server from YooKassa's payment link: an SVG with paths only, no script. */}
          <div className="payment-qr__code" dangerouslySetInnerHTML={{ __html: view.svg }} />
          <p className="payment-result__wait" role="status">
            <span className="spinner" aria-hidden="true" /> Ждём подтверждения из приложения банка…
          </p>
          {view.testUrl && (
            <p className="payment-qr__test">
              Тестовый режим: телефона не нужно — <a href={view.testUrl}>открыть страницу банка по QR-коду</a>
              .
            </p>
          )}
          <OrderFacts order={view.order} />
          <div className="button-row">
            <OrderLink order={view.order} guestKey={loggedIn ? undefined : key} />
          </div>
        </div>
      )}
      {view.state === 'error' && (
        <div className="payment-result payment-result--failed">
          <h1>Не удалось проверить оплату</h1>
          <p role="alert">{view.message}</p>
          <div className="button-row">
            {valid && (
              <button type="button" className="button" onClick={() => setAttempt((count) => count + 1)}>
                Проверить ещё раз
              </button>
            )}
            <Link to="/" className="button button--ghost">
              На главную
            </Link>
          </div>
        </div>
      )}
      {view.state === 'done' && view.outcome === 'paid' && (
        <div className="payment-result payment-result--paid">
          <p className="payment-result__icon" aria-hidden="true">
            ✓
          </p>
          <h1>Оплата прошла</h1>
          {isCourseOrder(view.order) ? (
            <p>
              Спасибо! Мы получили {formatRub(view.order.total)} за заказ {view.order.number}. Курс открыт —
              он в «Моих курсах», чек придёт на {view.order.email}.
            </p>
          ) : (
            <p>
              Спасибо! Мы получили {formatRub(view.order.to_pay)} за заказ {view.order.number}. Соберём его и
              сообщим на {view.order.email},{' '}
              {view.order.handover === 'pickup'
                ? 'когда его можно будет забрать в нашем офисе.'
                : 'когда передадим в доставку.'}
            </p>
          )}
          <OrderFacts order={view.order} />
          <div className="button-row">
            {loggedIn && isCourseOrder(view.order) && (
              <Link to="/my-courses" className="button">
                Мои курсы
              </Link>
            )}
            {!isCourseOrder(view.order) && (
              <OrderLink order={view.order} guestKey={loggedIn ? undefined : key} primary />
            )}
            {loggedIn && !isCourseOrder(view.order) && (
              <Link to="/my-orders" className="button button--ghost">
                Мои заказы
              </Link>
            )}
            <Link to="/catalog.html" className="button button--ghost">
              Вернуться в каталог
            </Link>
          </div>
        </div>
      )}
      {view.state === 'done' && view.outcome === 'failed' && (
        <div className="payment-result payment-result--failed">
          <h1>Оплата не прошла</h1>
          <p>
            Деньги не списаны. Заказ {view.order.number} сохранён — можно попробовать оплатить ещё раз, другой
            картой или позже из личного кабинета.
          </p>
          <OrderFacts order={view.order} />
          {retryError && (
            <div className="form-error" role="alert">
              {retryError}
            </div>
          )}
          <div className="button-row">
            {canPayOnline(view.order) && (
              <PayOnlineButtons total={view.order.to_pay} onPay={(method) => retry(view.order, method)} />
            )}
            <OrderLink order={view.order} guestKey={loggedIn ? undefined : key} />
            {loggedIn && (
              <Link to="/my-orders" className="button button--ghost">
                Мои заказы
              </Link>
            )}
          </div>
        </div>
      )}
      {view.state === 'done' && view.outcome === 'pending' && (
        <div className="payment-result">
          <h1>Платёж ещё обрабатывается</h1>
          <p>
            Платёжная система пока не сообщила результат. Обычно это занимает пару минут — проверьте ещё раз
            чуть позже.
          </p>
          <OrderFacts order={view.order} />
          <div className="button-row">
            <button type="button" className="button" onClick={() => setAttempt((count) => count + 1)}>
              Проверить ещё раз
            </button>
            <OrderLink order={view.order} guestKey={loggedIn ? undefined : key} />
            {loggedIn && (
              <Link to="/my-orders" className="button button--ghost">
                Мои заказы
              </Link>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
