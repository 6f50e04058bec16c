// /my-waitlist: the out-of-stock products the user waits for, with their stock now; back in stock ones stand out.
import type { WaitlistAnswer, WaitlistItem } from '@efir/domain/account-wire';
import { formatDateLong } from '@efir/domain/dates';
import { AccountHeading, EmptyState, LoadFailed, Loading } from '../../components/shop/account-ui.tsx';
import { Picture } from '../../components/ui/picture.tsx';
import { PriceTag } from '../../components/ui/product-card.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { useAccountData } from '../../lib/remote-data.ts';
import { Link } from '../../lib/router/link.tsx';
import { setWaiting } from '../../lib/user-lists.ts';
import { RemoveFromList } from './favorites-page.tsx';

function WaitlistRow({ item, onRemove }: { item: WaitlistItem; onRemove(): Promise<void> }) {
  const inStock = item.stock > 0;
  return (
    <li className={inStock ? 'waitlist-item waitlist-item--back' : 'waitlist-item'}>
      <Link to={item.url} className="waitlist-item__picture" tabIndex={-1} aria-hidden="true">
        <Picture image={item.image} alt="" width={120} height={120} />
      </Link>
      <div className="waitlist-item__body">
        <h3 className="waitlist-item__name">
          <Link to={item.url}>{item.name}</Link>
          {item.volume && <span className="waitlist-item__volume">, {item.volume}</span>}
        </h3>
        <p className="waitlist-item__state">
          {inStock ? (
            <span className="stock stock--in">Снова в наличии — успейте заказать</span>
          ) : (
            <span className="stock stock--out">Ждём поступления</span>
          )}
        </p>
        {item.waiting_since && (
          <p className="waitlist-item__since muted small">
            В листе ожидания с {formatDateLong(item.waiting_since)}
            {item.notified_at && `; письмо отправлено ${formatDateLong(item.notified_at)}`}
          </p>
        )}
      </div>
      <div className="waitlist-item__side">
        <PriceTag cena={item.cena} cenaSt={item.cena_st} />
        {inStock && (
          <Link to={item.url} className="button button--small">
            К товару
          </Link>
        )}
        <RemoveFromList label="Больше не жду" itemName={item.name} onRemove={onRemove} />
      </div>
    </li>
  );
}

export function WaitlistPage() {
  const { api, store } = useAppContext();
  const waitlist = useAccountData('/v1/my-waitlist', (answer: WaitlistAnswer) => answer.items);
  const remove = async (id: number) => {
    await setWaiting(api, store, id, false);
    waitlist.update((items) => items.filter((item) => item.id !== id));
  };
  return (
    <div className="account-page">
      <AccountHeading title="Лист ожидания" lead="Когда товар снова появится, мы напишем вам на почту." />
      {waitlist.status === 'loading' && <Loading />}
      {waitlist.status === 'error' && <LoadFailed error={waitlist.error} onRetry={waitlist.reload} />}
      {waitlist.status === 'ready' &&
        (waitlist.data.length > 0 ? (
          <ul className="waitlist">
            {waitlist.data.map((item) => (
              <WaitlistRow key={item.id} item={item} onRemove={() => remove(item.id)} />
            ))}
          </ul>
        ) : (
          <EmptyState
            title="Лист ожидания пуст"
            icon="clock"
            action={
              <Link to="/catalog.html" className="button">
                Перейти в каталог
              </Link>
            }
          >
            Если нужного масла нет в наличии, нажмите на его странице «Сообщить о поступлении».
          </EmptyState>
        ))}
    </div>
  );
}
