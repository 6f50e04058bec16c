// An article: breadcrumbs, title, author, date, reading time, rating, cover, body, tags and the author box;
// the parts every publication shares (meta line, tags, author box, structured data) are exported for recipes.
import { DEFAULT_DATE_PERIOD } from '@efir/domain/catalog-constants';
import type { ImageRef } from '@efir/domain/catalog-wire';
import { formatDateLong } from '@efir/domain/dates';
import type { PageInfo, RouteResponse } from '@efir/domain/page-wire';
import { formatCount, type PluralForms } from '@efir/domain/plural';
import { SHOP } from '@efir/domain/shop-info';
import { FavoriteButton } from '../../components/shop/user-list-buttons.tsx';
import { Breadcrumbs, type Crumb } from '../../components/ui/breadcrumbs.tsx';
import { JsonLd } from '../../components/ui/json-ld.tsx';
import { imageUrl, Picture } from '../../components/ui/picture.tsx';
import { RatingStars } from '../../components/ui/rating-stars.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import { parseCookies } from '../../lib/cookies.ts';
import { readListSort, saveListPreferences } from '../../lib/list-preferences.ts';
import type { ReviewSlots } from '../../lib/page-slots.ts';
import { Link } from '../../lib/router/link.tsx';
import './content.css';

export interface PublicationAuthor {
  id: number;
  name: string;
  url: string;
  position: string;
  photo: ImageRef | null;
}

export interface PublicationTag {
  id: number;
  name: string;
  url: string;
}

/** com_data of an article or recipe page (getPublicationPage on the server). */
export interface PublicationData {
  id: number;
  title: string;
  url: string;
  excerpt: string;
  html: string;
  image: ImageRef | null;
  published_at: string;
  /** The last edit (never before publication). */
  updated_at: string;
  author: PublicationAuthor | null;
  razdel: { id: number; name: string; url: string } | null;
  tags: PublicationTag[];
  avg_rating: number;
  votes_count: number;
  comments_count: number;
}

export const MINUTE_FORMS: PluralForms = ['минута', 'минуты', 'минут'];
export const COMMENT_FORMS: PluralForms = ['комментарий', 'комментария', 'комментариев'];

/** Words a reader gets through in a minute of unhurried reading of a Russian text. */
const WORDS_PER_MINUTE = 180;

