// Product page data: the facts table and the schema.org Product with its Offer and rating.

import type { ProductDetails } from '@efir/domain/catalog-wire';
import { describe, expect, it } from 'vitest';
import { buildProductJsonLd, listProductFacts } from './product-page.tsx';

const product: ProductDetails = {
  id: 7,
  name: 'Лаванда узколистная',
  latin_name: 'Lavandula angustifolia',
  url: '/efirnye-masla/lavanda-10-ml',
  volume: '10 мл',
  cena: 590,
  cena_st: 690,
  stock: 3,
  katGlobal: 1,
  icons: ['hit'],
  images: [
    { filename: 'products/lavanda.jpg', basename: 'products/lavanda' },
    { filename: 'products/lavanda-2.jpg', basename: 'products/lavanda-2' },
  ],
  description: '<p>Описание</p>',
  composition: '100% эфирное масло лаванды',
  usage: '',
  safety: '',
  country: 'Болгария',
  plant_part: 'Цветки',
  extraction_method: '',
  avg_rating: 4.5,
  votes_count: 2,
  comments_count: 1,
  category: null,
  volumes: [],
  brand: null,
  gtin: null,
  special_price_until: null,
  shipping: [
    { name: 'Курьер по Москве', price_from: 350, free_from: 5000, days_min: 1, days_max: 2 },
    { name: 'Почта России', price_from: 290, free_from: null, days_min: 5, days_max: 14 },
  ],
};

describe('listProductFacts', () => {
  it('lists the facts in order and leaves out the empty ones', () => {
    expect(listProductFacts(product).map((fact) => fact.name)).toEqual([
      'Страна',
      'Часть растения',
      'Объём',
      'Латинское название',
      'Состав',
    ]);
  });
});

describe('buildProductJsonLd', () => {
  const origin = 'https://efir.example';

  it('describes the offer in roubles with absolute URLs and the stock state', () => {
    const data = buildProductJsonLd(product, { avg_rating: 4.5, votes_count: 2 }, origin, 'Масло');
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Лаванда узколистная, 10 мл',
      brand: { '@type': 'Brand', name: 'Эфир' },
      image: [
        'https://efir.example/images/products/lavanda.jpg',
        'https://efir.example/images/products/lavanda-2.jpg',
      ],
      offers: {
        '@type': 'Offer',
        priceCurrency: 'RUB',
        price: 590,
        availability: 'https://schema.org/InStock',
        url: 'https://efir.example/efirnye-masla/lavanda-10-ml',
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 2 },
    });
  });

  it('says out of stock and leaves out a rating nobody gave', () => {
    const data = buildProductJsonLd({ ...product, stock: 0 }, { avg_rating: 0, votes_count: 0 }, origin, '');
    expect((data.offers as { availability: string }).availability).toBe('https://schema.org/OutOfStock');
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('description');
  });

  it('names a third-party maker as the brand and gives the barcode where there is one', () => {
    const own = buildProductJsonLd(product, { avg_rating: 0, votes_count: 0 }, origin, '');
    expect(own).toMatchObject({ brand: { name: 'Эфир' }, sku: '7' });
    expect(own).not.toHaveProperty('gtin');
    const other = buildProductJsonLd(
      { ...product, brand: 'Botanika', gtin: '4601234567893' },
      { avg_rating: 0, votes_count: 0 },
      origin,
      '',
    );
    expect(other).toMatchObject({ brand: { '@type': 'Brand', name: 'Botanika' }, gtin: '4601234567893' });
  });

  it('states the return rule and each delivery way with its price and term', () => {
    const offers = buildProductJsonLd(product, { avg_rating: 0, votes_count: 0 }, origin, '')
      .offers as Record<string, unknown>;
    expect(offers.hasMerchantReturnPolicy).toMatchObject({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'RU',
      merchantReturnDays: 7,
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    });
    expect(offers.shippingDetails).toEqual([
      expect.objectContaining({
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: 350, currency: 'RUB' },
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'RU' },
        deliveryTime: expect.objectContaining({
          transitTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 2, unitCode: 'DAY' },
        }),
      }),
      expect.objectContaining({ shippingRate: { '@type': 'MonetaryAmount', value: 290, currency: 'RUB' } }),
    ]);
  });

  it('gives a special price its last day while it lasts, and none to a regular price', () => {
    const special = { ...product, special_price_until: '2026-12-31' };
    const offersOn = (item: ProductDetails, today: string) =>
      buildProductJsonLd(item, { avg_rating: 0, votes_count: 0 }, origin, '', today).offers;
    expect(offersOn(special, '2026-12-01')).toMatchObject({ priceValidUntil: '2026-12-31' });
    expect(offersOn(special, '2027-01-01')).not.toHaveProperty('priceValidUntil');
    expect(offersOn({ ...special, cena_st: 0 }, '2026-12-01')).not.toHaveProperty('priceValidUntil');
  });
});
