// Pages the server resolves by address (spec §2 dynamic paths): catalogue, category, section, article, recipe,
// product and saved cart; the loader sends the list's filter and sort from their cookies and the page number
// from ?page=.
import type { ImageRef, RouteResponse } from '@efir/domain/catalog-wire';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { SavedCartPage } from '../features/cart/saved-cart-page.tsx';
import { CatalogPage } from '../features/catalog/catalog-page.tsx';
import { CategoryPage } from '../features/catalog/category-page.tsx';
import { ProductPage } from '../features/catalog/product-page.tsx';
import { ArticlePage } from '../features/content/article-page.tsx';
import { RazdelPage } from '../features/content/razdel-page.tsx';
import { RecipePage } from '../features/content/recipe-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { createReviewSlots } from '../features/reviews/review-slots.tsx';
import type { AppContextValue } from './app-context.tsx';
import { listKindOfUrl, readListPreferencesFromRequest } from './list-preferences.ts';
import { loadPageData } from './page-loader.ts';
import type { PageMeta } from './page-meta.ts';

export function readPageNumber(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
}

export function fetchRouteData(
  context: AppContextValue,
  request: Request,
  pathname?: string,
): Promise<RouteResponse> {
  const url = new URL(request.url);
  const path = pathname ?? url.pathname;
  const preferences = readListPreferencesFromRequest(listKindOfUrl(path), request);
  return context.api.post<RouteResponse>('/api/v1/route', {
    body: { url: path, page: readPageNumber(url), sort: preferences.sort, filter: preferences.filter },
    suppressErrors: true,
  });
}

export function createDynamicPageLoader(context: AppContextValue) {
  return ({ request }: LoaderFunctionArgs) =>
    loadPageData(context, request, 'route', () => fetchRouteData(context, request));
}

export function getDynamicPageMeta(data: unknown): PageMeta {
  const page = (data as RouteResponse | undefined)?.page;
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
  };
}

/** The picture that represents the page in link previews (Open Graph), as a path under /images/. */
function findPageImage(entity: unknown): string | undefined {
  const candidate = entity as { images?: ImageRef[]; image?: ImageRef | null } | null;
  const image = candidate?.images?.[0] ?? candidate?.image ?? null;
  return image ? `/images/${image.filename}` : undefined;
}

export function DynamicPage() {
  const data = useLoaderData() as RouteResponse;
  switch (data.page.type) {
    case 'homepage':
      return <HomePage data={data} />;
    case 'catalog':
      return <CatalogPage data={data} />;
    case 'category':
      return <CategoryPage data={data} />;
    case 'product':
      return <ProductPage data={data} reviews={createReviewSlots('product', data)} />;
    case 'article':
      return <ArticlePage data={data} reviews={createReviewSlots('article', data)} />;
    case 'recept':
      return <RecipePage data={data} reviews={createReviewSlots('recept', data)} />;
    case 'razdel':
      return <RazdelPage data={data} />;
    case 'saved':
      return <SavedCartPage data={data} />;
    default:
      return null;
  }
}
