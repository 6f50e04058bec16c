// Page types, product icons, filter choices, sorts and cookie names of the catalogue (spec §3–§4, §9): plain
// constants without zod, so the browser's page code imports them without the schemas of catalog-wire.ts.

export const PAGE_TYPES = [
  'article',
  'category',
  'catalog',
  'homepage',
  'product',
  'razdel',
  'recept',
  'saved',
] as const;

export const PRODUCT_ICONS = ['new', 'hit', 'organic', 'sale', 'rare'] as const;
export type ProductIcon = (typeof PRODUCT_ICONS)[number];
export const PRODUCT_ICON_NAMES: Record<ProductIcon, string> = {
  new: 'Новинка',
  hit: 'Хит продаж',
  organic: 'Органик',
  sale: 'Скидка',
  rare: 'Редкое',
};

/** Badges a moderator sets by hand. «Скидка» is not one of them: it is what the price says (productBadges). */
export const MANUAL_PRODUCT_ICONS: readonly ProductIcon[] = PRODUCT_ICONS.filter((icon) => icon !== 'sale');

/**
 * The badges a product shows: its own ones, and «Скидка» exactly while its regular price is above its price. A
 * «sale» stored by hand is ignored, so the badge never sits on goods sold at their regular price.
 */
export function productBadges(product: {
  icons: readonly ProductIcon[];
  cena: number;
  cena_st: number;
}): ProductIcon[] {
  const own = product.icons.filter((icon) => icon !== 'sale');
  return product.cena_st > product.cena ? [...own, 'sale'] : own;
}

/** Date periods of the article and recipe filters; 4 (all time) is the default (spec §9). */
export const DATE_PERIODS = { 1: 'За неделю', 2: 'За месяц', 3: 'За год', 4: 'За всё время' } as const;
export const DEFAULT_DATE_PERIOD = 4;
export const DATE_PERIOD_DAYS: Record<number, number | null> = { 1: 7, 2: 30, 3: 365, 4: null };

/** «anywhere» of the product filter: 1 only what is in stock, 2 everything (default, spec §9). */
export const AVAILABILITY = { 1: 'Только в наличии', 2: 'Все товары' } as const;
export const DEFAULT_AVAILABILITY = 2;

/** Sorts: a number per list; 0 means none (spec §3). */
export const PRODUCT_SORTS = {
  0: 'По умолчанию',
  1: 'Сначала дешевле',
  2: 'Сначала дороже',
  3: 'Популярные',
  4: 'Новинки',
  5: 'По названию',
} as const;
export const PUBLICATION_SORTS = {
  0: 'По умолчанию',
  1: 'Сначала новые',
  2: 'Сначала старые',
  3: 'Популярные',
  4: 'По рейтингу',
} as const;

export const PRODUCTS_PER_PAGE = 24;
export const PUBLICATIONS_PER_PAGE = 12;

/** Cookie names of the persisted filters and sorts (spec §4: separate keys per list, 365 days). */
export const FILTER_COOKIES = {
  product: { filter: 'filter_product', sort: 'sort_product' },
  article: { filter: 'filter_article', sort: 'sort_article' },
  recept: { filter: 'filter_recept', sort: 'sort_recept' },
} as const;
export const FILTER_COOKIE_DAYS = 365;
