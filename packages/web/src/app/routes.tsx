// The route table of spec §2, composed from the features; every loader works on the server and in the browser.
import {
  ACCOUNT_PAGES,
  GUEST_ONLY_URLS,
  LEGAL_PAGE_URLS,
  NOT_FOUND_URL,
  STATIC_PAGE_URLS,
} from '@efir/domain/routes';
import { SHOP } from '@efir/domain/shop-info';
import { data, type RouteObject, redirect } from 'react-router';
import { ACCOUNT_PAGE_COMPONENTS, AccountLayout } from '../features/account/account-page.tsx';
import { AdminEntry } from '../features/admin/admin-entry.tsx';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RegistrationPage } from '../features/auth/registration-page.tsx';
import { CartPage } from '../features/cart/cart-page.tsx';
import { AkciiPage, createAkciiLoader, getAkciiMeta } from '../features/catalog/akcii-page.tsx';
import { CheckStep } from '../features/checkout/check-step.tsx';
import { CheckoutIndex, CheckoutLayout } from '../features/checkout/checkout-page.tsx';
import { DeliveryStep } from '../features/checkout/delivery-step.tsx';
import { OrderDonePage } from '../features/checkout/done-page.tsx';
import { InfoStep } from '../features/checkout/info-step.tsx';
import { PayStep } from '../features/checkout/pay-step.tsx';
import { AuthorsPage } from '../features/content/authors-page.tsx';
import { NotFoundPage } from '../features/errors/not-found-page.tsx';
import { RouteError } from '../features/errors/route-error.tsx';
import { YookassaPage } from '../features/payment/yookassa-page.tsx';
import { AddReviewPage, getAddReviewMeta } from '../features/reviews/add-review-page.tsx';
import { createReviewsLoader, getReviewsMeta, ReviewsPage } from '../features/reviews/reviews-page.tsx';
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
import { loginUrlFor, returnPathAfterLogin, waitForSession } from './session.ts';
import { GuestOnlyGate } from './session-gates.tsx';

function handle(meta: RouteHandle['meta']): RouteHandle {
  return { meta };
}

const notFoundMeta = handle(() => ({ title: 'Страница не найдена', noindex: true }));

const CHECKOUT_STEP_PAGES = [
  { path: 'delivery', title: 'Доставка', Component: DeliveryStep },
  { path: 'pay', title: 'Оплата', Component: PayStep },
  { path: 'info', title: 'Получатель', Component: InfoStep },
  { path: 'check', title: 'Проверка', Component: CheckStep },
] as const;

const GUEST_PAGES = {
  '/login': { title: 'Вход', Component: LoginPage },
  '/registration': { title: 'Регистрация', Component: RegistrationPage },
  '/forgot-password': { title: 'Восстановление пароля', Component: ForgotPasswordPage },
} as const satisfies Record<(typeof GUEST_ONLY_URLS)[number], unknown>;

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
              path: '/my-cart',
              id: 'cart',
              Component: CartPage,
              handle: handle(() => ({ title: 'Корзина', noindex: true })),
            },
            {
              // The steps live in this tab's session storage: they render in the browser (see CheckoutLayout).
              path: '/checkout',
              id: 'checkout',
              Component: CheckoutLayout,
              handle: handle(() => ({ title: 'Оформление заказа', noindex: true })),
              children: [
                { index: true, id: 'checkout:index', Component: CheckoutIndex },
                ...CHECKOUT_STEP_PAGES.map((step) => ({
                  path: step.path,
                  id: `checkout:${step.path}`,
                  Component: step.Component,
                  handle: handle(() => ({ title: `${step.title} — оформление заказа`, noindex: true })),
                })),
              ],
            },
            {
              path: '/checkout/done',
              id: 'checkout:done',
              Component: OrderDonePage,
              handle: handle(() => ({ title: 'Заказ принят', noindex: true })),
            },
            {
              path: '/yookassa',
              id: 'yookassa',
              Component: YookassaPage,
              handle: handle(() => ({ title: 'Оплата заказа', noindex: true })),
            },
            ...['/reviews', '/reviews.html'].map(
              (path): RouteObject => ({
                path,
                id: `reviews:${path}`,
                loader: createReviewsLoader(context),
                Component: ReviewsPage,
                handle: handle(getReviewsMeta),
              }),
            ),
            {
              path: '/add-review',
              id: 'add-review',
              Component: AddReviewPage,
              handle: handle(getAddReviewMeta),
            },
            {
              path: NOT_FOUND_URL,
              id: 'err404',
              loader: () => data(null, { status: 404 }),
              Component: NotFoundPage,
              handle: notFoundMeta,
            },
            {
              id: 'guest-only',
              // The server never knows the user (the token is in local storage); GuestOnlyGate redirects once the
              // browser does. A browser navigation waits for the session and redirects right away.
              loader: async ({ request }) => {
                if (context.isServer) return null;
                await waitForSession(context.store);
                return isLoggedIn() ? redirect(returnPathAfterLogin(new URL(request.url).search)) : null;
              },
              Component: GuestOnlyGate,
              children: GUEST_ONLY_URLS.map((url) => ({
                path: url,
                id: `guest:${url}`,
                Component: GUEST_PAGES[url].Component,
                handle: handle(() => ({ title: GUEST_PAGES[url].title, noindex: true })),
              })),
            },
            {
              id: 'account',
              // No authenticated call here: the pages load their data in the browser once the user is known. A
              // guest without the session hint is sent to /login by the server render already; with the hint the
              // server renders the account frame in its loading state and the browser decides.
              loader: async ({ request }) => {
                const url = new URL(request.url);
                const toLogin = () => redirect(loginUrlFor(`${url.pathname}${url.search}`));
                if (context.isServer)
                  return isLoggedIn() || context.store.getState().sessionHint ? null : toLogin();
                await waitForSession(context.store);
                return isLoggedIn() ? null : toLogin();
              },
              Component: AccountLayout,
              children: ACCOUNT_PAGES.map((page) => ({
                path: page.url,
                id: `account:${page.url}`,
                Component: ACCOUNT_PAGE_COMPONENTS[page.url],
                handle: handle(() => ({ title: page.title, noindex: true })),
              })),
            },
            {
              // The back office: for moderators only (the server checks every call); its code loads on demand.
              path: '/admin/*',
              id: 'admin',
              loader: async ({ request }) => {
                const url = new URL(request.url);
                const toLogin = () => redirect(loginUrlFor(`${url.pathname}${url.search}`));
                if (context.isServer) return context.store.getState().sessionHint ? null : toLogin();
                await waitForSession(context.store);
                return isLoggedIn() ? null : toLogin();
              },
              Component: AdminEntry,
              handle: handle(() => ({ title: 'Панель управления', noindex: true })),
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
