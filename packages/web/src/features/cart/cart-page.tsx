// /my-cart (spec §2): lines with steppers and special-price marks, promo code, gifts, totals, hydrolats note,
// recommendations, «Сохранить корзину», «Очистить», «Оформить заказ»; an empty cart leads back to the catalogue.

import type { CartLine } from '@efir/domain/cart-wire';
import { HYDROLAT_REASON } from '@efir/domain/delivery-rules';
import { CART_FORM_SOLD_OUT } from '@efir/domain/http-contract';
import { formatRub } from '@efir/domain/money';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { OneClickButton, QuickAddButton } from '../../components/shop/cart-buttons.tsx';
import { CopyLink } from '../../components/ui/copy-link.tsx';
import { Picture } from '../../components/ui/picture.tsx';
import { ProductCard } from '../../components/ui/product-card.tsx';
import { QuantityStepper } from '../../components/ui/quantity-stepper.tsx';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import type { CartData } from '../../lib/app-state.ts';
import {
  CHECKOUT_URL,
  cleanCart,
  describeLine,
  MAX_LINE_QUANTITY,
  removeCartLine,
  removeOneFromCart,
  saveCart,
  addToCart as sendAddToCart,
  useCart,
} from '../../lib/cart-state.ts';
import { Link } from '../../lib/router/link.tsx';
import { useCartCall } from './cart-call.ts';
import { Gifts } from './cart-gifts.tsx';
import { PromoCode } from './cart-promo.tsx';
import { RemoveUnavailable, UnavailableLines } from './cart-unavailable.tsx';
import './cart.css';

const SOLD_OUT_MESSAGE =
  'Этого товара уже нет в наличии, в корзину он не добавлен. На странице товара можно подписаться на уведомление о поступлении.';

/** «−10 %» of a discounted regular line: the price the buyer pays per unit against the catalogue price. */
function LinePrice({ line }: { line: CartLine }) {
  const special = line.cena_st > 0;
  const struck = special ? line.cena_st : line.price < line.cena ? line.cena : 0;
  return (
    <p className="cart-line__price">
      <span className={special ? 'cart-line__unit cart-line__unit--special' : 'cart-line__unit'}>
        {formatRub(line.price)}
        <span className="muted">&nbsp;/ шт.</span>
      </span>
      {struck > 0 && (
        <>
          <span className="visually-hidden">вместо</span>
          <s className="cart-line__regular">{formatRub(struck)}</s>
        </>
      )}
    </p>
  );
}

function CartLineRow({
  line,
  busy,
  run,
}: {
  line: CartLine;
  busy: boolean;
  run: ReturnType<typeof useCartCall>['run'];
}) {
  const { api, store } = useAppContext();
  const title = describeLine(line);
  const max = Math.min(line.stock, MAX_LINE_QUANTITY);
  const special = line.cena_st > 0;
  return (
    <li className="cart-line">
      <Link to={line.url} className="cart-line__picture" tabIndex={-1} aria-hidden="true">
        <Picture image={line.image} alt="" width={96} height={96} />
      </Link>
      <div className="cart-line__main">
        <p className="cart-line__name">
          <Link to={line.url}>{line.name}</Link>
          {line.volume && <span className="cart-line__volume">{line.volume}</span>}
        </p>
        {special && <span className="cart-line__mark">Спеццена</span>}
        <LinePrice line={line} />
        {line.quantity >= max && (
          <p className="cart-line__stock">
            {line.stock <= MAX_LINE_QUANTITY
              ? `Больше нет в наличии: всего ${line.stock} шт.`
              : `Не больше ${MAX_LINE_QUANTITY} шт. в одной строке`}
          </p>
        )}
      </div>
      <div className="cart-line__controls">
        <QuantityStepper
          value={line.quantity}
          max={max}
          label={`Количество: ${title}`}
          busy={busy}
          maxHint="Больше нет в наличии"
          onChange={(next) =>
            void run(`line:${line.id}`, () =>
              next > line.quantity
                ? sendAddToCart(api, store, line.id, 1)
                : removeOneFromCart(api, store, line.id),
            )
          }
        />
        <p className="cart-line__sum">{formatRub(line.sum)}</p>
        <button
          type="button"
          className="cart-line__remove"
          aria-label={`Удалить из корзины: ${title}`}
          title="Удалить из корзины"
          disabled={busy}
          onClick={() => void run(`line:${line.id}`, () => removeCartLine(api, store, line.id))}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
            <path
              d="M5 7h14M10 7V5h4v2m-7 0 1 12h8l1-12"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>
    </li>
  );
}

