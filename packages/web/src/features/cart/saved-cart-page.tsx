// A saved cart opened by its link (page type 'saved', spec §3): its lines and total, «Добавить в корзину» (adds them
// to the current cart) and «Заменить корзину» (the current cart becomes this one).

import type { SavedCartPage as SavedCartPageData } from '@efir/domain/cart-wire';
import { formatDateLong } from '@efir/domain/dates';
import { formatRub } from '@efir/domain/money';
import type { RouteResponse } from '@efir/domain/page-wire';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import { useState } from 'react';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { Picture } from '../../components/ui/picture.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { applySavedCart, CART_URL, useCart } from '../../lib/cart-state.ts';
import { describeFailure } from '../../lib/failure-message.ts';
import { Link } from '../../lib/router/link.tsx';
import { useNavigate } from '../../lib/router/router-view.tsx';
import './cart.css';

export function SavedCartPage({ data }: { data: RouteResponse }) {
  const { api, store } = useAppContext();
  const navigate = useNavigate();
  const current = useCart();
  const saved = data.page.com_data as SavedCartPageData;
  const [busy, setBusy] = useState<'add' | 'change' | null>(null);
  const count = saved.lines.reduce((sum, line) => sum + line.quantity, 0);
  const available = saved.lines.filter((line) => line.stock > 0);

  const use = async (mode: 'add' | 'change') => {
    setBusy(mode);
    try {
      await applySavedCart(api, store, saved.token, mode);
      store.getState().showNotice({
        type: 'success',
        title: mode === 'add' ? 'Товары добавлены в корзину' : 'Корзина заменена',
        text:
          available.length < saved.lines.length
            ? 'Товары, которых сейчас нет в наличии, в корзину не попали.'
            : '',
      });
      await navigate(CART_URL);
    } catch (error) {
      store.getState().showNotice({ type: 'error', title: 'Не получилось', text: describeFailure(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="container page cart-page saved-cart">
      <Breadcrumbs items={data.page.breadcrumbs} />
      <h1>Сохранённая корзина</h1>
      <p className="saved-cart__meta">
        {saved.created_at && <>Сохранена {formatDateLong(saved.created_at)} · </>}
        {formatCount(count, GOODS_FORMS)}
      </p>
      {saved.lines.length === 0 ? (
        <p>В этой корзине не осталось товаров из каталога.</p>
      ) : (
        <>
          <ul className="cart-lines" aria-label="Товары сохранённой корзины">
            {saved.lines.map((line) => (
              <li key={line.id} className="cart-line">
                <Link to={line.url} className="cart-line__picture" tabIndex={-1} aria-hidden="true">
                  <Picture image={line.image} alt="" width={96} height={96} />
                </Link>
                <div className="cart-line__main">
                  <p className="cart-line__name">
                    <Link to={line.url}>{line.name}</Link>
                    {line.volume && <span className="cart-line__volume">{line.volume}</span>}
                  </p>
                  <p className="cart-line__price">
                    <span className="cart-line__unit">
                      {formatRub(line.price)}
                      <span className="muted">&nbsp;/ шт.</span>
                    </span>
                    {line.cena_st > 0 && <s className="cart-line__regular">{formatRub(line.cena_st)}</s>}
                  </p>
                  {line.stock <= 0 && <p className="saved-cart__out">Сейчас нет в наличии</p>}
                </div>
                <div className="cart-line__controls">
                  <span>{line.quantity}&nbsp;шт.</span>
                  <p className="cart-line__sum">{formatRub(line.sum)}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="saved-cart__total">
            <span>Итого по ценам каталога</span>
            <span>{formatRub(saved.total)}</span>
          </p>
          <div className="button-row saved-cart__actions">
            <button
              type="button"
              className="button"
              disabled={busy !== null || available.length === 0}
              onClick={() => void use('add')}
            >
              {busy === 'add' ? 'Добавляем…' : 'Добавить в корзину'}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy !== null || available.length === 0}
              onClick={() => void use('change')}
            >
              {busy === 'change' ? 'Заменяем…' : 'Заменить корзину'}
            </button>
          </div>
          {current.count > 0 && (
            <p className="muted small">
              Сейчас в вашей корзине {formatCount(current.count, GOODS_FORMS)}: «Добавить» сложит товары
              вместе, «Заменить» оставит только эти.
            </p>
          )}
        </>
      )}
    </div>
  );
}
