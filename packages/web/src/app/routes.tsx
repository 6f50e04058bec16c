// The route table of spec §2, composed from the features; every loader works on the server and in the browser.
import {
  ACCOUNT_PAGES,
  GUEST_ONLY_URLS,
  LEGAL_PAGE_URLS,
  NOT_FOUND_URL,
  STATIC_PAGE_URLS,
} from '@efir/domain/routes';
import { SHOP } from '@efir/domain/shop-info';
import type { ComponentType } from 'react';
import { NotFoundPage } from '../features/errors/not-found-page.tsx';
import { RouteError } from '../features/errors/route-error.tsx';
import { createStaticPageLoader, getStaticPageMeta } from '../features/static-pages/static-page-loader.ts';
import { loadAccountPageData } from '../lib/account-page-data.ts';
import type { AppContextValue } from '../lib/app-context.tsx';
import type { PageMeta, RouteHandle } from '../lib/page-meta.ts';
import { data, type LoaderFunction, type RouteObject, redirect } from '../lib/router/router.ts';
import { loginUrlFor, returnPathAfterLogin, waitForSession } from '../lib/session.ts';
import { createDynamicPageLoader, DynamicPage, getDynamicPageMeta } from './dynamic-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { type LazyModule, lazyComponent, lazyModule, withModules } from './lazy-modules.tsx';
import { GuestOnlyGate } from './session-gates.tsx';

// Page code loads on demand (app/lazy-modules.tsx): the entry chunk holds the frame, the router and the loaders of
// the catalogue and static pages. The loaders and head tags of the other pages load with their page's code.
const akciiLoader = lazyModule(() => import('../features/catalog/akcii-loader.ts'));
const reviewsLoader = lazyModule(() => import('../features/reviews/reviews-loader.ts'));
const schoolLoaders = lazyModule(() => import('../features/school/school-loaders.ts'));
const searchLoader = lazyModule(() => import('../features/search/search-loader.ts'));

const AkciiPage = withModules(
  lazyComponent(
    () => import('../features/catalog/akcii-page.tsx'),
    (m) => m.AkciiPage,
  ),
  akciiLoader,
);
const StaticPage = lazyComponent(
  () => import('../features/static-pages/static-page.tsx'),
  (m) => m.StaticPage,
);
const CoursesPage = withModules(
  lazyComponent(
    () => import('../features/school/courses-page.tsx'),
    (m) => m.CoursesPage,
  ),
  schoolLoaders,
);
const CoursePage = withModules(
  lazyComponent(
    () => import('../features/school/course-page.tsx'),
    (m) => m.CoursePage,
  ),
  schoolLoaders,
);
const SearchPage = withModules(
  lazyComponent(
    () => import('../features/search/search-page.tsx'),
    (m) => m.SearchPage,
  ),
  searchLoader,
);
const ReviewsPage = withModules(
  lazyComponent(
    () => import('../features/reviews/reviews-page.tsx'),
    (m) => m.ReviewsPage,
  ),
  reviewsLoader,
);
const AddReviewPage = withModules(
  lazyComponent(
    () => import('../features/reviews/add-review-page.tsx'),
    (m) => m.AddReviewPage,
  ),
  reviewsLoader,
);
const AdminEntry = lazyComponent(
  () => import('../features/admin/admin-entry.tsx'),
  (m) => m.AdminEntry,
);
const CartPage = lazyComponent(
  () => import('../features/cart/cart-page.tsx'),
  (m) => m.CartPage,
);
const CheckoutLayout = lazyComponent(
  () => import('../features/checkout/checkout-page.tsx'),
  (m) => m.CheckoutLayout,
);
const CheckoutIndex = lazyComponent(
  () => import('../features/checkout/checkout-page.tsx'),
  (m) => m.CheckoutIndex,
);
const DeliveryStep = lazyComponent(
  () => import('../features/checkout/delivery-step.tsx'),
  (m) => m.DeliveryStep,
);
const PayStep = lazyComponent(
  () => import('../features/checkout/pay-step.tsx'),
  (m) => m.PayStep,
);
const InfoStep = lazyComponent(
  () => import('../features/checkout/info-step.tsx'),
  (m) => m.InfoStep,
);
const CheckStep = lazyComponent(
  () => import('../features/checkout/check-step.tsx'),
  (m) => m.CheckStep,
);
const OrderDonePage = lazyComponent(
  () => import('../features/checkout/done-page.tsx'),
  (m) => m.OrderDonePage,
);
const YookassaPage = lazyComponent(
  () => import('../features/payment/yookassa-page.tsx'),
  (m) => m.YookassaPage,
);
const AuthorsPage = lazyComponent(
  () => import('../features/content/authors-page.tsx'),
  (m) => m.AuthorsPage,
);
const LoginPage = lazyComponent(
  () => import('../features/auth/login-page.tsx'),
  (m) => m.LoginPage,
);
const RegistrationPage = lazyComponent(
  () => import('../features/auth/registration-page.tsx'),
  (m) => m.RegistrationPage,
);
const ForgotPasswordPage = lazyComponent(
  () => import('../features/auth/forgot-password-page.tsx'),
  (m) => m.ForgotPasswordPage,
);
const AccountLayout = lazyComponent(
  () => import('../features/account/account-page.tsx'),
  (m) => m.AccountLayout,
);
// «Мои курсы» is the school's page in the account's frame: the two features never import each other.
const MyCoursesPage = lazyComponent(
  () => import('../features/school/my-courses-page.tsx'),
  (m) => m.MyCoursesPage,
);
const ACCOUNT_PAGE_COMPONENTS = Object.fromEntries(
  ACCOUNT_PAGES.map(({ url }) => [
    url,
    url === '/my-courses'
      ? MyCoursesPage
      : lazyComponent(
          () => import('../features/account/account-page.tsx'),
          (m) => m.ACCOUNT_PAGE_COMPONENTS[url],
        ),
  ]),
) as unknown as Record<(typeof ACCOUNT_PAGES)[number]['url'], ComponentType>;

