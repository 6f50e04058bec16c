// Filters and sorts of spec §4 and §9: kept in cookies of their own per list (product, article, recept) for 365
// days, removed once set back to the defaults (article and recept date 4, product anywhere 2, sort 0), read back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveListPreferences } from './list-preferences.ts';
import { readListPreferences } from './read-list-preferences.ts';

const YEAR_S = 365 * 86_400;
let written: string[];

beforeEach(() => {
  written = [];
  vi.stubGlobal('document', {
    set cookie(value: string) {
      written.push(value);
    },
  });
  vi.stubGlobal('window', { location: { protocol: 'https:' } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const kept = (name: string, value: string) =>
  `${name}=${encodeURIComponent(value)}; Max-Age=${YEAR_S}; Path=/; SameSite=Lax; Secure`;
const removed = (name: string) => `${name}=; Max-Age=0; Path=/; SameSite=Lax`;

describe('saveListPreferences', () => {
  it('keeps a chosen filter and sort for 365 days, in separate cookies for products, articles and recipes', () => {
    saveListPreferences('product', { filter: { icons: ['new'], anywhere: 1 }, sort: 2 });
    saveListPreferences('article', { filter: { authors: [3], date: 4, tags: [] }, sort: 1 });
    saveListPreferences('recept', { filter: { authors: [], date: 2, tags: [7] }, sort: 4 });
    expect(written).toEqual([
      kept('filter_product', '{"icons":["new"],"anywhere":1}'),
      kept('sort_product', '2'),
      kept('filter_article', '{"authors":[3],"date":4,"tags":[]}'),
      kept('sort_article', '1'),
      kept('filter_recept', '{"authors":[],"date":2,"tags":[7]}'),
      kept('sort_recept', '4'),
    ]);
  });

  it('removes the cookies of a list set back to its defaults: date 4, anywhere 2, no sort', () => {
    saveListPreferences('product', { filter: { icons: [], anywhere: 2 }, sort: 0 });
    saveListPreferences('article', { filter: { authors: [], date: 4, tags: [] }, sort: 0 });
    saveListPreferences('recept', { filter: { authors: [], date: 4, tags: [] }, sort: 3 });
    expect(written).toEqual([
      removed('filter_product'),
      removed('sort_product'),
      removed('filter_article'),
      removed('sort_article'),
      removed('filter_recept'),
      kept('sort_recept', '3'),
    ]);
  });
});

describe('readListPreferences', () => {
  it('reads each list from its own cookies, and the defaults when they are missing or broken', () => {
    const cookies = {
      filter_product: '{"icons":["hit"],"anywhere":1}',
      sort_product: '5',
      filter_article: '{"authors":[2],"date":1,"tags":[]}',
      sort_recept: '9',
      filter_recept: '{not json',
    };
    expect(readListPreferences('product', cookies)).toEqual({
      filter: { icons: ['hit'], anywhere: 1 },
      sort: 5,
    });
    expect(readListPreferences('article', cookies)).toEqual({
      filter: { authors: [2], date: 1, tags: [] },
      sort: 0,
    });
    expect(readListPreferences('recept', cookies)).toEqual({
      filter: { authors: [], date: 4, tags: [] },
      sort: 0,
    });
    expect(readListPreferences('product', {})).toEqual({ filter: { icons: [], anywhere: 2 }, sort: 0 });
  });
});
