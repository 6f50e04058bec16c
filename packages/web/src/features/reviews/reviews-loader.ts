// The data and head tags of /reviews, apart from the page component (kept out of the browser's entry chunk).
import { formatCount, REVIEW_FORMS } from '@efir/domain/plural';
import type { ReviewsAnswer } from '@efir/domain/reviews-wire';
import { SHOP } from '@efir/domain/shop-info';
import type { AppContextValue } from '../../lib/app-context.tsx';
import { HttpError } from '../../lib/http-client.ts';
import { loadPageData } from '../../lib/page-loader.ts';
import type { PageMeta } from '../../lib/page-meta.ts';
import type { LoaderFunctionArgs } from '../../lib/router/router.ts';
import { fetchReviews } from './reviews-api.ts';

export type ReviewsPageData = ReviewsAnswer;

export const REVIEWS_TITLE = 'Отзывы о магазине';

/** ?page=N, 1 for anything that is not a page number. */
export function readReviewsPage(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
}

export function createReviewsLoader(context: AppContextValue) {
  return ({ request }: LoaderFunctionArgs) =>
    loadPageData(context, request, async () => {
      const answer = await fetchReviews(context.api, readReviewsPage(new URL(request.url)));
      // A page past the last one is no page: 404 rather than an empty list answering 200.
      if (answer.pagination.page > answer.pagination.pages) {
        throw new HttpError({ status: 404 }, 'reviews: no such page');
      }
      return answer;
    });
}

export function getReviewsMeta(data: unknown): PageMeta {
  const reviews = data as ReviewsPageData | undefined;
  const description =
    reviews && reviews.count > 0
      ? `Что покупатели говорят о магазине эфирных масел «${SHOP.name}»: средняя оценка ${reviews.average.toLocaleString('ru-RU')} из 5, ${formatCount(reviews.count, REVIEW_FORMS)}. Поделитесь и своим впечатлением.`
      : `Отзывы покупателей о магазине эфирных масел «${SHOP.name}». Поделитесь своим впечатлением первым.`;
  return {
    title: 'Отзывы покупателей о магазине эфирных масел',
    description,
    page: reviews?.pagination.page,
  };
}

/** /add-review: the form of the page itself is in add-review-page.tsx. */
export const ADD_REVIEW_TITLE = 'Написать отзыв';

export function getAddReviewMeta(): PageMeta {
  return {
    title: ADD_REVIEW_TITLE,
    description: 'Расскажите, как вам магазин эфирных масел «Эфир»: заказ, доставка, качество масел.',
    noindex: true,
  };
}
