// A category page (also the listing of /akcii): breadcrumbs, description, sub-categories, filters, sort,
// the product grid and its pages. Filters and sort live in cookies, so the server render already applies them.
import type { RouteResponse } from '@efir/domain/page-wire';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { ShopProductCard } from '../../components/shop/shop-product-card.tsx';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { ListSummary } from '../../components/ui/list-summary.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import type { CatalogEntry } from '../../lib/app-state.ts';
import { saveListPreferences } from '../../lib/list-preferences.ts';
import { Link } from '../../lib/router/link.tsx';
import { useNavigate, useNavigation } from '../../lib/router/router-view.tsx';
import {
  activeProductFilterChips,
  countActiveFilters,
  DEFAULT_PRODUCT_LIST_STATE,
  ProductFilters,
  type ProductListState,
  ProductSortSelect,
  readAppliedProductState,
  useProductFacets,
} from './product-filters.tsx';
import './catalog.css';

interface CategoryData {
  id: number;
  name: string;
  url: string;
  description?: string;
  /** «Пряные эфирные масла» for «Пряные»: what the page is about, said in full. */
  heading?: string;
}

/** The products above the fold of a phone and a desktop load at once; the rest lazily. */
const EAGER_PRODUCTS = 4;

export function ProductListing({
  data,
  categoryId,
  showCounts = true,
}: {
  data: RouteResponse;
  categoryId: number;
  /** Whether the filter counts of `categoryId` describe exactly this list. */
  showCounts?: boolean;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const facets = useProductFacets(categoryId);

  // The chosen state shows at once; the page data catches up when the loader has re-run with the new cookies.
  const [applied, setApplied] = useState(data.applied);
  const [state, setState] = useState(() => readAppliedProductState(data.applied));
  if (applied !== data.applied) {
    setApplied(data.applied);
    setState(readAppliedProductState(data.applied));
  }

  const change = (next: ProductListState) => {
    setState(next);
    saveListPreferences('product', next);
    // Same address without ?page: a new filter starts from the first page.
    navigate(pathname, { replace: true, preventScrollReset: true });
  };

  const total = data.pagination?.total ?? data.products.length;
  const busy = navigation.location?.pathname === pathname;
  const filtered = countActiveFilters(state.filter) > 0;
  const resetFilters = () => change({ ...DEFAULT_PRODUCT_LIST_STATE, sort: state.sort });

  return (
    <div className="listing">
      <aside className="listing__filters" aria-label="Фильтры товаров">
        <ProductFilters state={state} facets={facets} showCounts={showCounts} onChange={change} />
      </aside>
      <div className="listing__main">
        <div className="listing__toolbar">
          <p className="listing__total" aria-live="polite">
            {formatCount(total, GOODS_FORMS)}
          </p>
          <ProductSortSelect sort={state.sort} onChange={(sort) => change({ ...state, sort })} />
        </div>
        <ListSummary
          chips={activeProductFilterChips(state.filter, (filter) => change({ ...state, filter }))}
          shown={total}
          total={data.pagination?.unfiltered_total ?? null}
          onReset={resetFilters}
        />
        {data.products.length > 0 ? (
          <ul className={busy ? 'product-grid listing__grid--busy' : 'product-grid'} aria-busy={busy}>
            {data.products.map((product, index) => (
              <li key={product.id}>
                <ShopProductCard product={product} eager={index < EAGER_PRODUCTS} preload={index === 0} />
              </li>
            ))}
          </ul>
        ) : filtered ? (
          <div className="listing__empty">
            <p>Ничего не нашлось. Сбросьте фильтры, чтобы увидеть все товары раздела.</p>
            <button type="button" className="button" onClick={resetFilters}>
              Сбросить фильтры
            </button>
          </div>
        ) : (
          <div className="listing__empty">
            <p>В этом разделе пока нет товаров.</p>
            <Link to="/catalog.html" className="button button--ghost">
              Перейти в каталог
            </Link>
          </div>
        )}
        <Pagination pagination={data.pagination} />
      </div>
    </div>
  );
}

export function CategoryPage({ data }: { data: RouteResponse }) {
  const category = data.page.com_data as CategoryData;
  const children = (data.categories as CatalogEntry[])
    .slice()
    .sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  const crumbs = data.page.breadcrumbs;

  return (
    <div className="container page category-page">
      <Breadcrumbs items={crumbs} />
      <h1>{category.heading ?? category.name}</h1>
      {category.description ? (
        <RichText html={category.description} className="category-page__intro" />
      ) : null}
      {children.length > 0 && (
        <nav className="chips" aria-label="Подразделы">
          <ul>
            {children.map((child) => (
              <li key={child.id}>
                <Link to={child.url} className="chip">
                  {child.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {/* The cards' names are h3: their section gets a heading, for reading by headings. */}
      <h2 className="visually-hidden">Товары</h2>
      <ProductListing key={category.id} data={data} categoryId={category.id} />
    </div>
  );
}
