// A section (razdel) with its articles and recipes, and the listings /articles-new.html and /recept.html.
import type { RouteResponse } from '@efir/domain/page-wire';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { Link } from '../../lib/router/link.tsx';
import { PublicationGrid } from './publication-card.tsx';
import {
  ARTICLE_FORMS,
  type FacetSource,
  PUBLICATION_FORMS,
  PublicationFilters,
  RECIPE_FORMS,
} from './publication-filters.tsx';
import './content.css';

export interface RazdelData {
  id: number;
  name: string;
  url: string;
  description?: string;
  /** Set on the listings: which kind of publication the page lists. */
  kind?: 'article' | 'recept';
}

interface SectionLink {
  id: number;
  name: string;
  url: string;
}

/** Sections from the page data (or the start-up data), whatever else each entry carries. */
export function readSectionLinks(list: readonly unknown[]): SectionLink[] {
  const links: SectionLink[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, name, url } = item as Record<string, unknown>;
    if (typeof id === 'number' && typeof name === 'string' && typeof url === 'string') {
      links.push({ id, name, url });
    }
  }
  return links;
}

const LISTINGS = [
  { kind: 'article', name: 'Все статьи', url: '/articles-new.html' },
  { kind: 'recept', name: 'Все рецепты', url: '/recept.html' },
] as const;

function SectionNav({ current, sections }: { current: string; sections: SectionLink[] }) {
  const links = [...LISTINGS, ...sections];
  return (
    <nav className="pub-sections" aria-label="Разделы">
      <ul className="pub-chips">
        {links.map((link) => (
          <li key={link.url}>
            {link.url === current ? (
              <span className="pub-chip pub-chip--current" aria-current="page">
                {link.name}
              </span>
            ) : (
              <Link to={link.url} className="pub-chip">
                {link.name}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function RazdelPage({ data }: { data: RouteResponse }) {
  const { page } = data;
  const razdel = page.com_data as RazdelData;
  const sections = readSectionLinks(data.razdels);
  const description = razdel.description || page.meta_description;
  const listingKind = razdel.kind;
  const sources: FacetSource[] =
    listingKind === 'article'
      ? ['articles']
      : listingKind === 'recept'
        ? ['recepts']
        : ['articles', 'recepts'];
  const forms =
    listingKind === 'article' ? ARTICLE_FORMS : listingKind === 'recept' ? RECIPE_FORMS : PUBLICATION_FORMS;
  const total =
    data.pagination?.total ??
    (listingKind === 'recept'
      ? data.recepts.length
      : listingKind === 'article'
        ? data.articles.length
        : data.articles.length + data.recepts.length);

  return (
    <div className="container page content-page">
      <Breadcrumbs items={page.breadcrumbs} />
      <header className="razdel-head">
        <h1>{page.html_title}</h1>
        {description && <p className="razdel-head__lead">{description}</p>}
      </header>
      <SectionNav current={page.url} sections={sections} />

      <PublicationFilters
        applied={data.applied}
        sources={sources}
        showCounts={listingKind !== undefined}
        total={total}
        unfilteredTotal={data.pagination?.unfiltered_total}
        forms={forms}
      >
        {listingKind === 'article' && (
          <PublicationGrid items={data.articles} eagerCount={3} headingLevel={2} />
        )}
        {listingKind === 'recept' && <PublicationGrid items={data.recepts} eagerCount={3} headingLevel={2} />}
        {listingKind === undefined && (
          <>
            {data.articles.length > 0 && (
              <section className="razdel-block" aria-labelledby="razdel-articles">
                <h2 id="razdel-articles" className="razdel-block__title">
                  Статьи
                </h2>
                <PublicationGrid items={data.articles} eagerCount={3} />
              </section>
            )}
            {data.recepts.length > 0 && (
              <section className="razdel-block" aria-labelledby="razdel-recepts">
                <h2 id="razdel-recepts" className="razdel-block__title">
                  Рецепты
                </h2>
                <PublicationGrid items={data.recepts} eagerCount={data.articles.length > 0 ? 0 : 3} />
              </section>
            )}
          </>
        )}
        <Pagination pagination={data.pagination} />
      </PublicationFilters>
    </div>
  );
}
