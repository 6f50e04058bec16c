// Step «Оплата»: the payment methods of spec §3 that suit the chosen delivery — cash only where our courier or office
// hands the order over, cash on delivery for the post and pickup points, card and bank transfer always. Online
// payment offers the card or СБП beside it.
import { PAYMENT_METHODS, type PaymentMethodId } from '@efir/domain/delivery-catalogue';
import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { FormError } from '../../components/ui/form.tsx';
import { CARD_ONLINE } from '../../lib/orders.ts';
import { Link } from '../../lib/router/link.tsx';
import { useNavigate } from '../../lib/router/router-view.tsx';
import { isStepReady, listPaymentMethods, PAYMENT_NOTES, stepUrl } from './checkout-rules.ts';
import { markPassed, useCheckoutDraft, useUpdateCheckout } from './use-checkout.ts';

const ONLINE_METHODS = [
  { id: 'bank_card', title: 'Банковской картой', note: 'Visa, Mastercard или «Мир» на странице ЮKassa.' },
  {
    id: 'sbp',
    title: 'Через СБП',
    note: 'На компьютере — QR-код для камеры телефона, на телефоне — сразу в приложение банка.',
  },
] as const;

export function PayStep() {
  const draft = useCheckoutDraft();
  const update = useUpdateCheckout();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useId();
  const [error] = useState<string | null>((location.state as { error?: string } | null)?.error ?? null);
  const methods = listPaymentMethods(draft.delivery.sposob_dost);
  const chosen = draft.delivery.sposob_oplat ?? null;
  const ready = isStepReady('pay', draft);

  const choose = (method: PaymentMethodId) =>
    update((current) => ({ ...current, delivery: { ...current.delivery, sposob_oplat: method } }));
  const online = draft.onlineMethod ?? 'bank_card';
  const chooseOnline = (method: 'bank_card' | 'sbp') =>
    update((current) => ({ ...current, onlineMethod: method }));

  return (
    <section className="checkout-step" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="checkout-step__title">
        Оплата
      </h2>
      <FormError message={error ?? undefined} />
      <fieldset className="checkout-fieldset">
        <legend className="checkout-legend">Способ оплаты</legend>
        <div className="option-list">
          {methods.map((method) => (
            <label key={method} className="option">
              <input
                type="radio"
                name={`${ids}-payment`}
                className="option__radio"
                checked={chosen === method}
                onChange={() => choose(method)}
              />
              <span className="option__body">
                <span className="option__title">{PAYMENT_METHODS[method]}</span>
                <span className="option__note">{PAYMENT_NOTES[method]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {chosen === CARD_ONLINE && (
        <fieldset className="checkout-fieldset">
          <legend className="checkout-legend">Как оплатить онлайн</legend>
          <div className="option-list">
            {ONLINE_METHODS.map(({ id, title, note }) => (
              <label key={id} className="option">
                <input
                  type="radio"
                  name={`${ids}-online`}
                  className="option__radio"
                  checked={online === id}
                  onChange={() => chooseOnline(id)}
                />
                <span className="option__body">
                  <span className="option__title">{title}</span>
                  <span className="option__note">{note}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="checkout-actions">
        <Link to={stepUrl('delivery')} className="button button--ghost">
          Назад
        </Link>
        <button
          type="button"
          className="button"
          disabled={!ready}
          onClick={() => {
            update((current) => markPassed(current, 'pay'));
            void navigate(stepUrl('info'));
          }}
        >
          Далее
        </button>
      </div>
      {!ready && <p className="checkout-hint">Выберите способ оплаты.</p>}
    </section>
  );
}
