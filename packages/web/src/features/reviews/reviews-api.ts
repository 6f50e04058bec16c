// The calls of reviews, votes and comments (spec §7), typed by the shared wire schemas.
import type { CommentForm, VoteType } from '@efir/domain/reviews-schemas';
import type {
  CommentAnswer,
  CommentsAnswer,
  ReviewAnswer,
  ReviewsAnswer,
  VoteAnswer,
} from '@efir/domain/reviews-wire';
import type { HttpClient } from '../../lib/http-client.ts';

export function fetchReviews(api: HttpClient, page: number): Promise<ReviewsAnswer> {
  return api.post<ReviewsAnswer>('/api/v1/reviews', { body: { page }, suppressErrors: true });
}

export function sendReview(
  api: HttpClient,
  form: { name: string; rating: number; text: string; website: string },
): Promise<ReviewAnswer> {
  return api.post<ReviewAnswer>('/api/v1/review', { body: form });
}

export function sendVote(api: HttpClient, type: VoteType, id: number, rating: number): Promise<VoteAnswer> {
  return api.put<VoteAnswer>(`/v1/user/vote/${type}`, { body: { rating, id } });
}

/** The visitor's own vote (the shared page data cannot carry it); failures stay quiet. */
export function fetchOwnVote(
  api: HttpClient,
  type: VoteType,
  id: number,
  signal?: AbortSignal,
): Promise<VoteAnswer> {
  return api.get<VoteAnswer>(`/v1/user/vote/${type}/${id}`, {
    suppressErrors: true,
    ...(signal ? { signal } : {}),
  });
}

export function sendComment(
  api: HttpClient,
  form: { type: VoteType; id: number; text: string; parent_id?: number | null | undefined },
): Promise<CommentAnswer> {
  return api.post<CommentAnswer>('/v1/user/comment', { body: form satisfies CommentForm });
}

export function fetchComments(
  api: HttpClient,
  query: { type: VoteType; id: number; page: number },
  signal?: AbortSignal,
): Promise<CommentsAnswer> {
  return api.post<CommentsAnswer>('/api/v1/comments', {
    body: query,
    suppressErrors: true,
    ...(signal ? { signal } : {}),
  });
}
