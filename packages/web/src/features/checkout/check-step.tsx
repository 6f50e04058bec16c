// Step «Подтверждение»: the whole order once more and «Подтвердить заказ» → POST /v1/order with the checkout's one
// idempotency key (a double click or a retry returns the same order). Refusals lead back to the step (or the cart)
// that can fix them. The order's page then takes the checkout's place in the history, and card payment continues
// at YooKassa from there (Back comes to the order, decision 042).

import { PAYMENT_METHODS } from '@efir/domain/delivery-catalogue';
import { DELIVERY_METHOD_KINDS, HYDROLAT_REASON } from '@efir/domain/delivery-rules';
import { formatRub } from '@efir/domain/money';
import type { PlacedOrder } from '@efir/domain/order-wire';
import { type ReactNode, useId, useRef, useState } from 'react';
import { FormError } from '../../components/ui/form.tsx';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import type { CheckoutDraft, SessionUser } from '../../lib/app-state.ts';
import { CART_URL, describeLine, reloadCart, useCart, useCartCertificates } from '../../lib/cart-state.ts';
import { CHECKOUT_STORAGE_KEY, createIdempotencyKey } from '../../lib/checkout-draft.ts';
import { describeFailure } from '../../lib/failure-message.ts';
import { HttpError } from '../../lib/http-client.ts';
import {
  CARD_ONLINE,
  orderPageUrl,
  rememberGuestOrder,
  rememberPlacedOrder,
  startCardPayment,
} from '../../lib/orders.ts';
import { Link } from '../../lib/router/link.tsx';
import { useNavigate } from '../../lib/router/router-view.tsx';
import { CertificateRows, splitByCertificates } from './certificate-payment.tsx';
import {
  checkRecipient,
  describeRecipient,
  listCertificateUnits,
  recipientAt,
} from './certificate-recipients.ts';
import {
  buildOrderRequest,
  describeDeliveryChoice,
  formatAddress,
  getKindNeeds,
  routeFieldErrors,
  STEP_TITLES,
  stepUrl,
} from './checkout-rules.ts';
import { useCheckoutDraft, useUpdateCheckout } from './use-checkout.ts';

function describeDestination(draft: CheckoutDraft, user: SessionUser | null): string {
  const { delivery } = draft;
  const needs = getKindNeeds(delivery.sposob_dost);
  if (needs === 'address' || needs === 'address-tarif') {
    if (delivery.adrec != null) {
      return formatAddress(user?.addresses.find((address) => address.id === delivery.adrec));
    }
    return formatAddress(draft.addressInput);
  }
  if (needs === 'point') {
    if (delivery.pvz != null) {
      const saved = user?.pvz.find((point) => point.id === delivery.pvz);
      return saved ? [saved.name, saved.address].filter(Boolean).join(', ') : '';
    }
    return delivery.pvzNew ? [delivery.pvzNew.name, delivery.pvzNew.address].filter(Boolean).join(', ') : '';
  }
  return '';
}

