// /catalog.html: the top categories (by pos) as tiles with their sub-categories (by name), and popular products.
import type { RouteResponse } from '@efir/domain/page-wire';
import { ShopProductCard } from '../../components/shop/shop-product-card.tsx';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { Picture } from '../../components/ui/picture.tsx';
import type { CatalogEntry } from '../../lib/app-state.ts';
import { Link } from '../../lib/router/link.tsx';
import './catalog.css';

export interface CatalogGroup {
  entry: CatalogEntry;
  children: CatalogEntry[];
}

/** Spec §9: categories by pos, sub-categories by name. */
export function groupCatalog(entries: readonly CatalogEntry[]): CatalogGroup[] {
  return entries
    .filter((entry) => entry.id_kat === 0)
    .sort((a, b) => a.pos - b.pos)
    .map((entry) => ({
      entry,
      children: entries
        .filter((child) => child.id_kat === entry.id)
        .sort((a, b) => a.name.localeCompare(b.name, 'ru')),
    }));
}

export function CatalogPage({ data }: { data: RouteResponse }) {
  const groups = groupCatalog(data.categories as CatalogEntry[]);
  const crumbs =
    data.page.breadcrumbs.length > 0 ? data.page.breadcrumbs : [{ name: 'Каталог', url: '/catalog.html' }];

  return (
    <div className="container page catalog-page">
      <Breadcrumbs items={crumbs} />
      <h1>Каталог</h1>
      <ul className="catalog-tiles">
        {groups.map(({ entry, children }, index) => (
          <li key={entry.id} className="catalog-tile">
            <Link to={entry.url} className="catalog-tile__head">
              <Picture
                image={entry.foto_main}
                alt=""
                width={600}
                height={400}
                className="catalog-tile__picture"
                eager={index < 3}
              />
              <h2 className="catalog-tile__name">{entry.name}</h2>
            </Link>
            {children.length > 0 && (
              <ul className="catalog-tile__children" aria-label={`Разделы: ${entry.name}`}>
                {children.map((child) => (
                  <li key={child.id}>
                    <Link to={child.url}>{child.name}</Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>

      {data.recoGoods.length > 0 && (
        <section className="section" aria-labelledby="catalog-popular">
          <h2 id="catalog-popular" className="section__title">
            Популярное
          </h2>
          <ul className="product-grid">
            {data.recoGoods.map((product) => (
              <li key={product.id}>
                <ShopProductCard product={product} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
