// /akcii: the shop's current offers (a static text) followed by every product at a special price, with filters.
import type { RouteResponse } from '@efir/domain/catalog-wire';
import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { type AppContextValue, useAppContext } from '../../app/app-context.tsx';
import { fetchRouteData } from '../../app/dynamic-page.tsx';
import { loadPageData } from '../../app/page-loader.ts';
import type { PageMeta } from '../../app/page-meta.ts';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { breadcrumbJsonLd, JsonLd } from '../../components/ui/json-ld.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import type { StaticPageData } from '../static-pages/static-page.tsx';
import { ProductListing } from './category-page.tsx';
import './catalog.css';

export interface AkciiPageData {
  intro: StaticPageData['page'];
  listing: RouteResponse;
}

export function createAkciiLoader(context: AppContextValue) {
  return ({ request }: LoaderFunctionArgs) =>
    loadPageData(context, request, 'akcii', async () => {
      const [intro, listing] = await Promise.all([
        context.api.get<StaticPageData>('/api/v1/static-page?url=%2Fakcii', { suppressErrors: true }),
        fetchRouteData(context, request, '/akcii'),
      ]);
      return { intro: intro.page, listing } satisfies AkciiPageData;
    });
}

export function getAkciiMeta(data: unknown): PageMeta {
  const intro = (data as AkciiPageData | undefined)?.intro;
  return { title: intro?.title ?? 'Акции', description: intro?.description };
}

export function AkciiPage() {
  const { intro, listing } = useLoaderData() as AkciiPageData;
  const { origin } = useAppContext();
  const crumbs = [{ name: intro.title, url: '/akcii' }];
  return (
    <div className="container page akcii-page">
      <JsonLd data={breadcrumbJsonLd(origin, crumbs)} />
      <Breadcrumbs items={crumbs} />
      <article className="akcii-page__intro">
        <h1>{intro.title}</h1>
        <p className="akcii-page__jump">
          <a href="#special-prices">Товары со скидкой ↓</a>
        </p>
        <RichText html={intro.html} />
      </article>
      <section id="special-prices" className="akcii-page__listing" aria-labelledby="special-prices-title">
        <h2 id="special-prices-title" className="section__title">
          Специальные цены
        </h2>
        {/* Filter options of id 0 count the whole catalogue, not only the special prices listed here: their
            numbers would not match the list, so they are hidden (an option with none at all is still disabled). */}
        <ProductListing data={listing} categoryId={0} showCounts={false} />
      </section>
    </div>
  );
}
