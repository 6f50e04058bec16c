// The lines of /my-cart whose products cannot be bought now (sold out, off sale): kept and named until the buyer
// removes them, and «Убрать из корзины» in place of «Оформить заказ» meanwhile.
import type { UnavailableLine } from '@efir/domain/cart-wire';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import { Picture } from '../../components/ui/picture.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import type { CartData } from '../../lib/app-state.ts';
import { describeLine, removeCartLine } from '../../lib/cart-state.ts';
import { Link } from '../../lib/router/link.tsx';
import type { CartCall } from './cart-call.ts';

/** A line the buyer chose that cannot be bought now: kept and named until the buyer removes it. */
function UnavailableLineRow({
  line,
  busy,
  run,
}: {
  line: UnavailableLine;
  busy: boolean;
  run: CartCall['run'];
}) {
  const { api, store } = useAppContext();
  const title = describeLine(line);
  return (
    <li className="cart-line cart-line--unavailable">
      <Link to={line.url} className="cart-line__picture" tabIndex={-1} aria-hidden="true">
        <Picture image={line.image} alt="" width={96} height={96} />
      </Link>
      <div className="cart-line__main">
        <p className="cart-line__name">
          <Link to={line.url}>{line.name}</Link>
          {line.volume && <span className="cart-line__volume">{line.volume}</span>}
        </p>
        <p className="cart-line__stock cart-line__stock--out">
          {line.reason === 'sold_out' ? 'Нет в наличии' : 'Больше не продаётся'} · {line.quantity}&nbsp;шт.
        </p>
        {line.reason === 'sold_out' && (
          <p className="cart-line__hint">
            <Link to={line.url}>Сообщить о поступлении</Link>
          </p>
        )}
      </div>
      <div className="cart-line__controls">
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={`Удалить из корзины: ${title}`}
          disabled={busy}
          onClick={() => void run(`line:${line.id}`, () => removeCartLine(api, store, line.id))}
        >
          Удалить
        </button>
      </div>
    </li>
  );
}

export function UnavailableLines({ cart, busy, run }: { cart: CartData } & CartCall) {
  return (
    <section className="cart-unavailable" aria-labelledby="cart-unavailable-title">
      <h2 id="cart-unavailable-title" className="cart-unavailable__title">
        Нет в наличии
      </h2>
      <p className="cart-unavailable__text">
        {cart.unavailable.length === 1 ? 'Этот товар закончился' : 'Эти товары закончились'} после того, как
        вы положили {cart.unavailable.length === 1 ? 'его' : 'их'} в корзину. В заказ{' '}
        {cart.unavailable.length === 1 ? 'он не войдёт' : 'они не войдут'}: уберите{' '}
        {cart.unavailable.length === 1 ? 'его' : 'их'}, чтобы оформить заказ.
      </p>
      <ul className="cart-lines" aria-label="Товары, которых нет в наличии">
        {cart.unavailable.map((line) => (
          <UnavailableLineRow key={line.id} line={line} busy={busy === `line:${line.id}`} run={run} />
        ))}
      </ul>
    </section>
  );
}

/** In place of «Оформить заказ» while the cart holds what cannot be bought: one press removes it all. */
export function RemoveUnavailable({ cart, busy, run }: { cart: CartData } & CartCall) {
  const { api, store } = useAppContext();
  return (
    <>
      <p className="cart-aside__blocked" role="note">
        {cart.unavailable.length === 1
          ? 'В корзине товар, которого нет в наличии.'
          : `В корзине ${formatCount(cart.unavailable.length, GOODS_FORMS)}, которых нет в наличии.`}{' '}
        Уберите {cart.unavailable.length === 1 ? 'его' : 'их'}, чтобы оформить заказ.
      </p>
      <button
        type="button"
        className="button cart-aside__checkout"
        disabled={busy !== null}
        onClick={() =>
          void run('unavailable', async () => {
            for (const line of cart.unavailable) await removeCartLine(api, store, line.id);
          })
        }
      >
        Убрать из корзины
      </button>
    </>
  );
}
