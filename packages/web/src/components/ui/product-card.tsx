// A product in a list: picture, badges, name, volume, price (special price against the regular one), stock.
import { PRODUCT_ICON_NAMES, productBadges } from '@efir/domain/catalog-constants';
import type { ProductCard as ProductCardData } from '@efir/domain/catalog-wire';
import { formatRub } from '@efir/domain/money';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router/link.tsx';
import { Picture } from './picture.tsx';
import { RatingStars } from './rating-stars.tsx';

export function PriceTag({ cena, cenaSt }: { cena: number; cenaSt: number }) {
  const special = cenaSt > 0;
  return (
    <span className={special ? 'price price--special' : 'price'}>
      <span className="price__current">{formatRub(cena)}</span>
      {special && (
        <>
          <span className="visually-hidden">вместо</span>
          <s className="price__regular">{formatRub(cenaSt)}</s>
        </>
      )}
    </span>
  );
}

export function ProductCard({
  product,
  eager = false,
  preload = false,
  action,
  corner,
}: {
  product: ProductCardData;
  eager?: boolean;
  /** The list's first picture, the page's largest paint: preloaded from the page's head (see Picture). */
  preload?: boolean;
  /** A control under the price, e.g. «В корзину». */
  action?: ReactNode;
  /** A small control over the picture's corner, e.g. the favourite heart (outside the card's link). */
  corner?: ReactNode;
}) {
  const badges = productBadges(product);
  return (
    <article className="product-card">
      <Link to={product.url} className="product-card__link">
        {/* No alt text: the heading in the same link names the product, a screen reader says it once. */}
        <Picture
          image={product.image}
          alt=""
          width={400}
          height={400}
          className="product-card__picture"
          eager={eager}
          preload={preload}
          sizes="(max-width: 599px) 50vw, (max-width: 1023px) 33vw, 280px"
        />
        {badges.length > 0 && (
          <ul className="badges" aria-label="Метки">
            {badges.map((icon) => (
              <li key={icon} className={`badge badge--${icon}`}>
                {PRODUCT_ICON_NAMES[icon]}
              </li>
            ))}
          </ul>
        )}
        <h3 className="product-card__name">{product.name}</h3>
      </Link>
      {corner && <div className="product-card__corner">{corner}</div>}
      <p className="product-card__meta">
        <span>{product.volume}</span>
        {product.votes_count > 0 && (
          <RatingStars rating={product.avg_rating} votes={product.votes_count} compact />
        )}
      </p>
      <div className="product-card__bottom">
        <PriceTag cena={product.cena} cenaSt={product.cena_st} />
        <span className={product.stock > 0 ? 'stock stock--in' : 'stock stock--out'}>
          {product.stock > 0 ? 'В наличии' : 'Нет в наличии'}
        </span>
      </div>
      {action && <div className="product-card__action">{action}</div>}
    </article>
  );
}
