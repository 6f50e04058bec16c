// Pages the server resolves by address (spec §2 dynamic paths): catalogue, category, section, article, recipe,
// product and saved cart; the loader sends the list's filter and sort from their cookies and the page number
// from ?page=.
import type { ImageRef } from '@efir/domain/catalog-wire';
import type { RouteResponse } from '@efir/domain/page-wire';
import type { AppContextValue } from '../lib/app-context.tsx';
import { fetchRouteData, loadPageData } from '../lib/page-loader.ts';
import type { PageMeta } from '../lib/page-meta.ts';
import type { LoaderFunctionArgs } from '../lib/router/router.ts';
import { useLoaderData } from '../lib/router/router-view.tsx';
import { type LazyModule, lazyModule, type ModuleComponent } from './lazy-modules.tsx';

export function createDynamicPageLoader(context: AppContextValue) {
  return ({ request }: LoaderFunctionArgs) =>
    loadPageData(context, request, () => fetchRouteData(context, request));
}

export function getDynamicPageMeta(data: unknown): PageMeta {
  const answer = data as RouteResponse | undefined;
  const page = answer?.page;
  if (!page) return { title: 'Страница не найдена', noindex: true };
  const ogType =
    page.type === 'product'
      ? 'product'
      : page.type === 'article' || page.type === 'recept'
        ? 'article'
        : 'website';
  return {
    title: page.html_title,
    // A saved cart is someone's private link, not a page for search engines.
    ...(page.type === 'saved' ? { noindex: true } : {}),
    description: page.meta_description || undefined,
    ogType,
    image: findPageImage(page.com_data),
    page: answer.pagination?.page,
  };
}

/** The picture that represents the page in link previews (Open Graph), as a path under /images/. */
function findPageImage(entity: unknown): string | undefined {
  const candidate = entity as { images?: ImageRef[]; image?: ImageRef | null } | null;
  const image = candidate?.images?.[0] ?? candidate?.image ?? null;
  return image ? `/images/${image.filename}` : undefined;
}

// Each kind of page is its own chunk: the loader (see withLazyModules) loads the one the data asks for.
const savedCartPage = lazyModule(() => import('../features/cart/saved-cart-page.tsx'));
const catalogPage = lazyModule(() => import('../features/catalog/catalog-page.tsx'));
const categoryPage = lazyModule(() => import('../features/catalog/category-page.tsx'));
const productPage = lazyModule(() => import('../features/catalog/product-page.tsx'));
const articlePage = lazyModule(() => import('../features/content/article-page.tsx'));
const razdelPage = lazyModule(() => import('../features/content/razdel-page.tsx'));
const recipePage = lazyModule(() => import('../features/content/recipe-page.tsx'));
const homePage = lazyModule(() => import('../features/home/home-page.tsx'));
const reviewSlots = lazyModule(() => import('../features/reviews/review-slots.tsx'));

const PAGE_MODULES: Partial<Record<RouteResponse['page']['type'], LazyModule[]>> = {
  homepage: [homePage],
  catalog: [catalogPage],
  category: [categoryPage],
  product: [productPage, reviewSlots],
  article: [articlePage, reviewSlots],
  recept: [recipePage, reviewSlots],
  razdel: [razdelPage],
  saved: [savedCartPage],
};

function DynamicPageView() {
  const data = useLoaderData() as RouteResponse;
  const slotsFor = (type: 'product' | 'article' | 'recept') =>
    reviewSlots.current().createReviewSlots(type, data);
  switch (data.page.type) {
    case 'homepage': {
      const { HomePage } = homePage.current();
      return <HomePage data={data} />;
    }
    case 'catalog': {
      const { CatalogPage } = catalogPage.current();
      return <CatalogPage data={data} />;
    }
    case 'category': {
      const { CategoryPage } = categoryPage.current();
      return <CategoryPage data={data} />;
    }
    case 'product': {
      const { ProductPage } = productPage.current();
      return <ProductPage data={data} reviews={slotsFor('product')} />;
    }
    case 'article': {
      const { ArticlePage } = articlePage.current();
      return <ArticlePage data={data} reviews={slotsFor('article')} />;
    }
    case 'recept': {
      const { RecipePage } = recipePage.current();
      return <RecipePage data={data} reviews={slotsFor('recept')} />;
    }
    case 'razdel': {
      const { RazdelPage } = razdelPage.current();
      return <RazdelPage data={data} />;
    }
    case 'saved': {
      const { SavedCartPage } = savedCartPage.current();
      return <SavedCartPage data={data} />;
    }
    default:
      return null;
  }
}

export const DynamicPage: ModuleComponent = Object.assign(DynamicPageView, {
  lazyModules: (loaderData: unknown) =>
    PAGE_MODULES[(loaderData as RouteResponse | undefined)?.page?.type as RouteResponse['page']['type']] ??
    [],
});
