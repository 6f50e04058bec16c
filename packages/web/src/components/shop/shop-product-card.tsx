// A product card in the shop's lists (catalogue, category, search, related goods): the heart over the picture and
// «В корзину» with its stepper under the price, the same buttons and cart calls as the product page.
import type { ProductCard as ProductCardData } from '@efir/domain/catalog-wire';
import { describeLine } from '../../lib/cart-state.ts';
import { ProductCard } from '../ui/product-card.tsx';
import { QuickAddButton } from './cart-buttons.tsx';
import { FavoriteButton } from './user-list-buttons.tsx';

export function ShopProductCard({
  product,
  eager,
  preload,
}: {
  product: ProductCardData;
  eager?: boolean;
  preload?: boolean;
}) {
  return (
    <ProductCard
      product={product}
      eager={eager}
      preload={preload}
      corner={<FavoriteButton type="product" id={product.id} name={describeLine(product)} />}
      action={<QuickAddButton product={product} />}
    />
  );
}
