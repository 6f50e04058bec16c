// The rating and comment pieces of a product, recipe or article page, built from its page data. `app/` hands them
// to the page components (features do not import each other), which place them where they belong.
import type { RouteResponse } from '@efir/domain/page-wire';
import { REVIEW_FORMS } from '@efir/domain/plural';
import type { VoteType } from '@efir/domain/reviews-schemas';
import { type ComponentProps, lazy, memo, Suspense } from 'react';
import { heldBackImport, LoadWhenShown, whenNearScreen } from '../../lib/deferred-code.ts';
import type { ReviewSlots } from '../../lib/page-slots.ts';
import { COMMENTS_SECTION_ID, CommentCount } from './comment-count.tsx';
import type { CommentsSection as CommentsSectionType } from './comments-section.tsx';
import { RatingSummary, RatingVote } from './rating-vote.tsx';
// The comments' form editor is server-rendered with the comments: its look must be there before its code.
import '../../components/rich-text-editor/rich-text-editor.css';

// The comments (their form, its schema and the editor) are not needed to show the page: the server renders them,
// and the browser keeps that HTML until their code arrives, then hydrates them. On a server-rendered page the code
// loads when the section comes near the screen or at the first interaction (lib/deferred-code.ts). memo: an update
// from above must not reach the boundary before it hydrated (React would then drop the server HTML for the
// fallback).
const commentsCode = heldBackImport(
  () => import('./comments-section.tsx'),
  () => whenNearScreen(document.getElementById(COMMENTS_SECTION_ID)),
);
const LazyCommentsSection = lazy(() =>
  commentsCode.load().then((module) => ({ default: module.CommentsSection })),
);
const CommentsSection = memo(function DeferredCommentsSection(
  props: ComponentProps<typeof CommentsSectionType>,
) {
  return (
    <Suspense fallback={<LoadWhenShown code={commentsCode} />}>
      <LazyCommentsSection {...props} />
    </Suspense>
  );
});

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
    stars: <RatingSummary {...rating} />,
    vote: <RatingVote {...rating} userRating={data.page.userRating} />,
    voteButtons: <RatingVote {...rating} userRating={data.page.userRating} summary={false} />,
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
        // Taken from the page data as they are (the same objects each render), so the memo above holds.
        firstThreads={data.page.comments}
        firstPagination={data.page.comments_pagination}
        title={isProduct ? 'Отзывы покупателей' : 'Комментарии'}
        formLabel={isProduct ? 'Ваш отзыв' : 'Ваш комментарий'}
      />
    ),
  };
}
