// /authors: the editorial intro from the static page, then a card for every author with a photo and a bio.
import { DEFAULT_DATE_PERIOD } from '@efir/domain/catalog-constants';
import type { CriticalData } from '@efir/domain/catalog-wire';
import { formatCount } from '@efir/domain/plural';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { Picture } from '../../components/ui/picture.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import { parseCookies } from '../../lib/cookies.ts';
import { type ListKind, readListSort, saveListPreferences } from '../../lib/list-preferences.ts';
import type { StaticPageData } from '../../lib/page-loader.ts';
import { Link } from '../../lib/router/link.tsx';
import { useLoaderData } from '../../lib/router/router-view.tsx';
import { authorAnchor } from './article-page.tsx';
import { ARTICLE_FORMS, RECIPE_FORMS } from './publication-filters.tsx';
import './content.css';

type AuthorCardData = CriticalData['authors'][number];

/** The author's publications are the list filtered by the author: the filter lives in a cookie, set on click. */
function chooseAuthor(kind: Extract<ListKind, 'article' | 'recept'>, authorId: number) {
  const sort = readListSort(kind, parseCookies(document.cookie));
  saveListPreferences(kind, { sort, filter: { authors: [authorId], date: DEFAULT_DATE_PERIOD, tags: [] } });
}

function useAuthorCounts(source: 'articles' | 'recepts'): Map<number, number> | null {
  const facets = useAppState((state) => state.filters[source]);
  return facets ? new Map(facets.authors.map((author) => [author.id, author.count])) : null;
}

/** The card named by the address's #fragment is highlighted once the page is in the browser. */
function useTargetAnchor(): string | null {
  const { hash } = useLocation();
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    const id = hash ? decodeURIComponent(hash.slice(1)) : null;
    setTarget(id);
    if (!id) return;
    // After the layout's own scroll-to-top on a new page.
    const timer = window.setTimeout(() => {
      document.getElementById(id)?.scrollIntoView({ block: 'start' });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [hash]);
  return target;
}

function AuthorCard({
  author,
  highlighted,
  articleCount,
  recipeCount,
}: {
  author: AuthorCardData;
  highlighted: boolean;
  articleCount: number | null;
  recipeCount: number | null;
}) {
  const anchor = authorAnchor(author);
  return (
    <li id={anchor} className={highlighted ? 'author-card author-card--target' : 'author-card'}>
      <Picture
        image={author.photo}
        alt={author.name}
        width={400}
        height={400}
        className="author-card__photo"
      />
      <div className="author-card__body">
        <h3 className="author-card__name">{author.name}</h3>
        {author.position && <p className="author-card__position">{author.position}</p>}
        {author.bio && <RichText html={author.bio} className="author-card__bio" />}
        <p className="author-card__links">
          {articleCount !== 0 && (
            <Link to="/articles-new.html" onClick={() => chooseAuthor('article', author.id)}>
              {articleCount === null ? 'Статьи автора' : `${formatCount(articleCount, ARTICLE_FORMS)} автора`}
            </Link>
          )}
          {recipeCount !== 0 && (
            <Link to="/recept.html" onClick={() => chooseAuthor('recept', author.id)}>
              {recipeCount === null ? 'Рецепты автора' : `${formatCount(recipeCount, RECIPE_FORMS)} автора`}
            </Link>
          )}
        </p>
      </div>
    </li>
  );
}

export function AuthorsPage() {
  const { page } = useLoaderData() as StaticPageData;
  const authors = useAppState((state) => state.critical.authors);
  const articleCounts = useAuthorCounts('articles');
  const recipeCounts = useAuthorCounts('recepts');
  const target = useTargetAnchor();
  return (
    <div className="container page content-page">
      <Breadcrumbs items={[{ name: page.title }]} />
      <article className="static-page authors-intro">
        <h1>{page.title}</h1>
        <RichText html={page.html} />
      </article>
      {authors.length > 0 && (
        <section className="authors" aria-labelledby="authors-title">
          <h2 id="authors-title" className="authors__title">
            Авторы «Эфира»
          </h2>
          <ul className="authors__list">
            {authors.map((author) => (
              <AuthorCard
                key={author.id}
                author={author}
                highlighted={target === authorAnchor(author)}
                articleCount={articleCounts ? (articleCounts.get(author.id) ?? 0) : null}
                recipeCount={recipeCounts ? (recipeCounts.get(author.id) ?? 0) : null}
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
