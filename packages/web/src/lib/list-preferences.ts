// Filters and sorts of the product, article and recipe lists, kept in their own cookies for 365 days and removed
// when set back to the defaults (spec §4, §9). The server render reads the same cookies (read-list-preferences.ts,
// apart because it needs the filters' schemas: pages that only write or read the sort load no zod).
import {
  DEFAULT_AVAILABILITY,
  DEFAULT_DATE_PERIOD,
  FILTER_COOKIE_DAYS,
  FILTER_COOKIES,
} from '@efir/domain/catalog-constants';
import type { ProductFilter, PublicationFilter } from '@efir/domain/catalog-wire';
import { deleteCookie, setCookie } from './cookies.ts';

export type ListKind = keyof typeof FILTER_COOKIES;

export interface ListPreferences<F> {
  filter: F;
  sort: number;
}

export type FilterOf<K extends ListKind> = K extends 'product' ? ProductFilter : PublicationFilter;

/** The list's sort from its cookie; anything but 0…5 is the default, 0. */
export function readListSort(kind: ListKind, cookies: Record<string, string>): number {
  const sort = Number(cookies[FILTER_COOKIES[kind].sort]);
  return Number.isInteger(sort) && sort >= 0 && sort <= 5 ? sort : 0;
}

/** Which list a page address shows, so its loader knows which cookies to send. */
export function listKindOfUrl(pathname: string): ListKind {
  if (pathname === '/articles-new.html' || pathname.startsWith('/razdel/')) return 'article';
  if (pathname === '/recept.html') return 'recept';
  return 'product';
}

export function isDefaultFilter(kind: ListKind, filter: ProductFilter | PublicationFilter): boolean {
  if (kind === 'product') {
    const product = filter as ProductFilter;
    return product.icons.length === 0 && product.anywhere === DEFAULT_AVAILABILITY;
  }
  const publication = filter as PublicationFilter;
  return (
    publication.authors.length === 0 &&
    publication.tags.length === 0 &&
    publication.date === DEFAULT_DATE_PERIOD
  );
}

export function saveListPreferences<K extends ListKind>(
  kind: K,
  preferences: ListPreferences<FilterOf<K>>,
): void {
  const names = FILTER_COOKIES[kind];
  if (isDefaultFilter(kind, preferences.filter)) deleteCookie(names.filter);
  else setCookie(names.filter, JSON.stringify(preferences.filter), FILTER_COOKIE_DAYS);
  if (preferences.sort === 0) deleteCookie(names.sort);
  else setCookie(names.sort, String(preferences.sort), FILTER_COOKIE_DAYS);
}
