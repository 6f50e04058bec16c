// «В корзину» on a product page (a quantity bounded by the stock, the waitlist when it is sold out) and the small
// one on product cards (a − / + stepper once the product is in the cart); both set the whole cart from the answer
// and say what was added in a popup. «Купить в 1 клик» of the product page and the cart, whose dialog loads on click.
import { CART_FORM_PATH } from '@efir/domain/http-contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useAppContext } from '../../lib/app-context.tsx';
import {
  addToCart,
  announceAdded,
  CART_URL,
  describeLine,
  isOutOfStock,
  MAX_LINE_QUANTITY,
  removeOneFromCart,
  useQuantityInCart,
} from '../../lib/cart-state.ts';
import { describeFailure } from '../../lib/failure-message.ts';
import { Link } from '../../lib/router/link.tsx';
import { CartIcon } from '../ui/icons.tsx';
import { QuantityStepper } from '../ui/quantity-stepper.tsx';
import { WaitlistButton } from './user-list-buttons.tsx';

export interface BuyableProduct {
  id: number;
  name: string;
  volume: string;
  stock: number;
}

/** Units that may still go into the cart: the stock (and the per-line cap) less what is already there. */
export function countAddable(stock: number, inCart: number): number {
  return Math.max(0, Math.min(stock, MAX_LINE_QUANTITY) - inCart);
}

/** One call at a time per button; a sold-out answer switches the button to the waitlist. */
function useAddToCart(product: BuyableProduct) {
  const { api, store } = useAppContext();
  const [busy, setBusy] = useState(false);
  const [soldOut, setSoldOut] = useState(false);
  const add = async (quantity: number, announce = true): Promise<boolean> => {
    setBusy(true);
    try {
      const cart = await addToCart(api, store, product.id, quantity);
      if (announce) announceAdded(store, cart, product.id);
      return true;
    } catch (error) {
      if (isOutOfStock(error)) {
        setSoldOut(true);
        store.getState().showNotice({
          type: 'error',
          title: 'Товар закончился',
          text: `«${describeLine(product)}» только что раскупили. Можно подписаться на уведомление о поступлении.`,
        });
      } else {
        store.getState().showNotice({
          type: 'error',
          title: 'Не удалось добавить в корзину',
          text: describeFailure(error),
        });
      }
      return false;
    } finally {
      setBusy(false);
    }
  };
  /** One unit less (the line goes at zero); no popup, the stepper shows the new count. */
  const removeOne = async (): Promise<void> => {
    setBusy(true);
    try {
      await removeOneFromCart(api, store, product.id);
    } catch (error) {
      store.getState().showNotice({
        type: 'error',
        title: 'Не удалось изменить корзину',
        text: describeFailure(error),
      });
    } finally {
      setBusy(false);
    }
  };
  return { add, removeOne, busy, soldOut };
}

/**
 * «В корзину» as a form (decision 044): without the app's scripts (or before they start) the browser posts it to the
 * server, which adds the line and opens the cart page; with them, the submit is the cart call and the page stays.
 */
function BuyForm({
  productId,
  quantity,
  onBuy,
  className,
  children,
}: {
  productId: number;
  quantity: number;
  onBuy: () => void;
  className?: string;
  children: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onBuy();
  };
  return (
    <form method="post" action={CART_FORM_PATH} onSubmit={submit} className={className}>
      <input type="hidden" name="id" value={productId} />
      <input type="hidden" name="quantity" value={quantity} />
      {children}
    </form>
  );
}

export function AddToCart({ product, className }: { product: BuyableProduct; className?: string }) {
  const inCart = useQuantityInCart(product.id);
  const { add, busy, soldOut } = useAddToCart(product);
  const addable = countAddable(product.stock, inCart);
  const [quantity, setQuantity] = useState(1);
  const shown = Math.max(1, Math.min(quantity, addable));

  if (soldOut || product.stock <= 0) {
    return <WaitlistButton productId={product.id} className={className} />;
  }
  return (
    <div className={['add-to-cart', className ?? ''].filter(Boolean).join(' ')}>
      {addable > 0 ? (
        <BuyForm
          productId={product.id}
          quantity={shown}
          className="add-to-cart__row"
          onBuy={() => void add(shown).then((added) => added && setQuantity(1))}
        >
          <QuantityStepper
            value={shown}
            max={addable}
            onChange={setQuantity}
            label={`Количество: ${describeLine(product)}`}
            busy={busy}
            maxHint="Больше нет в наличии"
          />
          <button
            type="submit"
            className="button add-to-cart__button"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? 'Добавляем…' : 'В корзину'}
          </button>
        </BuyForm>
      ) : (
        <p className="add-to-cart__note">В корзине уже всё, что есть на складе: {inCart}&nbsp;шт.</p>
      )}
      {inCart > 0 && (
        <p className="add-to-cart__in-cart">
          В корзине: {inCart}&nbsp;шт. <Link to={CART_URL}>Перейти в корзину</Link>
        </p>
      )}
    </div>
  );
}

/**
 * The control under a product card: «В корзину» adds one unit (with the popup), then a − / + stepper shows how
 * many are in the cart and changes that (− at one takes the line out). Sold out: the waitlist button instead.
 */
export function QuickAddButton({ product }: { product: BuyableProduct }) {
  const inCart = useQuantityInCart(product.id);
  const { add, removeOne, busy, soldOut } = useAddToCart(product);
  if (soldOut || product.stock <= 0) {
    return <WaitlistButton productId={product.id} className="button--small quick-add" />;
  }
  const title = describeLine(product);
  if (inCart > 0) {
    return (
      <div className="quick-add quick-add--in-cart">
        <QuantityStepper
          value={inCart}
          min={0}
          max={Math.min(product.stock, MAX_LINE_QUANTITY)}
          onChange={(next) => void (next > inCart ? add(1, false) : removeOne())}
          label={`В корзине: ${title}`}
          busy={busy}
          maxHint="Больше нет в наличии"
        />
      </div>
    );
  }
  return (
    <BuyForm productId={product.id} quantity={1} onBuy={() => void add(1)} className="quick-add__form">
      <button
        type="submit"
        className="button button--small quick-add"
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={`В корзину: ${title}`}
      >
        <CartIcon width={18} height={18} />
        <span>В корзину</span>
      </button>
    </BuyForm>
  );
}

/**
 * «Купить в 1 клик» (decision 029) on the product page and in the cart (without a product it orders the cart; `note`
 * says what one click leaves out). Only the button is in the page's first scripts; the dialog loads on the click.
 */
export function OneClickButton(props: { productId?: number; note?: string | undefined }) {
  const { store } = useAppContext();
  const [dialog, setDialog] = useState<ReactNode>(null);
  const open = () =>
    import('./one-click-loader.ts')
      .then((loader) => loader.loadOneClickDialog())
      .then(
        (module) => setDialog(<module.OneClickDialog {...props} onClose={() => setDialog(null)} />),
        (error: unknown) =>
          store
            .getState()
            .showNotice({ type: 'error', title: 'Форма не открылась', text: describeFailure(error) }),
      );
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => void open()}>
        Купить в 1 клик
      </button>
      {dialog}
    </>
  );
}
