// /my-baskets: the user's saved carts — what is in each and its total, the link to share, «Добавить в корзину»,
// «Заменить корзину» and «Удалить».

import type { SavedCart, SavedCartsAnswer } from '@efir/domain/cart-wire';
import { formatDateLong } from '@efir/domain/dates';
import { formatRub } from '@efir/domain/money';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import { useState } from 'react';
import { AccountHeading, EmptyState, LoadFailed, Loading } from '../../components/shop/account-ui.tsx';
import { CopyLink } from '../../components/ui/copy-link.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { applySavedCart, CART_URL, deleteSavedCart } from '../../lib/cart-state.ts';
import { describeFailure } from '../../lib/failure-message.ts';
import { useAccountData } from '../../lib/remote-data.ts';
import { Link } from '../../lib/router/link.tsx';
import { useNavigate } from '../../lib/router/router-view.tsx';

function BasketCard({ basket, onDeleted }: { basket: SavedCart; onDeleted(id: number): void }) {
  const { api, store, origin } = useAppContext();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'add' | 'change' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const count = basket.lines.reduce((sum, line) => sum + line.quantity, 0);
  const inStock = basket.lines.some((line) => line.stock > 0);

  const use = async (mode: 'add' | 'change') => {
    setBusy(mode);
    setFailure(null);
    try {
      await applySavedCart(api, store, basket.id, mode);
      store.getState().showNotice({
        type: 'success',
        title: mode === 'add' ? 'Товары добавлены в корзину' : 'Корзина заменена',
        text: basket.lines.some((line) => line.stock <= 0)
          ? 'Товары, которых сейчас нет в наличии, в корзину не попали.'
          : '',
        action: { to: CART_URL, label: 'Перейти в корзину' },
      });
      if (mode === 'change') await navigate(CART_URL);
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    setFailure(null);
    try {
      await deleteSavedCart(api, basket.id);
      onDeleted(basket.id);
    } catch (error) {
      setFailure(describeFailure(error));
      setBusy(null);
    }
  };

  return (
    <li className="basket-card">
      <div className="order-card__head">
        <div className="order-card__who">
          <h2 className="order-card__title">
            Корзина от {basket.created_at ? formatDateLong(basket.created_at) : '—'}
          </h2>
          <p className="order-card__date">{formatCount(count, GOODS_FORMS)}</p>
        </div>
        <p className="order-card__total">{formatRub(basket.total)}</p>
      </div>
      <ul className="order-lines">
        {basket.lines.map((line) => (
          <li key={line.id}>
            <span className="order-lines__name">
              <Link to={line.url}>{line.name}</Link>
              {line.volume && <span className="muted">, {line.volume}</span>}
              {line.stock <= 0 && <span className="basket-card__out"> — нет в наличии</span>}
            </span>
            <span className="order-lines__qty">{line.quantity}&nbsp;шт.</span>
            <span className="order-lines__sum">{formatRub(line.sum)}</span>
          </li>
        ))}
      </ul>
      <CopyLink url={`${origin}${basket.link}`} label="Ссылка на сохранённую корзину" />
      {failure && (
        <p className="field__error" role="alert">
          {failure}
        </p>
      )}
      <div className="basket-card__actions">
        <button
          type="button"
          className="button button--small"
          disabled={busy !== null || !inStock}
          onClick={() => void use('add')}
        >
          {busy === 'add' ? 'Добавляем…' : 'Добавить в корзину'}
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={busy !== null || !inStock}
          onClick={() => void use('change')}
        >
          {busy === 'change' ? 'Заменяем…' : 'Заменить корзину'}
        </button>
        {confirming ? (
          <span className="basket-card__confirm">
            Удалить эту корзину?{' '}
            <button
              type="button"
              className="button button--small button--danger"
              disabled={busy !== null}
              onClick={() => void remove()}
            >
              Да, удалить
            </button>{' '}
            <button type="button" className="link-button" onClick={() => setConfirming(false)}>
              Нет
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="link-button link-button--danger"
            disabled={busy !== null}
            onClick={() => setConfirming(true)}
          >
            Удалить
          </button>
        )}
      </div>
    </li>
  );
}

export function BasketsPage() {
  const list = useAccountData('/v1/my-baskets', (answer: SavedCartsAnswer) => answer.items);
  return (
    <div className="account-page">
      <AccountHeading
        title="Сохранённые корзины"
        lead="Корзины, которые вы отложили на потом или сохранили, чтобы поделиться ссылкой."
      />
      {list.status === 'loading' && <Loading />}
      {list.status === 'error' && <LoadFailed error={list.error} onRetry={list.reload} />}
      {list.status === 'ready' &&
        (list.data.length > 0 ? (
          <ul className="order-list">
            {list.data.map((basket) => (
              <BasketCard
                key={basket.id}
                basket={basket}
                onDeleted={(id) => list.update((items) => items.filter((item) => item.id !== id))}
              />
            ))}
          </ul>
        ) : (
          <EmptyState
            title="Сохранённых корзин нет"
            icon="basket"
            action={
              <Link to={CART_URL} className="button">
                Открыть корзину
              </Link>
            }
          >
            В корзине можно нажать «Сохранить корзину» — и вернуться к подборке позже или поделиться ссылкой.
          </EmptyState>
        ))}
    </div>
  );
}
