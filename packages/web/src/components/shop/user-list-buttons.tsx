// The heart (favourites of spec §4: products, recipes, articles) and the waitlist button of an out-of-stock
// product. A guest's click leads to /login and back; a logged-in click changes the list at once.
import type { FavoritePathType } from '@efir/domain/account-schemas';
import { useState } from 'react';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import { describeFailure } from '../../lib/failure-message.ts';
import { useSendToLogin, useSessionStatus } from '../../lib/use-session.ts';
import { FAVORITE_FIELDS, setWaiting, toggleFavorite } from '../../lib/user-lists.ts';
import { BellIcon, HeartIcon } from '../ui/icons.tsx';

export function FavoriteButton({
  type,
  id,
  className,
  name,
}: {
  type: FavoritePathType;
  id: number;
  className?: string;
  /** On a card in a list: the heart alone, its words (with what it saves) only for screen readers. */
  name?: string;
}) {
  const { api, store } = useAppContext();
  const status = useSessionStatus();
  const pressed = useAppState((state) => state.user?.[FAVORITE_FIELDS[type]].includes(id) ?? false);
  const sendToLogin = useSendToLogin();
  const [busy, setBusy] = useState(false);

  const click = async () => {
    if (status !== 'user') {
      sendToLogin();
      return;
    }
    setBusy(true);
    try {
      await toggleFavorite(api, store, type, id);
    } catch (error) {
      store
        .getState()
        .showNotice({ type: 'error', title: 'Не удалось изменить избранное', text: describeFailure(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={[
        'favorite-button',
        pressed ? 'favorite-button--on' : '',
        name ? 'favorite-button--icon' : '',
        className ?? '',
      ]
        .filter(Boolean)
        .join(' ')}
      aria-pressed={pressed}
      disabled={busy || status === 'pending'}
      title={
        status === 'guest'
          ? 'Войдите, чтобы сохранять избранное'
          : name
            ? pressed
              ? 'В избранном'
              : 'В избранное'
            : undefined
      }
      onClick={() => void click()}
    >
      <HeartIcon width={20} height={20} filled={pressed} />
      <span className={name ? 'visually-hidden' : undefined}>
        {pressed ? 'В избранном' : 'В избранное'}
        {name && `: ${name}`}
      </span>
    </button>
  );
}

export function WaitlistButton({ productId, className }: { productId: number; className?: string }) {
  const { api, store } = useAppContext();
  const status = useSessionStatus();
  const waiting = useAppState((state) => state.user?.waitlist.includes(productId) ?? false);
  const sendToLogin = useSendToLogin();
  const [busy, setBusy] = useState(false);

  const click = async () => {
    if (status !== 'user') {
      sendToLogin();
      return;
    }
    setBusy(true);
    const next = !waiting;
    try {
      await setWaiting(api, store, productId, next);
      const email = store.getState().user?.email;
      store.getState().showNotice(
        next
          ? {
              type: 'success',
              title: 'Сообщим о поступлении',
              text: email
                ? `Напишем на ${email}, как только товар появится.`
                : 'Напишем, как только товар появится.',
            }
          : { type: 'success', title: 'Убрали из листа ожидания', text: 'Письма об этом товаре не будет.' },
      );
    } catch (error) {
      store.getState().showNotice({ type: 'error', title: 'Не получилось', text: describeFailure(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={['button', waiting ? '' : 'button--ghost', 'waitlist-button', className ?? '']
        .filter(Boolean)
        .join(' ')}
      aria-pressed={waiting}
      disabled={busy || status === 'pending'}
      onClick={() => void click()}
    >
      <BellIcon width={18} height={18} />
      <span>{waiting ? 'В листе ожидания' : 'Сообщить о поступлении'}</span>
    </button>
  );
}
