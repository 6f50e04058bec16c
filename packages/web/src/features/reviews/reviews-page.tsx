// /reviews and /reviews.html (spec §2): published shop reviews newest first, page by page, with the average score,
// a link to /add-review. No rating markup: the shop's own reviews of itself are self-serving for search engines.
import { formatDateLong } from '@efir/domain/dates';
import { formatCount } from '@efir/domain/plural';
import { REVIEW_FORMS } from '@efir/domain/reviews-schemas';
import type { ReviewWire } from '@efir/domain/reviews-wire';
import { useLocation } from 'react-router';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { RatingStars } from '../../components/ui/rating-stars.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { Link } from '../../lib/router/link.tsx';
import { useLoaderData } from '../../lib/router/router-view.tsx';
import './reviews.css';
import { REVIEWS_TITLE, type ReviewsPageData } from './reviews-loader.ts';
import { ShopReply } from './shop-reply.tsx';

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
      <ShopReply reply={review.reply} />
    </article>
  );
}

export function ReviewsPage() {
  const data = useLoaderData() as ReviewsPageData;
  const { pathname } = useLocation();
  return (
    <div className="container page reviews-page">
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
