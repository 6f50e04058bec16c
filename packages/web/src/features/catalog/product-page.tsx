// A product page: gallery, volumes, price, stock, rating, facts, description sections and related products,
// with Product and BreadcrumbList structured data.
import { PRODUCT_ICON_NAMES, productBadges } from '@efir/domain/catalog-constants';
import type { ProductDetails } from '@efir/domain/catalog-wire';
import { formatRub } from '@efir/domain/money';
import type { RouteResponse } from '@efir/domain/page-wire';
import { formatCount } from '@efir/domain/plural';
import { SHOP } from '@efir/domain/shop-info';
import { AddToCart, OneClickButton, QuickAddButton } from '../../components/shop/cart-buttons.tsx';
import { ShopProductCard } from '../../components/shop/shop-product-card.tsx';
import { FavoriteButton, WaitlistButton } from '../../components/shop/user-list-buttons.tsx';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { JsonLd } from '../../components/ui/json-ld.tsx';
import { imageUrl } from '../../components/ui/picture.tsx';
import { PriceTag } from '../../components/ui/product-card.tsx';
import { RatingStars } from '../../components/ui/rating-stars.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { merchantReturnPolicy } from '../../components/ui/structured-data.ts';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import type { ReviewSlots } from '../../lib/page-slots.ts';
import { Link } from '../../lib/router/link.tsx';
import { DeliveryEstimateSlot } from './delivery-estimate-slot.tsx';
import { Gallery } from './product-gallery.tsx';
import './catalog.css';

/** «Лаванда узколистная, 10 мл»: the volumes of one oil are pages of their own, each named with its volume. */
export function productTitle(product: { name: string; volume: string }): string {
  return product.volume ? `${product.name}, ${product.volume}` : product.name;
}

/** Each way of delivery as schema.org OfferShippingDetails: its lowest price within Russia and its term. */
function shippingJsonLd(product: ProductDetails) {
  return product.shipping.map((way) => ({
    '@type': 'OfferShippingDetails',
    name: way.name,
    shippingRate: {
      '@type': 'MonetaryAmount',
      value: way.free_from !== null && product.cena >= way.free_from ? 0 : way.price_from,
      currency: 'RUB',
    },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'RU' },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
      transitTime: {
        '@type': 'QuantitativeValue',
        minValue: way.days_min,
        maxValue: way.days_max,
        unitCode: 'DAY',
      },
    },
  }));
}

/** A special price's last day, when the shop set one and it has not passed. */
function priceValidUntil(product: ProductDetails, today: string): string | undefined {
  const special = product.cena_st > product.cena;
  return special && product.special_price_until && product.special_price_until >= today
    ? product.special_price_until
    : undefined;
}

const REVIEW_FORMS = ['отзыв', 'отзыва', 'отзывов'] as const;

/** The facts table, in the order a buyer reads them; empty facts are left out. */
export function listProductFacts(product: ProductDetails): Array<{ name: string; value: string }> {
  const facts = [
    { name: 'Страна', value: product.country },
    { name: 'Часть растения', value: product.plant_part },
    { name: 'Способ получения', value: product.extraction_method },
    { name: 'Объём', value: product.volume },
    { name: 'Латинское название', value: product.latin_name },
    { name: 'Состав', value: product.composition },
  ];
  return facts.filter((fact) => fact.value?.trim());
}

