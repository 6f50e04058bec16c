// The cart page's field «Подарочный сертификат или промокод»: a promo code or gift certificate codes (the server tells
// them apart and says whether each fits and why not); each can be taken off. Certificates pay the order at checkout,
// so the cart's totals do not change with them (decision 045).
import { formatDateLong } from '@efir/domain/dates';
import { formatRub } from '@efir/domain/money';
import { type FormEvent, useId, useState } from 'react';
import { useAppContext } from '../../lib/app-context.tsx';
import type { CartData } from '../../lib/app-state.ts';
import {
  applyPromoCode,
  clearPromoCode,
  fetchCartCertificates,
  removeCartCertificate,
  useCartCertificates,
} from '../../lib/cart-state.ts';
import { describeFailure } from '../../lib/failure-message.ts';

export function PromoCode({ cart }: { cart: CartData }) {
  const { api, store } = useAppContext();
  const inputId = useId();
  const messageId = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [certificates, setCertificates] = useCartCertificates();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setMessage({ error: true, text: 'Введите код сертификата или промокод' });
      return;
    }
    setBusy(true);
    try {
      const result = await applyPromoCode(api, store, trimmed);
      setMessage({
        error: result.error,
        text: result.text || (result.error ? 'Код не подошёл' : 'Код принят'),
      });
      if (!result.error) {
        setCode('');
        setCertificates(await fetchCartCertificates(api));
      }
    } catch (error) {
      setMessage({ error: true, text: describeFailure(error) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await clearPromoCode(api, store);
      setMessage(null);
    } catch (error) {
      setMessage({ error: true, text: describeFailure(error) });
    } finally {
      setBusy(false);
    }
  };

  const removeCertificate = async (id: number) => {
    setBusy(true);
    try {
      setCertificates(await removeCartCertificate(api, id));
      setMessage(null);
    } catch (error) {
      setMessage({ error: true, text: describeFailure(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="cart-promo" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="cart-aside__title">
        Подарочный сертификат или промокод
      </h2>
      {cart.promo && (
        <div className="cart-promo__applied">
          <p>
            <strong>{cart.promo.code}</strong>
            {cart.skidka > 0 && <> — скидка {cart.skidka}&nbsp;%</>}
          </p>
          <button type="button" className="link-button" disabled={busy} onClick={() => void remove()}>
            Убрать
          </button>
        </div>
      )}
      {certificates.length > 0 && (
        <ul className="cart-promo__certificates" aria-label="Подарочные сертификаты">
          {certificates.map((certificate) => (
            <li key={certificate.id} className="cart-promo__applied">
              <p>
                Сертификат …{certificate.code_tail}: {formatRub(certificate.balance)}, до{' '}
                {formatDateLong(certificate.expires_at)}
              </p>
              <button
                type="button"
                className="link-button"
                disabled={busy}
                aria-label={`Убрать сертификат …${certificate.code_tail}`}
                onClick={() => void removeCertificate(certificate.id)}
              >
                Убрать
              </button>
            </li>
          ))}
        </ul>
      )}
      {certificates.length > 0 && (
        <p className="cart-promo__message">
          Сертификаты оплатят заказ при оформлении — сумма товаров не меняется
        </p>
      )}
      <form className="cart-promo__form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          Подарочный сертификат или промокод
        </label>
        <input
          id={inputId}
          name="code"
          className="field__input"
          value={code}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder="Сертификат или промокод"
          aria-invalid={message?.error || undefined}
          aria-describedby={message ? messageId : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="button button--ghost" disabled={busy} aria-busy={busy || undefined}>
          Применить
        </button>
      </form>
      {message && (
        <p
          id={messageId}
          className={message.error ? 'cart-promo__message cart-promo__message--error' : 'cart-promo__message'}
          role={message.error ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
    </section>
  );
}
