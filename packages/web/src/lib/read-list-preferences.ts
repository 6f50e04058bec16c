// Reading a list's filter and sort from its cookies, checked against the filters' schemas: a broken or forged
// cookie gives the defaults. The list pages' loaders use it; writing is in list-preferences.ts.
import { FILTER_COOKIES } from '@efir/domain/catalog-constants';
import { productFilterSchema, publicationFilterSchema } from '@efir/domain/catalog-wire';
import { readRequestCookies } from './cookies.ts';
import { type FilterOf, type ListKind, type ListPreferences, readListSort } from './list-preferences.ts';

const schemas = {
  product: productFilterSchema,
  article: publicationFilterSchema,
  recept: publicationFilterSchema,
};

export function readListPreferences<K extends ListKind>(
  kind: K,
  cookies: Record<string, string>,
): ListPreferences<FilterOf<K>> {
  const names = FILTER_COOKIES[kind];
  let filter: unknown = {};
  try {
    filter = JSON.parse(cookies[names.filter] ?? '{}');
  } catch {
    filter = {};
  }
  const parsed = schemas[kind].safeParse(filter);
  return {
    filter: (parsed.success ? parsed.data : schemas[kind].parse({})) as FilterOf<K>,
    sort: readListSort(kind, cookies),
  };
}

export function readListPreferencesFromRequest<K extends ListKind>(kind: K, request: Request) {
  return readListPreferences(kind, readRequestCookies(request));
}
