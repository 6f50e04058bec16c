// The compiled matcher finds what React Router's matchRoutes finds — same routes, params, pathnames — on the shop's
// own table and on tables built to reach its ranking rules.
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AppContextValue } from '../lib/app-context.tsx';
import { compileTable, type MatchableRoute, matchCompiled } from '../lib/router/match.ts';
import { createRoutes } from './routes.tsx';

type Table = MatchableRoute[];

function withIds(routes: Table, prefix = ''): Table {
  return routes.map((route, index) => {
    const id = route.id ?? `${prefix}${index}`;
    return { ...route, id, ...(route.children ? { children: withIds(route.children, `${id}-`) } : {}) };
  });
}

function reactRouters(table: Table, pathname: string) {
  return (matchRoutes(table as Parameters<typeof matchRoutes>[0], { pathname }) ?? []).map(
    ({ route, params, pathname: matched, pathnameBase }) => ({
      id: route.id,
      params: { ...params },
      pathname: matched,
      pathnameBase,
    }),
  );
}

function ours(table: Table, pathname: string) {
  return (compileTable(table)(pathname) ?? []).map(
    ({ routeId, params, pathname: matched, pathnameBase }) => ({
      id: routeId,
      params: { ...params },
      pathname: matched,
      pathnameBase,
    }),
  );
}

/** Every path of the table, and what a visitor could type around them. */
function addressesOf(table: Table, parent = ''): string[] {
  return table.flatMap((route) => {
    const path = route.path?.startsWith('/')
      ? route.path
      : `${parent}/${route.path ?? ''}`.replace(/\/+/g, '/');
    const filled = path.replace(/:[\w-]+/g, 'lavanda').replace(/\*$/, 'lavanda-10-ml.html');
    return [
      filled,
      `${filled}/`,
      filled.toUpperCase(),
      `${filled}/extra`,
      ...addressesOf(route.children ?? [], route.path === undefined ? parent : path),
    ];
  });
}

const CASES = [
  '/',
  '',
  '//',
  '/lavanda-uzkolistnaya-10-ml.html',
  '/catalog.html',
  '/catalog.html//',
  '/efirnye-masla/lavanda.html',
  '/%D0%BB%D0%B0%D0%B2%D0%B0%D0%BD%D0%B4%D0%B0',
  '/%E0%A4%A',
  '/a%2Fb/c',
  '/seminar_po_aromatherapy/aromatherapy-basics',
  '/seminar_po_aromatherapy/',
  '/my-orders/15',
  '/checkout/info',
];

describe('compiled route matching', () => {
  it('matches every address of the shop as React Router does', () => {
    const table = withIds(createRoutes({} as AppContextValue) as Table);
    const addresses = [...new Set([...CASES, ...addressesOf(table)])];
    expect(addresses.length).toBeGreaterThan(100);
    for (const address of addresses) {
      expect({ address, matches: ours(table, address) }).toEqual({
        address,
        matches: reactRouters(table, address),
      });
    }
  });

  it('ranks static over dynamic over splat, index routes and siblings as React Router does', () => {
    const table = withIds([
      {
        id: 'root',
        path: '/',
        children: [
          { id: 'home', index: true },
          { id: 'any', path: '*' },
          {
            id: 'docs',
            path: 'docs',
            children: [
              { id: 'docs-index', index: true },
              { id: 'doc', path: '*' },
            ],
          },
          { id: 'item', path: 'items/:id' },
          { id: 'new', path: 'items/new' },
          { id: 'case', path: 'Case', caseSensitive: true },
          { id: 'first', path: 'same' },
          { id: 'second', path: 'same' },
          { id: 'layout', children: [{ id: 'nested', path: 'nested/:a/:b' }] },
          { id: 'absolute', path: '/abs/:x' },
        ],
      },
      { id: 'top-splat', path: '/top/*' },
    ]);
    const addresses = [
      '/',
      '/docs',
      '/docs/',
      '/docs/a/b/c',
      '/items/new',
      '/items/7',
      '/items/7/',
      '/Case',
      '/case',
      '/same',
      '/nested/1/2',
      '/nested/1',
      '/abs/%20y',
      '/top',
      '/top/x/y',
      '/nowhere/at/all',
    ];
    for (const address of addresses) {
      expect({ address, matches: ours(table, address) }).toEqual({
        address,
        matches: reactRouters(table, address),
      });
    }
    expect(ours(table, '/items/new').at(-1)?.id).toBe('new');
    expect(ours(table, '/same').at(-1)?.id).toBe('first');
  });

  it('refuses optional segments, which it does not mirror', () => {
    expect(() => compileTable([{ id: 'a', path: '/a/:b?' }])).toThrow(/optional/);
  });
});

describe("the server render's matching (matchCompiled)", () => {
  const shop = (): Table => [
    {
      id: 'root',
      children: [
        { id: 'product', path: '/catalog/:slug' },
        { id: 'page', path: '/about' },
        { id: 'any', path: '*' },
      ],
    },
  ];
  const summary = (matches: ReturnType<typeof matchCompiled>) =>
    matches.map(({ route, params, pathname }) => ({ id: route.id, params, pathname }));

  it('gives the routes of the table it was asked with, also when an equal table matched the pathname before', () => {
    const first = shop();
    const second = shop();
    const before = matchCompiled(first, '/catalog/lavanda');
    const after = matchCompiled(second, { pathname: '/catalog/lavanda', search: '?sort=price' });
    expect(summary(after)).toEqual(summary(before));
    expect(summary(after)).toEqual([
      { id: 'root', params: { slug: 'lavanda' }, pathname: '/' },
      { id: 'product', params: { slug: 'lavanda' }, pathname: '/catalog/lavanda' },
    ]);
    expect(after[1]?.route).toBe(second[0]?.children?.[0]);
    expect(matchCompiled(second, '/catalog/myata')[1]?.params).toEqual({ slug: 'myata' });
    expect(summary(matchCompiled(second, '/kontakty'))[1]).toEqual({
      id: 'any',
      params: { '*': 'kontakty' },
      pathname: '/kontakty',
    });
  });

  it('does not take the matches of a table with the same ids and other paths', () => {
    matchCompiled(shop(), '/about');
    const changed = shop();
    const about = changed[0]?.children?.[1];
    if (about) about.path = '/o-nas';
    expect(matchCompiled(changed, '/about').map(({ route }) => route.id)).toEqual(['root', 'any']);
  });
});
