// The route table of spec §2, composed from the features; every loader works on the server and in the browser.
import {
  ACCOUNT_HOME_URL,
  ACCOUNT_PAGES,
  GUEST_ONLY_URLS,
  LEGAL_PAGE_URLS,
  LOGIN_URL,
  NOT_FOUND_URL,
  STATIC_PAGE_URLS,
} from '@efir/domain/routes';
import { SHOP } from '@efir/domain/shop-info';
import { data, type RouteObject, redirect } from 'react-router';
import { AccountPage } from '../features/account/account-page.tsx';
import { AuthPage } from '../features/auth/auth-page.tsx';
import { AkciiPage, createAkciiLoader, getAkciiMeta } from '../features/catalog/akcii-page.tsx';
import { AuthorsPage } from '../features/content/authors-page.tsx';
import { NotFoundPage } from '../features/errors/not-found-page.tsx';
import { RouteError } from '../features/errors/route-error.tsx';
import { createSearchLoader, getSearchMeta, SearchPage } from '../features/search/search-page.tsx';
import {
  createStaticPageLoader,
  getStaticPageMeta,
  StaticPage,
} from '../features/static-pages/static-page.tsx';
import type { AppContextValue } from './app-context.tsx';
import { createDynamicPageLoader, DynamicPage, getDynamicPageMeta } from './dynamic-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import type { RouteHandle } from './page-meta.ts';

function handle(meta: RouteHandle['meta']): RouteHandle {
  return { meta };
}

const notFoundMeta = handle(() => ({ title: 'Страница не найдена', noindex: true }));

export function createRoutes(context: AppContextValue): RouteObject[] {
  const isLoggedIn = () => context.store.getState().user !== null;
  const dynamicLoader = createDynamicPageLoader(context);

  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      handle: handle(() => ({ title: 'Запрос не выполнен', noindex: true })),
      children: [
        {
          id: 'page',
          ErrorBoundary: RouteError,
          handle: notFoundMeta,
          children: [
            {
              index: true,
              id: 'home',
              loader: dynamicLoader,
              Component: DynamicPage,
              handle: handle(() => ({ title: SHOP.slogan })),
            },
            {
              path: '/catalog.html',
              id: 'catalog',
              loader: dynamicLoader,
              Component: DynamicPage,
              handle: handle(getDynamicPageMeta),
            },
            {
              path: '/akcii',
              id: 'akcii',
              loader: createAkciiLoader(context),
              Component: AkciiPage,
              handle: handle(getAkciiMeta),
            },
            {
              path: '/authors',
              id: 'authors',
              loader: createStaticPageLoader(context, '/authors'),
              Component: AuthorsPage,
              handle: handle(getStaticPageMeta),
            },
            {
              path: '/search',
              id: 'search',
              loader: createSearchLoader(context),
              Component: SearchPage,
              handle: handle(getSearchMeta),
            },
            ...[...STATIC_PAGE_URLS, ...LEGAL_PAGE_URLS]
              .filter((url) => url !== '/akcii' && url !== '/authors')
              .map(
                (url): RouteObject => ({
                  path: url,
                  id: `static:${url}`,
                  loader: createStaticPageLoader(context, url),
                  Component: StaticPage,
                  handle: handle(getStaticPageMeta),
                }),
              ),
            {
              path: NOT_FOUND_URL,
              id: 'err404',
              loader: () => data(null, { status: 404 }),
              Component: NotFoundPage,
              handle: notFoundMeta,
            },
            {
              id: 'guest-only',
              loader: () => (isLoggedIn() ? redirect(ACCOUNT_HOME_URL) : null),
              children: GUEST_ONLY_URLS.map((url) => ({
                path: url,
                id: `guest:${url}`,
                Component: AuthPage,
                handle: handle(() => ({
                  title:
                    url === LOGIN_URL
                      ? 'Вход'
                      : url === '/registration'
                        ? 'Регистрация'
                        : 'Восстановление пароля',
                  noindex: true,
                })),
              })),
            },
            {
              id: 'account',
              loader: ({ request }) => {
                if (isLoggedIn()) return null;
                const from = new URL(request.url).pathname;
                return redirect(`${LOGIN_URL}?from=${encodeURIComponent(from)}`);
              },
              children: ACCOUNT_PAGES.map((page) => ({
                path: page.url,
                id: `account:${page.url}`,
                Component: AccountPage,
                handle: handle(() => ({ title: page.title, noindex: true })),
              })),
            },
            {
              // Catalogue, category, section, article, recipe, product and saved-cart pages: the server resolves them.
              path: '*',
              id: 'dynamic',
              loader: dynamicLoader,
              Component: DynamicPage,
              handle: handle(getDynamicPageMeta),
            },
          ],
        },
      ],
    },
  ];
}
