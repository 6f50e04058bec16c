// /akcii: the shop's current offers (a static text) followed by every product at a special price, with filters.

import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { useLoaderData } from '../../lib/router/router-view.tsx';
import { ProductListing } from './category-page.tsx';
import './catalog.css';

import type { AkciiPageData } from './akcii-loader.ts';

export { type AkciiPageData, createAkciiLoader, getAkciiMeta } from './akcii-loader.ts';

export function AkciiPage() {
  const { intro, listing } = useLoaderData() as AkciiPageData;
  const crumbs = [{ name: intro.title, url: '/akcii' }];
  return (
    <div className="container page akcii-page">
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