/** schema.org Product with its Offer; the rating only when someone has voted (search engines reject empty ones). */
export function buildProductJsonLd(
  product: ProductDetails,
  rating: { avg_rating: number; votes_count: number },
  origin: string,
  description: string,
  today = new Date().toISOString().slice(0, 10),
): Record<string, unknown> {
  const validUntil = priceValidUntil(product, today);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: productTitle(product),
    sku: String(product.id),
    ...(product.gtin ? { gtin: product.gtin } : {}),
    url: `${origin}${product.url}`,
    ...(product.images.length > 0 ? { image: product.images.map((image) => origin + imageUrl(image)) } : {}),
    ...(description ? { description } : {}),
    // The shop bottles its own oils; a third-party product names its maker.
    brand: { '@type': 'Brand', name: product.brand || SHOP.name },
    ...(product.category ? { category: product.category.name } : {}),
    offers: {
      '@type': 'Offer',
      url: `${origin}${product.url}`,
      priceCurrency: 'RUB',
      price: product.cena,
      ...(validUntil ? { priceValidUntil: validUntil } : {}),
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@id': `${origin}/#organization` },
      hasMerchantReturnPolicy: merchantReturnPolicy(),
      ...(product.shipping.length > 0 ? { shippingDetails: shippingJsonLd(product) } : {}),
    },
    ...(rating.votes_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.avg_rating,
            ratingCount: rating.votes_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

function VolumeSwitcher({ product }: { product: ProductDetails }) {
  if (product.volumes.length < 2) return null;
  return (
    <nav className="volumes" aria-label="Объём">
      <p className="volumes__title">Объём</p>
      <ul>
        {product.volumes.map((volume) => {
          const current = volume.url === product.url;
          return (
            <li key={volume.id}>
              <Link
                to={volume.url}
                className={volume.stock > 0 ? 'volume' : 'volume volume--out'}
                aria-current={current ? 'page' : undefined}
              >
                <span className="volume__name">{volume.volume}</span>
                <span className="volume__price">
                  {formatRub(volume.cena)}
                  {volume.stock <= 0 && <span className="visually-hidden">, нет в наличии</span>}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function BuyBox({ product }: { product: ProductDetails }) {
  const waiting = useAppState((state) => state.user?.waitlist.includes(product.id) ?? false);
  const inStock = product.stock > 0;
  const saving = product.cena_st > 0 ? product.cena_st - product.cena : 0;
  return (
    <div className="buy-box">
      <div className="buy-box__price">
        <PriceTag cena={product.cena} cenaSt={product.cena_st} />
        {saving > 0 && <span className="buy-box__saving">Экономия {formatRub(saving)}</span>}
      </div>
      <div className="buy-box__row">
        <p className={inStock ? 'buy-box__stock stock stock--in' : 'buy-box__stock stock stock--out'}>
          {inStock ? 'В наличии' : 'Нет в наличии'}
        </p>
        <FavoriteButton type="product" id={product.id} />
      </div>
      {inStock ? (
        <>
          <AddToCart
            key={product.id}
            product={{ id: product.id, name: product.name, volume: product.volume, stock: product.stock }}
            className="buy-box__action"
          />
          <OneClickButton productId={product.id} />
        </>
      ) : (
        <>
          <WaitlistButton productId={product.id} className="buy-box__action" />
          <p className="buy-box__note">
            {waiting
              ? 'Напишем, когда товар появится. Передумали — нажмите кнопку ещё раз.'
              : 'Напишем на почту, как только товар появится.'}
          </p>
        </>
      )}
      {inStock && <DeliveryEstimateSlot productId={product.id} />}
    </div>
  );
}

/**
 * On a phone (one column, below 720 px) the price and «В корзину» stay at the bottom of the screen while the visitor
 * reads down the page (issue 35): CSS `position: sticky` at the end of the page's container, no scroll listener.
 */
function BuyBar({ product }: { product: ProductDetails }) {
  if (product.stock <= 0) return null;
  return (
    <div className="buy-bar">
      <div className="buy-bar__what">
        <span className="buy-bar__name">{productTitle(product)}</span>
        <PriceTag cena={product.cena} cenaSt={product.cena_st} />
      </div>
      <div className="buy-bar__action">
        <QuickAddButton
          key={product.id}
          product={{ id: product.id, name: product.name, volume: product.volume, stock: product.stock }}
        />
      </div>
    </div>
  );
}

export function ProductPage({ data, reviews }: { data: RouteResponse; reviews?: ReviewSlots }) {
  const { origin } = useAppContext();
  const product = data.page.com_data as ProductDetails;
  const crumbs = [...data.page.breadcrumbs, { name: productTitle(product) }];
  const facts = listProductFacts(product);
  const votes = data.page.votes_count;
  const sections = [
    { id: 'description', title: 'Описание', html: product.description },
    { id: 'usage', title: 'Применение', html: product.usage },
    { id: 'safety', title: 'Меры предосторожности', html: product.safety },
  ].filter((section) => section.html.trim());
  const badges = productBadges(product);

  return (
    <div className="container page product-page">
      <JsonLd
        data={buildProductJsonLd(
          product,
          { avg_rating: data.page.avg_rating, votes_count: votes },
          origin,
          data.page.meta_description,
        )}
      />
      <Breadcrumbs items={crumbs} />
      <div className="product">
        <Gallery key={product.id} images={product.images} name={product.name} />
        <div className="product__summary">
          {badges.length > 0 && (
            <ul className="product__badges" aria-label="Метки">
              {badges.map((icon) => (
                <li key={icon} className={`badge badge--${icon}`}>
                  {PRODUCT_ICON_NAMES[icon]}
                </li>
              ))}
            </ul>
          )}
          <h1 className="product__name">{productTitle(product)}</h1>
          {product.latin_name && (
            <p className="product__latin" lang="la">
              {product.latin_name}
            </p>
          )}
          {/* One summary (the average and the reviews) and one row of stars to vote with. */}
          <div className="product__reviews">
            {reviews?.stars ??
              (votes > 0 ? (
                <RatingStars rating={data.page.avg_rating} votes={votes} />
              ) : (
                <span className="muted">Оценок пока нет</span>
              ))}
            {reviews?.count ? (
              <a href="#comments">{reviews.count}</a>
            ) : (
              <span className="muted">
                {product.comments_count > 0
                  ? formatCount(product.comments_count, REVIEW_FORMS)
                  : 'Отзывов пока нет'}
              </span>
            )}
          </div>
          {reviews?.voteButtons}
          {product.volumes.length < 2 && product.volume && (
            <p className="product__volume">
              Объём: <strong>{product.volume}</strong>
            </p>
          )}
          <VolumeSwitcher product={product} />
          <BuyBox product={product} />
          {facts.length > 0 && (
            <dl className="facts">
              {facts.map((fact) => (
                <div key={fact.name} className="facts__row">
                  <dt>{fact.name}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>

      {sections.length > 0 && (
        <div className="product__sections">
          {sections.map((section) => (
            <section key={section.id} className="product__section" aria-labelledby={`product-${section.id}`}>
              <h2 id={`product-${section.id}`}>{section.title}</h2>
              <RichText html={section.html} />
            </section>
          ))}
        </div>
      )}

      {data.recoGoods.length > 0 && (
        <section className="section product__related" aria-labelledby="product-related">
          <h2 id="product-related" className="section__title">
            С этим покупают
          </h2>
          <ul className="product-grid">
            {data.recoGoods.map((item) => (
              <li key={item.id}>
                <ShopProductCard product={item} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {reviews?.comments}
      <BuyBar product={product} />
    </div>
  );
}
