// /my-fav-prod: the favourite products as a card grid, each with «Убрать из избранного».
import type { FavoriteProductsAnswer } from '@efir/domain/account-wire';
import type { ProductCard as ProductCardData } from '@efir/domain/catalog-wire';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import { useState } from 'react';
import { AccountHeading, EmptyState, LoadFailed, Loading } from '../../components/shop/account-ui.tsx';
import { ProductCard } from '../../components/ui/product-card.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { describeFailure } from '../../lib/failure-message.ts';
import { useAccountData } from '../../lib/remote-data.ts';
import { Link } from '../../lib/router/link.tsx';
import { toggleFavorite } from '../../lib/user-lists.ts';

/** A button under a card that takes it off a list; the list forgets the card once the server agrees. */
export function RemoveFromList({
  label,
  itemName,
  onRemove,
}: {
  label: string;
  itemName: string;
  onRemove(): Promise<void>;
}) {
  const { store } = useAppContext();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="remove-button"
      disabled={busy}
      aria-label={`${label}: ${itemName}`}
      onClick={async () => {
        setBusy(true);
        try {
          await onRemove();
        } catch (error) {
          setBusy(false);
          store
            .getState()
            .showNotice({ type: 'error', title: 'Не получилось', text: describeFailure(error) });
        }
      }}
    >
      <span aria-hidden="true">✕</span> {busy ? 'Убираем…' : label}
    </button>
  );
}

export function FavoriteProductsPage() {
  const { api, store } = useAppContext();
  const favorites = useAccountData('/v1/my-fav-prod', (answer: FavoriteProductsAnswer) => answer.items);
  const remove = async (product: ProductCardData) => {
    const stillThere = await toggleFavorite(api, store, 'product', product.id);
    if (!stillThere) favorites.update((items) => items.filter((item) => item.id !== product.id));
  };
  return (
    <div className="account-page">
      <AccountHeading
        title="Избранное"
        lead={
          favorites.status === 'ready' && favorites.data.length > 0
            ? `${formatCount(favorites.data.length, GOODS_FORMS)} — загляните, когда решите порадовать себя.`
            : 'Отмечайте сердечком товары, к которым хотите вернуться.'
        }
      />
      {favorites.status === 'loading' && <Loading />}
      {favorites.status === 'error' && <LoadFailed error={favorites.error} onRetry={favorites.reload} />}
      {favorites.status === 'ready' &&
        (favorites.data.length > 0 ? (
          <ul className="product-grid account-grid">
            {favorites.data.map((product) => (
              <li key={product.id} className="account-grid__item">
                <ProductCard product={product} />
                <RemoveFromList
                  label="Убрать из избранного"
                  itemName={product.name}
                  onRemove={() => remove(product)}
                />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            title="В избранном пока пусто"
            icon="heart"
            action={
              <Link to="/catalog.html" className="button">
                Перейти в каталог
              </Link>
            }
          >
            Нажмите «В избранное» на странице товара — и он появится здесь.
          </EmptyState>
        ))}
    </div>
  );
}
