// /checkout (spec §2): the frame of the four steps — a stepper, the step, and the order summary beside it. It waits
// for the browser (the draft lives in session storage) and for the visitor's cart; /checkout and any step whose
// earlier steps are not done lead to the first unfinished one.
import { formatRub } from '@efir/domain/money';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppState } from '../../lib/app-context.tsx';
import { CHECKOUT_STEPS, type CheckoutStep } from '../../lib/app-state.ts';
import { CART_URL, describeLine, useCart, useCartCertificates } from '../../lib/cart-state.ts';
import { findPlacedOrder, orderPageUrl } from '../../lib/orders.ts';
import { Link } from '../../lib/router/link.tsx';
import { CertificateRows } from './certificate-payment.tsx';
import { canOpenStep, findFirstUnfinishedStep, STEP_TITLES, stepUrl } from './checkout-rules.ts';
import { useCheckoutDraft, useIsBrowser } from './use-checkout.ts';
import './checkout.css';

function readStep(pathname: string): CheckoutStep | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return (CHECKOUT_STEPS as readonly string[]).includes(last ?? '') ? (last as CheckoutStep) : null;
}

function Stepper({ current }: { current: CheckoutStep }) {
  const draft = useCheckoutDraft();
  const currentIndex = CHECKOUT_STEPS.indexOf(current);
  return (
    <nav className="checkout-steps" aria-label="Шаги оформления">
      <ol>
        {CHECKOUT_STEPS.map((step, index) => {
          const done = index < currentIndex || (draft.passed.includes(step) && step !== current);
          const open = step !== current && canOpenStep(step, draft);
          const className = [
            'checkout-steps__item',
            step === current ? 'checkout-steps__item--current' : '',
            done ? 'checkout-steps__item--done' : '',
          ]
            .filter(Boolean)
            .join(' ');
          const label = (
            <>
              <span className="checkout-steps__number" aria-hidden="true">
                {done ? '✓' : index + 1}
              </span>
              <span className="checkout-steps__title">{STEP_TITLES[step]}</span>
            </>
          );
          return (
            <li key={step} className={className} aria-current={step === current ? 'step' : undefined}>
              {open ? (
                <Link to={stepUrl(step)}>{label}</Link>
              ) : (
                <span className="checkout-steps__static">{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The order beside the steps: goods, the delivery quoted so far, and the total to pay. */
function OrderSummary() {
  const cart = useCart();
  const draft = useCheckoutDraft();
  const delivery = draft.quote;
  const deliveryPrice = delivery?.price ?? 0;
  const [certificates] = useCartCertificates();
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        Ваш заказ
      </h2>
      <details className="checkout-summary__lines">
        <summary>{formatCount(cart.count, GOODS_FORMS)}</summary>
        <ul>
          {[...cart.lines, ...cart.gifts].map((line) => (
            <li key={`${line.gift ? 'gift' : 'line'}-${line.id}`}>
              <span>
                {describeLine(line)} × {line.quantity}
              </span>
              <span className="nowrap">{line.gift ? 'подарок' : formatRub(line.sum)}</span>
            </li>
          ))}
        </ul>
      </details>
      <dl className="checkout-summary__totals">
        <div>
          <dt>Товары</dt>
          <dd>{formatRub(cart.subtotal)}</dd>
        </div>
        {cart.discount > 0 && (
          <div className="checkout-summary__discount">
            <dt>Скидка{cart.skidka > 0 ? ` ${cart.skidka}\u00a0%` : ''}</dt>
            <dd>−{formatRub(cart.discount)}</dd>
          </div>
        )}
        <div>
          <dt>Доставка</dt>
          <dd>{delivery ? delivery.priceText : '—'}</dd>
        </div>
        <div className="checkout-summary__total">
          <dt>Итого</dt>
          <dd>{formatRub(cart.total + deliveryPrice)}</dd>
        </div>
        <CertificateRows
          certificates={certificates}
          total={cart.total + deliveryPrice}
          restClassName="checkout-summary__total"
        />
      </dl>
      <Link to={CART_URL} className="checkout-summary__edit">
        Изменить корзину
      </Link>
    </aside>
  );
}

function CheckoutFrame({ children }: { children: ReactNode }) {
  return (
    <div className="container page checkout">
      <h1>Оформление заказа</h1>
      {children}
    </div>
  );
}

export function CheckoutLayout() {
  const isBrowser = useIsBrowser();
  const waiting = useAppState((state) => state.sessionPending || state.cartPending);
  const userId = useAppState((state) => state.user?.id);
  const cart = useCart();
  const draft = useCheckoutDraft();
  const { pathname } = useLocation();
  const step = readStep(pathname);

  if (!isBrowser || waiting) {
    return (
      <CheckoutFrame>
        <p className="checkout-loading" role="status">
          <span className="spinner" aria-hidden="true" /> Загружаем оформление заказа…
        </p>
      </CheckoutFrame>
    );
  }
  if (cart.lines.length === 0) {
    // Reached again after an order (Back past the order's page, a bookmark): the order, not an empty form.
    const placed = findPlacedOrder(userId ?? 0);
    return (
      <CheckoutFrame>
        <div className="checkout-empty">
          {placed ? (
            <>
              <p className="checkout-empty__title">Заказ оформлен, корзина пуста</p>
              <div className="button-row">
                <Link to={orderPageUrl(placed)} className="button">
                  Открыть заказ
                </Link>
                <Link to="/catalog.html" className="button button--ghost">
                  Перейти в каталог
                </Link>
              </div>
            </>
          ) : (
            <>
              <p className="checkout-empty__title">В корзине пусто — оформлять пока нечего</p>
              <div className="button-row">
                <Link to="/catalog.html" className="button">
                  Перейти в каталог
                </Link>
                <Link to={CART_URL} className="button button--ghost">
                  Открыть корзину
                </Link>
              </div>
            </>
          )}
        </div>
      </CheckoutFrame>
    );
  }
  const first = findFirstUnfinishedStep(draft);
  if (!step || !canOpenStep(step, draft)) return <Navigate to={stepUrl(first)} replace />;
  return (
    <CheckoutFrame>
      <Stepper current={step} />
      <div className="checkout-layout">
        <div className="checkout-layout__step">
          <Outlet />
        </div>
        <OrderSummary />
      </div>
    </CheckoutFrame>
  );
}

/** /checkout itself: the layout has already sent the buyer to the first unfinished step. */
export function CheckoutIndex() {
  return null;
}
