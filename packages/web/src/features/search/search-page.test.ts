// The search page loader and its helpers: no call for an empty query, a friendly message for a refused one.
import { describe, expect, it, vi } from 'vitest';
import type { AppContextValue } from '../../lib/app-context.tsx';
import { createAppStore, EMPTY_CART, EMPTY_CRITICAL } from '../../lib/app-state.ts';
import { HttpError } from '../../lib/http-client.ts';
import {
  createSearchLoader,
  getSearchMeta,
  readQuery,
  type SearchResponse,
  summariseCounts,
  toProductCard,
} from './search-page.tsx';

function createContext(post: (path: string, options: unknown) => Promise<unknown>): AppContextValue {
  return {
    api: { post } as unknown as AppContextValue['api'],
    store: createAppStore({ user: null, cart: EMPTY_CART, critical: EMPTY_CRITICAL }),
    origin: 'http://localhost:3000',
    isServer: true,
    getCurrentUrl: () => null,
  };
}

const load = (context: AppContextValue, search: string) =>
  createSearchLoader(context)({
    request: new Request(`http://localhost:3000/search${search}`),
    params: {},
    context: undefined,
  } as never);

const emptyResults: SearchResponse['results'] = { products: [], articles: [], recipes: [], courses: [] };

describe('createSearchLoader', () => {
  it('does not call the API for an empty or blank query', async () => {
    const post = vi.fn();
    expect(await load(createContext(post), '')).toEqual({ q: '' });
    expect(await load(createContext(post), '?q=%20%20')).toEqual({ q: '' });
    expect(post).not.toHaveBeenCalled();
  });

  it('posts the query, with spaces collapsed, and returns the answer', async () => {
    const response: SearchResponse = { q: 'лаванда', results: emptyResults, total: 0, corrected: null };
    const post = vi.fn(async () => response);
    expect(await load(createContext(post), '?q=%20%D0%BB%D0%B0%D0%B2%D0%B0%D0%BD%D0%B4%D0%B0%20')).toEqual({
      q: 'лаванда',
      response,
    });
    expect(post).toHaveBeenCalledWith('/api/v1/search', { body: { q: 'лаванда' }, suppressErrors: true });
  });

  it('turns a 422 into a message on the page instead of the error page', async () => {
    const post = vi.fn(async () => {
      throw new HttpError(
        {
          status: 422,
          error: 'bad/data',
          errors: { q: ['Запрос должен быть не длиннее 200 символов'] },
          message: 'The given data was invalid.',
        },
        'POST /api/v1/search: 422',
      );
    });
    const q = 'а'.repeat(250);
    expect(await load(createContext(post), `?q=${q}`)).toEqual({
      q,
      error: 'Запрос должен быть не длиннее 200 символов.',
    });
  });

  it('leaves other failures to the routing rules', async () => {
    const post = vi.fn(async () => {
      throw new HttpError({ status: 500 }, 'POST /api/v1/search: 500');
    });
    await expect(load(createContext(post), '?q=роза')).rejects.toMatchObject({ status: 500 });
  });
});

describe('search helpers', () => {
  it('reads the query from the address', () => {
    expect(readQuery(new URL('http://x/search?q=+масло++для+волос+'))).toBe('масло для волос');
    expect(readQuery(new URL('http://x/search'))).toBe('');
  });

  it('keeps the search page out of the index', () => {
    expect(getSearchMeta({ q: 'роза' })).toEqual({ title: 'Поиск: роза', noindex: true });
    expect(getSearchMeta({ q: '' })).toEqual({ title: 'Поиск по магазину', noindex: true });
  });

  it('shapes a search product for the shared product card', () => {
    const card = toProductCard({
      id: 1,
      name: 'Лаванда узколистная',
      url: '/lavanda-10-ml.html',
      cena: 490,
      cena_st: 0,
      volume: '10 мл',
      stock: 5,
      katGlobal: 1,
      avg_rating: 4.8,
      images: [{ filename: 'products/lavanda.jpg', basename: 'products/lavanda' }],
    });
    expect(card.image).toEqual({ filename: 'products/lavanda.jpg', basename: 'products/lavanda' });
    expect(card.icons).toEqual([]);
    expect(card.votes_count).toBe(0);
  });

  it('sums up the groups with plural forms', () => {
    const item = { id: 1, title: 't', url: '/a', excerpt: '', image: null, published_at: '2026-01-01' };
    expect(
      summariseCounts({
        ...emptyResults,
        articles: [item, { ...item, url: '/b' }, { ...item, url: '/c' }],
        recipes: [item],
      }),
    ).toBe('3 статьи и 1 рецепт');
    expect(summariseCounts({ ...emptyResults, recipes: [item, { ...item, url: '/b' }] })).toBe('2 рецепта');
  });
});