function GiftLineRow({ line }: { line: CartLine }) {
  return (
    <li className="cart-line cart-line--gift">
      <span className="cart-line__picture">
        <Picture image={line.image} alt="" width={96} height={96} />
      </span>
      <div className="cart-line__main">
        <p className="cart-line__name">
          <Link to={line.url}>{line.name}</Link>
          {line.volume && <span className="cart-line__volume">{line.volume}</span>}
        </p>
        <span className="cart-line__mark cart-line__mark--gift">Подарок</span>
      </div>
      <div className="cart-line__controls">
        <p className="cart-line__sum">0&nbsp;₽</p>
      </div>
    </li>
  );
}

function CartTotals({ cart }: { cart: CartData }) {
  return (
    <dl className="cart-totals">
      <div>
        <dt>Товары ({cart.count}&nbsp;шт.)</dt>
        <dd>{formatRub(cart.subtotal)}</dd>
      </div>
      {cart.discount > 0 && (
        <div className="cart-totals__discount">
          <dt>Скидка{cart.skidka > 0 ? ` ${cart.skidka}\u00a0%` : ''}</dt>
          <dd>−{formatRub(cart.discount)}</dd>
        </div>
      )}
      <div className="cart-totals__delivery">
        <dt>Доставка</dt>
        <dd>при оформлении</dd>
      </div>
      <div className="cart-totals__total">
        <dt>Итого</dt>
        <dd>{formatRub(cart.total)}</dd>
      </div>
    </dl>
  );
}

function SaveAndClean({ onSaved }: { onSaved(link: string): void }) {
  const { api, store } = useAppContext();
  const { busy, run } = useCartCall();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="cart-tools">
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={busy !== null}
        onClick={() =>
          void run(
            'save',
            async () => {
              const saved = await saveCart(api, store);
              onSaved(saved.link);
            },
            'Корзина не сохранена',
          )
        }
      >
        {busy === 'save' ? 'Сохраняем…' : 'Сохранить корзину'}
      </button>
      {confirming ? (
        // biome-ignore lint/a11y/useSemanticElements: a small inline question with its two answers, not a form
        <span className="cart-tools__confirm" role="group" aria-label="Очистить корзину?">
          <span>Убрать все товары?</span>
          <button
            type="button"
            className="button button--danger button--small"
            disabled={busy !== null}
            onClick={() => void run('clean', () => cleanCart(api, store)).then(() => setConfirming(false))}
          >
            Да, очистить
          </button>
          <button type="button" className="link-button" onClick={() => setConfirming(false)}>
            Нет
          </button>
        </span>
      ) : (
        <button type="button" className="link-button link-button--danger" onClick={() => setConfirming(true)}>
          Очистить корзину
        </button>
      )}
    </div>
  );
}

function SavedNotice({ link }: { link: string }) {
  const { origin } = useAppContext();
  const loggedIn = useAppState((state) => state.user !== null);
  return (
    <section className="cart-saved" aria-labelledby="cart-saved-title">
      <h2 id="cart-saved-title">Корзина сохранена</h2>
      <p>
        Товары убраны из корзины и ждут по ссылке: откройте её позже или отправьте другу.
        {loggedIn && (
          <>
            {' '}
            Сохранённые корзины есть и в <Link to="/my-baskets">личном кабинете</Link>.
          </>
        )}
      </p>
      <CopyLink url={`${origin}${link}`} label="Ссылка на сохранённую корзину" />
    </section>
  );
}

