// /reviews and /reviews.html (spec §2): published shop reviews newest first, page by page, with the average score,
// a link to /add-review, and schema.org Organization with its AggregateRating and Reviews.
import { formatDateLong } from '@efir/domain/dates';
import { formatCount } from '@efir/domain/plural';
import { REVIEW_FORMS, type ReviewWire } from '@efir/domain/reviews-schemas';
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import { SHOP } from '@efir/domain/shop-info';
import { useLocation } from 'react-router';
import { useAppContext } from '../../app/app-context.tsx';
import { Link } from '../../app/router/link.tsx';
import { useLoaderData } from '../../app/router/router-view.tsx';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { JsonLd } from '../../components/ui/json-ld.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { RatingStars } from '../../components/ui/rating-stars.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import './reviews.css';
import { REVIEWS_TITLE, type ReviewsPageData } from './reviews-loader.ts';

export {
  createReviewsLoader,
  getReviewsMeta,
  REVIEWS_TITLE,
  type ReviewsPageData,
  readReviewsPage,
} from './reviews-loader.ts';

/** «4,8 из 5 · 21 отзыв». */
export function describeReviewTotals(average: number, count: number): string {
  if (count === 0) return 'Отзывов пока нет';
  return `${average.toLocaleString('ru-RU')} из 5 · ${formatCount(count, REVIEW_FORMS)}`;
}

/** Rich text as the plain text a search engine wants in reviewBody. */
export function toPlainText(html: string): string {
  return sanitizeHtml(html)
    .replace(/<(br|\/p|\/li|\/h[1-6]|\/div)>/g, '$& ')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export function buildReviewsJsonLd(origin: string, data: ReviewsPageData): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SHOP.name,
    url: `${origin}/`,
    email: SHOP.email,
    telephone: SHOP.phones.map((phone) => phone.href.replace(/^tel:/, '')),
    // Search engines reject a rating nobody gave.
    ...(data.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: data.average,
            reviewCount: data.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(data.items.length > 0
      ? {
          review: data.items.map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.name },
            datePublished: review.created_at.slice(0, 10),
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
            reviewBody: toPlainText(review.html),
          })),
        }
      : {}),
  };
}

function ReviewItem({ review }: { review: ReviewWire }) {
  return (
    <article className="review">
      <header className="review__head">
        <span className="review__author">{review.name}</span>
        <span className="rating rating--compact" role="img" aria-label={`Оценка ${review.rating} из 5`}>
          <span className="rating__stars" aria-hidden="true">
            <span className="rating__fill" style={{ width: `${(review.rating / 5) * 100}%` }} />
          </span>
        </span>
        <time className="review__date" dateTime={review.created_at}>
          {formatDateLong(review.created_at)}
        </time>
      </header>
      <RichText html={review.html} className="review__text" />
    </article>
  );
}

export function ReviewsPage() {
  const data = useLoaderData() as ReviewsPageData;
  const { origin } = useAppContext();
  const { pathname } = useLocation();
  return (
    <div className="container page reviews-page">
      <JsonLd data={buildReviewsJsonLd(origin, data)} />
      <Breadcrumbs items={[{ name: 'Отзывы' }]} />
      <header className="reviews-page__head">
        <h1>{REVIEWS_TITLE}</h1>
        <Link to="/add-review" className="button">
          Написать отзыв
        </Link>
      </header>

      <section className="reviews-summary" aria-label="Средняя оценка">
        {data.count > 0 ? (
          <>
            <span className="reviews-summary__score">{data.average.toLocaleString('ru-RU')}</span>
            <RatingStars rating={data.average} votes={data.count} compact />
            <span className="reviews-summary__text">{describeReviewTotals(data.average, data.count)}</span>
          </>
        ) : (
          <span className="reviews-summary__text">
            Отзывов пока нет — <Link to="/add-review">напишите первый</Link>.
          </span>
        )}
      </section>

      {data.items.length > 0 ? (
        <ol className="reviews-list">
          {data.items.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} />
            </li>
          ))}
        </ol>
      ) : (
        data.count > 0 && (
          <p className="muted">
            На этой странице отзывов нет. <Link to={pathname}>К первой странице</Link>
          </p>
        )
      )}
      <Pagination pagination={data.pagination} />
    </div>
  );
}
