// The cart page's gift to the order: unlocked gifts can be chosen, the others say how much is left to reach them.
import type { CartLine } from '@efir/domain/cart-wire';
import { formatRub } from '@efir/domain/money';
import { useId, useState } from 'react';
import { Picture } from '../../components/ui/picture.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { type CartGifts, chooseGift, describeLine, fetchGifts } from '../../lib/cart-state.ts';
import { describeFailure } from '../../lib/failure-message.ts';
import { useRemoteData } from '../../lib/remote-data.ts';

/** GET /v1/cart/gifts whenever the total changes: the unlocked gifts can be chosen, the others say how much is left. */
export function Gifts({ total, chosenLine }: { total: number; chosenLine: CartLine | undefined }) {
  const { api, store } = useAppContext();
  // A new total (or chosen gift) changes the list; the list shown stays until the new one comes.
  const giftList = useRemoteData(`cart-gifts:${total}:${chosenLine?.id ?? 0}`, () => fetchGifts(api), {
    keepPrevious: true,
  });
  const gifts = giftList.data;
  const [busy, setBusy] = useState(false);
  /** The gift just clicked, shown as chosen over the list it was clicked in, until a newer list comes. */
  const [pending, setPending] = useState<{ id: number | null; over: CartGifts } | null>(null);
  const groupName = useId();

  if (!gifts || gifts.gifts.length === 0) return null;
  const choose = async (id: number | null) => {
    setBusy(true);
    setPending({ id, over: gifts });
    try {
      await chooseGift(api, store, id);
      giftList.reload();
    } catch (error) {
      setPending(null);
      store
        .getState()
        .showNotice({ type: 'error', title: 'Подарок не выбран', text: describeFailure(error) });
    } finally {
      setBusy(false);
    }
  };
  const chosen = pending?.over === gifts ? pending.id : gifts.chosen;
  const anyUnlocked = gifts.gifts.some((gift) => gift.unlocked);
  return (
    <section className="cart-gifts" aria-labelledby={`${groupName}-title`}>
      <h2 id={`${groupName}-title`} className="cart-section-title">
        Подарок к заказу
      </h2>
      <fieldset className="cart-gifts__list" disabled={busy} aria-busy={busy || undefined}>
        <legend className="visually-hidden">Выберите подарок</legend>
        {gifts.gifts.map((gift) => {
          const checked = chosen === gift.id && gift.unlocked;
          return (
            <label
              key={gift.id}
              className={[
                'cart-gift',
                gift.unlocked ? '' : 'cart-gift--locked',
                checked ? 'cart-gift--chosen' : '',
              ]
                .filter(Boolean)
                .join(' ')}
            >
              <input
                type="radio"
                name={groupName}
                className="cart-gift__radio"
                checked={checked}
                disabled={!gift.unlocked}
                onChange={() => void choose(gift.id)}
              />
              <Picture
                image={gift.product.image}
                alt=""
                width={64}
                height={64}
                className="cart-gift__picture"
              />
              <span className="cart-gift__text">
                <span className="cart-gift__name">{describeLine(gift.product)}</span>
                <span className="cart-gift__note">
                  {gift.unlocked
                    ? `при заказе от ${formatRub(gift.threshold)}`
                    : `ещё ${formatRub(gift.remaining)} до подарка`}
                </span>
              </span>
            </label>
          );
        })}
        {anyUnlocked && (
          <label className="cart-gift cart-gift--none">
            <input
              type="radio"
              name={groupName}
              className="cart-gift__radio"
              checked={chosen === null}
              onChange={() => void choose(null)}
            />
            <span className="cart-gift__text">
              <span className="cart-gift__name">Без подарка</span>
            </span>
          </label>
        )}
      </fieldset>
    </section>
  );
}