function EmptyCart() {
  return (
    <div className="cart-empty">
      <svg
        width="48"
        height="48"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M3 4h2l2.2 10.2a2 2 0 0 0 2 1.6h7.6a2 2 0 0 0 2-1.5L20.5 8H6.2" />
        <circle cx="10" cy="20" r="1.3" />
        <circle cx="17" cy="20" r="1.3" />
      </svg>
      <p className="cart-empty__title">В корзине пока пусто</p>
      <p className="cart-empty__text">
        Загляните в каталог: эфирные масла, гидролаты, базовые масла и наборы. А в рецептах подскажем, что из
        них приготовить.
      </p>
      <div className="button-row cart-empty__actions">
        <Link to="/catalog.html" className="button">
          Перейти в каталог
        </Link>
        <Link to="/akcii" className="button button--ghost">
          Акции
        </Link>
        <Link to="/recept.html" className="button button--ghost">
          Рецепты
        </Link>
      </div>
    </div>
  );
}

export function CartPage() {
  const cart = useCart();
  const pending = useAppState((state) => state.cartPending);
  const cartCall = useCartCall();
  const { busy, run } = cartCall;
  const [savedLink, setSavedLink] = useState<string | null>(null);
  const location = useLocation();
  // The checkout sends the buyer back here when the order could not be placed (e.g. something sold out).
  // «В корзину» as a plain form (no scripts) of a product that sold out meanwhile lands here with the query.
  const returnMessage =
    (location.state as { message?: string } | null)?.message ??
    (new URLSearchParams(location.search).has(CART_FORM_SOLD_OUT) ? SOLD_OUT_MESSAGE : undefined);

  if (pending) {
    return (
      <div className="container page cart-page" aria-busy="true">
        <h1>Корзина</h1>
        <p className="cart-loading" role="status">
          <span className="spinner" aria-hidden="true" /> Загружаем корзину…
        </p>
      </div>
    );
  }

  const empty = cart.lines.length === 0 && cart.unavailable.length === 0;
  const blocked = cart.unavailable.length > 0;
  return (
    <div className="container page cart-page">
      <header className="cart-page__head">
        <h1>Корзина</h1>
        {cart.count > 0 && <p className="cart-page__count">{formatCount(cart.count, GOODS_FORMS)}</p>}
      </header>
      {returnMessage && (
        <div className="form-error cart-page__message" role="alert">
          {returnMessage}
        </div>
      )}
      {savedLink && <SavedNotice link={savedLink} />}
      {empty ? (
        !savedLink && <EmptyCart />
      ) : (
        <div className="cart-layout">
          <div className="cart-layout__main">
            {cart.lines.length > 0 && (
              <ul className="cart-lines" aria-label="Товары в корзине">
                {cart.lines.map((line) => (
                  <CartLineRow key={line.id} line={line} busy={busy === `line:${line.id}`} run={run} />
                ))}
                {cart.gifts.map((line) => (
                  <GiftLineRow key={`gift-${line.id}`} line={line} />
                ))}
              </ul>
            )}
            {blocked && <UnavailableLines cart={cart} {...cartCall} />}
            {cart.hydr && (
              <p className="cart-note" role="note">
                <strong>В корзине гидролаты.</strong> {HYDROLAT_REASON}. Выберите курьера, самовывоз или пункт
                выдачи.
              </p>
            )}
            <Gifts total={cart.total} chosenLine={cart.gifts[0]} />
            <SaveAndClean
              onSaved={(link) => {
                setSavedLink(link);
              }}
            />
          </div>
          <aside className="cart-aside" aria-label="Итого">
            <PromoCode cart={cart} />
            <CartTotals cart={cart} />
            {blocked ? (
              <RemoveUnavailable cart={cart} {...cartCall} />
            ) : (
              <Link to={CHECKOUT_URL} className="button cart-aside__checkout">
                Оформить заказ
              </Link>
            )}
            {!blocked && (
              <OneClickButton
                note={
                  cart.promo || cart.gifts.length > 0
                    ? 'Промокод и подарок действуют только при обычном оформлении заказа.'
                    : undefined
                }
              />
            )}
            <p className="cart-aside__note">Стоимость доставки рассчитаем на следующем шаге.</p>
          </aside>
        </div>
      )}
      {cart.reco.length > 0 && (
        <section className="section cart-reco" aria-labelledby="cart-reco-title">
          <h2 id="cart-reco-title" className="section__title">
            {empty ? 'Вам может понравиться' : 'С этим покупают'}
          </h2>
          <ul className="product-grid">
            {cart.reco.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} action={<QuickAddButton product={product} />} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
