// The rating and comment pieces of a product, recipe or article page, built from its page data. `app/` hands them
// to the page components (features do not import each other), which place them where they belong.
import type { RouteResponse } from '@efir/domain/catalog-wire';
import { REVIEW_FORMS, type VoteType } from '@efir/domain/reviews-schemas';
import type { ReactNode } from 'react';
import { CommentCount, CommentsSection } from './comments-section.tsx';
import { LiveRatingStars, RatingVote } from './rating-vote.tsx';

export interface ReviewSlots {
  /** The average as stars, for the page header; follows votes made on the page. */
  stars: ReactNode;
  /** The average, the count and the five stars to vote with. */
  vote: ReactNode;
  /** «3 отзыва» / «3 комментария», following comments posted on the page. */
  count: ReactNode;
  /** The comment threads with the form. */
  comments: ReactNode;
}

export function createReviewSlots(type: VoteType, data: RouteResponse): ReviewSlots {
  const entity = data.page.com_data as { id: number; comments_count?: number };
  const rating = {
    type,
    id: entity.id,
    avgRating: data.page.avg_rating,
    votesCount: data.page.votes_count,
  };
  const commentsCount = entity.comments_count ?? 0;
  // A product's comments are its customers' reviews; on recipes and articles they are comments.
  const isProduct = type === 'product';
  return {
    stars: <LiveRatingStars {...rating} />,
    vote: <RatingVote {...rating} />,
    count: (
      <CommentCount
        type={type}
        id={entity.id}
        count={commentsCount}
        {...(isProduct ? { forms: REVIEW_FORMS, empty: 'Отзывов пока нет' } : {})}
      />
    ),
    comments: (
      <CommentsSection
        key={`${type}:${entity.id}`}
        type={type}
        id={entity.id}
        count={commentsCount}
        title={isProduct ? 'Отзывы покупателей' : 'Комментарии'}
        formLabel={isProduct ? 'Ваш отзыв' : 'Ваш комментарий'}
      />
    ),
  };
}