/** Whole minutes to read a rich text, at least one. */
export function estimateReadingMinutes(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .trim();
  const words = text ? text.split(/\s+/).filter((word) => /[\p{L}\p{Nd}]/u.test(word)).length : 0;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

export function formatReadingTime(minutes: number): string {
  return `${formatCount(minutes, MINUTE_FORMS)} чтения`;
}

export function formatComments(count: number): string {
  return count > 0 ? formatCount(count, COMMENT_FORMS) : 'Комментариев пока нет';
}

export function absoluteImageUrl(origin: string, image: ImageRef | null): string | undefined {
  return image ? `${origin}${imageUrl(image)}` : undefined;
}

/** The trail of a publication page: its listing, its section, and the page itself as text. */
export function publicationCrumbs(page: PageInfo, title: string): Crumb[] {
  return [...page.breadcrumbs, { name: title }];
}

function authorJsonLd(origin: string, author: PublicationAuthor | null) {
  if (!author) return { '@type': 'Organization', name: SHOP.name, url: `${origin}/` };
  return {
    '@type': 'Person',
    name: author.name,
    url: `${origin}${author.url}`,
    ...(author.position ? { jobTitle: author.position } : {}),
  };
}

export function buildArticleJsonLd(origin: string, article: PublicationData) {
  const image = absoluteImageUrl(origin, article.image);
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.excerpt || undefined,
    datePublished: article.published_at,
    dateModified: article.updated_at,
    mainEntityOfPage: `${origin}${article.url}`,
    ...(image ? { image: [image] } : {}),
    author: authorJsonLd(origin, article.author),
    publisher: {
      '@type': 'Organization',
      name: SHOP.name,
      url: `${origin}/`,
      logo: { '@type': 'ImageObject', url: `${origin}/favicon.svg` },
    },
    ...(article.votes_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: article.avg_rating,
            ratingCount: article.votes_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** The anchor of an author's card on /authors: the part after «#» of the author's address. */
export function authorAnchor(author: { id: number; url: string }): string {
  const hash = author.url.split('#')[1];
  return hash ? decodeURIComponent(hash) : `author-${author.id}`;
}

export function PublicationMeta({
  data,
  page,
  readingMinutes,
  reviews,
}: {
  data: PublicationData;
  page: PageInfo;
  readingMinutes?: number;
  reviews?: ReviewSlots | undefined;
}) {
  return (
    <div className="pub-meta">
      {data.author && (
        <p className="pub-meta__author">
          <Link to={data.author.url}>{data.author.name}</Link>
          {data.author.position && <span className="pub-meta__position">{data.author.position}</span>}
        </p>
      )}
      <ul className="pub-meta__facts">
        <li>
          <time dateTime={data.published_at}>{formatDateLong(data.published_at)}</time>
        </li>
        {readingMinutes !== undefined && <li>{formatReadingTime(readingMinutes)}</li>}
        <li>{reviews?.stars ?? <RatingStars rating={page.avg_rating} votes={page.votes_count} />}</li>
        <li>{reviews?.count ?? formatComments(data.comments_count)}</li>
      </ul>
    </div>
  );
}

/** Tags lead to the list filtered by that tag: the filter lives in a cookie, so the click sets it first. */
export function TagChips({ tags, kind }: { tags: PublicationTag[]; kind: 'article' | 'recept' }) {
  if (tags.length === 0) return null;
  const listUrl = kind === 'article' ? '/articles-new.html' : '/recept.html';
  const choose = (tagId: number) => {
    const sort = readListSort(kind, parseCookies(document.cookie));
    saveListPreferences(kind, { sort, filter: { authors: [], date: DEFAULT_DATE_PERIOD, tags: [tagId] } });
  };
  return (
    <div className="pub-tags">
      <h2 className="visually-hidden">Темы</h2>
      <ul className="pub-chips">
        {tags.map((tag) => (
          <li key={tag.id}>
            <Link
              to={listUrl}
              className="pub-chip"
              onClick={() => choose(tag.id)}
              title={kind === 'article' ? 'Все статьи на эту тему' : 'Все рецепты на эту тему'}
            >
              {tag.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The bio comes from the start-up list of authors; the page data carries only the name and position. */
export function AuthorBox({ author }: { author: PublicationAuthor | null }) {
  const authors = useAppState((state) => state.critical.authors);
  if (!author) return null;
  const bio = authors.find((item) => item.id === author.id)?.bio ?? '';
  return (
    <aside className="author-box" aria-labelledby="author-box-name">
      <Picture
        image={author.photo}
        alt={author.name}
        width={400}
        height={400}
        className="author-box__photo"
        sizes="96px"
      />
      <div className="author-box__body">
        <p className="author-box__kicker">Об авторе</p>
        <p id="author-box-name" className="author-box__name">
          <Link to={author.url}>{author.name}</Link>
        </p>
        {author.position && <p className="author-box__position">{author.position}</p>}
        {bio && <RichText html={bio} className="author-box__bio" />}
      </div>
    </aside>
  );
}

export function ArticlePage({ data, reviews }: { data: RouteResponse; reviews?: ReviewSlots }) {
  const { origin } = useAppContext();
  const { page } = data;
  const article = page.com_data as PublicationData;
  const crumbs = publicationCrumbs(page, article.title);
  return (
    <div className="container page publication-page">
      <Breadcrumbs items={crumbs} />
      <JsonLd data={buildArticleJsonLd(origin, article)} />
      <article className="publication">
        <header className="publication__head">
          {article.razdel && (
            <Link to={article.razdel.url} className="publication__razdel">
              {article.razdel.name}
            </Link>
          )}
          <h1>{article.title}</h1>
          <PublicationMeta
            data={article}
            page={page}
            readingMinutes={estimateReadingMinutes(article.html)}
            reviews={reviews}
          />
          <div className="publication__actions">
            <FavoriteButton type="menu" id={article.id} />
          </div>
        </header>
        <Picture
          image={article.image}
          alt={article.title}
          width={1200}
          height={675}
          className="publication__cover"
          preload
          sizes="(min-width: 880px) 820px, 100vw"
        />
        {article.excerpt && <p className="publication__lead">{article.excerpt}</p>}
        <RichText html={article.html} className="publication__body" />
        <TagChips tags={article.tags} kind="article" />
        <AuthorBox author={article.author} />
        {reviews?.vote}
      </article>
      {reviews?.comments}
    </div>
  );
}