function Section({ title, edit, children }: { title: string; edit?: string; children: ReactNode }) {
  return (
    <section className="check-section">
      <div className="check-section__head">
        <h3>{title}</h3>
        {edit && (
          <Link to={edit} className="check-section__edit" aria-label={`Изменить: ${title.toLowerCase()}`}>
            Изменить
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

export function CheckStep() {
  const { api, store } = useAppContext();
  const draft = useCheckoutDraft();
  const update = useUpdateCheckout();
  const user = useAppState((state) => state.user);
  const cart = useCart();
  const navigate = useNavigate();
  const ids = useId();
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const [certificates] = useCartCertificates();
  const units = listCertificateUnits(cart.lines);

  const { delivery } = draft;
  const choice = describeDeliveryChoice(delivery);
  // The variant where it says more than the method, once: «Самовывоз из офиса в Москве», not «Самовывоз —
  // Самовывоз из офиса в Москве», and «Почта России», not «Почта России — Почта России».
  const variant =
    choice.kind && delivery.type != null && DELIVERY_METHOD_KINDS[delivery.type].length > 1
      ? choice.kind
      : '';
  const deliveryTitle =
    !variant || variant === choice.method
      ? choice.method
      : variant.toLowerCase().startsWith(choice.method.toLowerCase())
        ? variant
        : `${choice.method} — ${variant}`;
  const destination = describeDestination(draft, user);
  const deliveryPrice = draft.quote?.price ?? 0;
  const payment =
    delivery.sposob_oplat == null
      ? ''
      : delivery.sposob_oplat === CARD_ONLINE && draft.onlineMethod === 'sbp'
        ? `${PAYMENT_METHODS[delivery.sposob_oplat]}: через СБП`
        : PAYMENT_METHODS[delivery.sposob_oplat];

  const place = async () => {
    // One order per checkout: a second click while the first is on its way does nothing.
    if (inFlight.current) return;
    inFlight.current = true;
    setPlacing(true);
    setError(null);
    let key = draft.key;
    if (!key) {
      key = createIdempotencyKey();
      const fixed = key;
      update((current) => ({ ...current, key: fixed }));
    }
    const onlineMethod = draft.onlineMethod ?? 'bank_card';
    const built = buildOrderRequest(draft, key, cart.hydr, units.length);
    if (!built.ok) {
      inFlight.current = false;
      setPlacing(false);
      void navigate(stepUrl(built.step), { state: { error: built.message } });
      return;
    }
    let placed: PlacedOrder;
    try {
      placed = await api.post<PlacedOrder>('/v1/order', {
        body: {
          ...built.body,
          expected: {
            goods_total: cart.total,
            delivery_price: deliveryPrice,
            ...(cart.version ? { cart_version: cart.version } : {}),
          },
        },
      });
    } catch (failure) {
      inFlight.current = false;
      setPlacing(false);
      handleFailure(failure);
      return;
    }
    if (!user) rememberGuestOrder(placed.order.id, placed.key);
    rememberPlacedOrder(placed.order.id, user?.id ?? 0);
    const guestKey = user ? undefined : placed.key;
    // The order's page takes this step's place in the history first, so that Back from the payment page (or
    // after it) shows the order with «Оплатить», not the emptied checkout.
    await finish(placed.order.id, null);
    if (placed.order.sposob_oplat === CARD_ONLINE && placed.pay) {
      try {
        await startCardPayment(api, placed.order.id, guestKey, onlineMethod);
      } catch (failure) {
        await showOrder(placed.order.id, describeFailure(failure));
      }
    }
  };

  const showOrder = (orderId: number, paymentProblem: string | null) =>
    navigate(orderPageUrl(orderId), { replace: true, state: paymentProblem ? { paymentProblem } : null });

  /** The order's page first (so the steps are gone), then the checkout data and the emptied cart. */
  const finish = async (orderId: number, paymentProblem: string | null) => {
    await showOrder(orderId, paymentProblem);
    // The draft leaves the storage at once: the payment page may take the tab before the store is written out.
    try {
      sessionStorage.removeItem(CHECKOUT_STORAGE_KEY);
    } catch {
      // Nothing stored, nothing to remove.
    }
    store.getState().setCheckout(null);
    void reloadCart(api, store);
  };

  const handleFailure = (failure: unknown) => {
    if (failure instanceof HttpError) {
      const { status, errors, hydr } = failure.detail;
      if (status === 422 && hydr === true) {
        void navigate(stepUrl('delivery'), { state: { error: HYDROLAT_REASON } });
        return;
      }
      const routed = errors ? routeFieldErrors(errors) : null;
      if (routed?.step === 'cart') {
        void reloadCart(api, store);
        void navigate(CART_URL, {
          state: { message: routed?.message ?? failure.detail.message ?? 'Корзина изменилась' },
        });
        return;
      }
      // 409: what the buyer confirmed changed (a delivery price, say); the step that shows it explains why.
      if (routed && (status === 422 || status === 409)) {
        void navigate(stepUrl(routed.step), { state: { error: routed.message } });
        return;
      }
      if (status === 409 && /ключ заказа/i.test(failure.detail.message ?? '')) {
        // The key belongs to another order (e.g. placed before a login): a fresh one lets the buyer try again.
        update((current) => ({ ...current, key: null }));
      }
    }
    setError(describeFailure(failure));
  };

  return (
    <section className="checkout-step" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="checkout-step__title">
        Проверьте заказ
      </h2>
      <FormError message={error ?? undefined} />

      <Section title="Товары" edit={CART_URL}>
        <ul className="check-lines">
          {cart.lines.map((line) => (
            <li key={line.id}>
              <Link to={line.url}>{describeLine(line)}</Link>
              <span className="check-lines__qty">× {line.quantity}</span>
              <span className="check-lines__sum">{formatRub(line.sum)}</span>
            </li>
          ))}
          {cart.gifts.map((line) => (
            <li key={`gift-${line.id}`}>
              <span>{describeLine(line)}</span>
              <span className="check-lines__qty">подарок</span>
              <span className="check-lines__sum">0&nbsp;₽</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={STEP_TITLES.delivery} edit={stepUrl('delivery')}>
        <p className="check-text">
          <strong>{deliveryTitle}</strong>
        </p>
        {destination && <p className="check-text">{destination}</p>}
        {draft.quote && (
          <p className="check-text">
            {draft.quote.tarifName && draft.quote.tarifName !== choice.kind && <>{draft.quote.tarifName}: </>}
            {draft.quote.priceText}
            {draft.quote.term && <>, {draft.quote.term}</>}
          </p>
        )}
      </Section>

      <Section title={STEP_TITLES.pay} edit={stepUrl('pay')}>
        <p className="check-text">{payment}</p>
      </Section>

      <Section title={STEP_TITLES.info} edit={stepUrl('info')}>
        <p className="check-text">
          {draft.form.name} {draft.form.fam}
          <br />
          {draft.form.email}
          <br />
          {draft.form.tel}
        </p>
        {(delivery.koment || delivery.calling || delivery.ecopack || delivery.consultant) && (
          <ul className="check-wishes">
            {delivery.calling && <li>Позвонить перед доставкой</li>}
            {delivery.ecopack && <li>Экоупаковка</li>}
            {delivery.consultant && <li>Нужна консультация ароматерапевта</li>}
            {delivery.koment && <li>Комментарий: {delivery.koment}</li>}
          </ul>
        )}
      </Section>

      {units.length > 0 && (
        <Section
          title={units.length > 1 ? 'Подарочные сертификаты' : 'Подарочный сертификат'}
          edit={stepUrl('info')}
        >
          <ul className="check-recipients">
            {units.map((unit, index) => {
              const checked = checkRecipient(recipientAt(draft.recipients, index), 0);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a unit is its place in the cart's order
                <li key={index}>
                  <strong>{unit.title}</strong>
                  <br />
                  {checked.ok ? describeRecipient(checked.value, draft.form.email) : 'Проверьте получателя'}
                  {checked.ok && checked.value.message && (
                    <>
                      <br />
                      Пожелание: «{checked.value.message}»
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </Section>
      )}

      <dl className="check-totals">
        <div>
          <dt>Товары</dt>
          <dd>{formatRub(cart.subtotal)}</dd>
        </div>
        {cart.discount > 0 && (
          <div>
            <dt>Скидка{cart.skidka > 0 ? ` ${cart.skidka}\u00a0%` : ''}</dt>
            <dd>−{formatRub(cart.discount)}</dd>
          </div>
        )}
        <div>
          <dt>Доставка</dt>
          <dd>
            {draft.quote ? (deliveryPrice > 0 ? formatRub(deliveryPrice) : draft.quote.priceText) : '—'}
          </dd>
        </div>
        <div className="check-totals__total">
          <dt>{certificates.length > 0 ? 'Итого' : 'Итого к оплате'}</dt>
          <dd>{formatRub(cart.total + deliveryPrice)}</dd>
        </div>
        <CertificateRows
          certificates={certificates}
          total={cart.total + deliveryPrice}
          restClassName="check-totals__total"
        />
      </dl>

      <div className="checkout-actions">
        <Link to={stepUrl('info')} className="button button--ghost">
          Назад
        </Link>
        <button
          type="button"
          className="button checkout-confirm"
          disabled={placing}
          aria-busy={placing || undefined}
          onClick={() => void place()}
        >
          {placing ? 'Оформляем…' : 'Подтвердить заказ'}
        </button>
      </div>
      <p className="checkout-hint">
        {delivery.sposob_oplat === CARD_ONLINE &&
        splitByCertificates(certificates, cart.total + deliveryPrice).rest > 0
          ? draft.onlineMethod === 'sbp'
            ? 'После подтверждения откроется оплата через СБП. '
            : 'После подтверждения откроется страница оплаты картой. '
          : ''}
        Нажимая «Подтвердить заказ», вы принимаете условия{' '}
        <Link to="/publicnaia-oferta">публичной оферты</Link> и{' '}
        <Link to="/soglasenie-o-zashhite-personalnyx-dannyx">соглашения о персональных данных</Link>.
      </p>
    </section>
  );
}
