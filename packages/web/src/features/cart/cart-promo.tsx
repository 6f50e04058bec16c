// The cart page's promo code: apply one (the server says whether it fits and why not), or take it off.
import { type FormEvent, useId, useState } from 'react';
import { useAppContext } from '../../lib/app-context.tsx';
import type { CartData } from '../../lib/app-state.ts';
import { applyPromoCode, clearPromoCode } from '../../lib/cart-state.ts';
import { describeFailure } from '../../lib/failure-message.ts';

export function PromoCode({ cart }: { cart: CartData }) {
  const { api, store } = useAppContext();
  const inputId = useId();
  const messageId = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setMessage({ error: true, text: 'Введите промокод' });
      return;
    }
    setBusy(true);
    try {
      const result = await applyPromoCode(api, store, trimmed);
      setMessage({
        error: result.error,
        text: result.text || (result.error ? 'Промокод не подошёл' : 'Промокод применён'),
      });
      if (!result.error) setCode('');
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

  return (
    <section className="cart-promo" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="cart-aside__title">
        Промокод
      </h2>
      {cart.promo ? (
        <div className="cart-promo__applied">
          <p>
            <strong>{cart.promo.code}</strong>
            {cart.skidka > 0 && <> — скидка {cart.skidka}&nbsp;%</>}
          </p>
          <button type="button" className="link-button" disabled={busy} onClick={() => void remove()}>
            Убрать
          </button>
        </div>
      ) : (
        <form className="cart-promo__form" onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor={inputId} className="visually-hidden">
            Промокод
          </label>
          <input
            id={inputId}
            name="code"
            className="field__input"
            value={code}
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="Промокод"
            aria-invalid={message?.error || undefined}
            aria-describedby={message ? messageId : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <button
            type="submit"
            className="button button--ghost"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            Применить
          </button>
        </form>
      )}
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