function handle(meta: RouteHandle['meta']): RouteHandle {
  return { meta };
}

/** A loader kept in a module of its own: the module loads first, then its loader runs. */
function lazyLoader<T>(module: LazyModule<T>, create: (loaded: T) => LoaderFunction): LoaderFunction {
  return async (args) => create(await module.load())(args);
}

/**
 * Head tags from a module that loads with the page; until it has (a failed download), those of a failed request.
 */
function lazyHandle<T>(module: LazyModule<T>, meta: (loaded: T, data: unknown) => PageMeta): RouteHandle {
  return handle((data) => {
    const loaded = module.peek();
    return loaded ? meta(loaded, data) : { title: 'Запрос не выполнен', noindex: true };
  });
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
              loader: lazyLoader(akciiLoader, (m) => m.createAkciiLoader(context)),
              Component: AkciiPage,
              handle: lazyHandle(akciiLoader, (m, data) => m.getAkciiMeta(data)),
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
              loader: lazyLoader(searchLoader, (m) => m.createSearchLoader(context)),
              Component: SearchPage,
              handle: lazyHandle(searchLoader, (m, data) => m.getSearchMeta(data)),
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
              // The school (spec §2): the course list and one page per course.
              path: '/seminar_po_aromatherapy.html',
              id: 'school',
              loader: lazyLoader(schoolLoaders, (m) => m.createCoursesLoader(context)),
              Component: CoursesPage,
              handle: lazyHandle(schoolLoaders, (m, data) => m.getCoursesMeta(data)),
            },
            {
              path: '/seminar_po_aromatherapy/:slug',
              id: 'course',
              loader: lazyLoader(schoolLoaders, (m) => m.createCourseLoader(context)),
              Component: CoursePage,
              handle: lazyHandle(schoolLoaders, (m, data) => m.getCourseMeta(data)),
            },
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
                loader: lazyLoader(reviewsLoader, (m) => m.createReviewsLoader(context)),
                Component: ReviewsPage,
                handle: lazyHandle(reviewsLoader, (m, data) => m.getReviewsMeta(data)),
              }),
            ),
            {
              path: '/add-review',
              id: 'add-review',
              Component: AddReviewPage,
              handle: lazyHandle(reviewsLoader, (m) => m.getAddReviewMeta()),
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
              // The server redirects a visitor it knows from the refresh cookie; for one it does not (the session
              // hint only) GuestOnlyGate redirects once the browser knows. A browser navigation waits for the
              // session and redirects right away.
              loader: async ({ request }) => {
                if (!context.isServer) await waitForSession(context.store);
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
              // A visitor the server knows from the refresh cookie gets the page rendered with their data (the
              // pages' loaders below). A guest without the session hint is sent to /login by the server render
              // already; with the hint only, the server renders the account frame in its loading state and the
              // browser decides.
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
                loader: () =>
                  context.isServer && isLoggedIn() ? loadAccountPageData(context.api, page.url) : null,
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
