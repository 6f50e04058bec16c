// Answers of the reviews, votes and comments calls (spec §7), and of their moderation in the back office: zod
// schemas the server names as its routes' `response` and the web takes its types from. docs/decisions/031.
import { paginationSchema } from './catalog-wire.ts';
import {
  commentThreadSchema,
  commentWireSchema,
  shopReplySchema,
  VOTE_MESSAGES,
  VOTE_TYPES,
} from './reviews-schemas.ts';
import { z } from './zod-ru.ts';

export const reviewWireSchema = z.object({
  id: z.int(),
  name: z.string(),
  rating: z.int(),
  /** Sanitised rich text. */
  html: z.string(),
  created_at: z.string(),
  reply: shopReplySchema.nullable(),
});
export type ReviewWire = z.infer<typeof reviewWireSchema>;

/** POST /api/v1/reviews. */
export const reviewsAnswerSchema = z.object({
  items: z.array(reviewWireSchema),
  pagination: paginationSchema,
  /** Mean of all published reviews, one decimal; 0 without reviews. */
  average: z.number(),
  /** Published reviews in all. */
  count: z.int(),
});
export type ReviewsAnswer = z.infer<typeof reviewsAnswerSchema>;

/** POST /api/v1/review. */
export const reviewAnswerSchema = z.object({ status: z.literal('ok'), message: z.string() });
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;

export const voteResultSchema = z.object({
  /** One decimal. */
  avg_rating: z.number(),
  votes_count: z.int(),
  /** The caller's own vote, 0 when none. */
  userRating: z.int(),
});

/** PUT /v1/user/vote/{type} and GET /v1/user/vote/{type}/{id}. */
export const voteAnswerSchema = z.object({
  message: z.enum([VOTE_MESSAGES.product, VOTE_MESSAGES.recept, VOTE_MESSAGES.article]),
  resp: voteResultSchema,
});
export type VoteAnswer = z.infer<typeof voteAnswerSchema>;

/** POST /v1/user/comment. */
export const commentAnswerSchema = z.object({
  message: z.literal('comment'),
  comment: commentWireSchema,
  /** The page's comment count after this one. */
  comments_count: z.int(),
});
export type CommentAnswer = z.infer<typeof commentAnswerSchema>;

/** POST /api/v1/comments. */
export const commentsAnswerSchema = z.object({
  /** Top-level comments, newest first. */
  items: z.array(commentThreadSchema),
  pagination: paginationSchema,
  /** Published comments of the page, replies included (the page's comments_count). */
  count: z.int(),
});
export type CommentsAnswer = z.infer<typeof commentsAnswerSchema>;

// The back office's moderation (paths under /api/v1/admin).

export const adminReviewSchema = reviewWireSchema.extend({
  user_id: z.int().nullable(),
  status: z.enum(['pending', 'published', 'rejected']),
  moderated_at: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminCommentSchema = z.object({
  id: z.int(),
  /** The page the comment is on: product, recipe or article, with its title and address. */
  page: z.object({ type: z.enum(VOTE_TYPES), id: z.int(), title: z.string(), url: z.string().nullable() }),
  /** The top comment this one answers, when it is a reply. */
  parent_id: z.int().nullable(),
  user: z.object({ id: z.int(), name: z.string() }),
  html: z.string(),
  reply: shopReplySchema.nullable(),
  status: z.enum(['published', 'rejected']),
  /** A published comment no moderator has looked at yet. */
  unchecked: z.boolean(),
  created_at: z.string(),
  moderated_at: z.string().nullable(),
});
export type AdminComment = z.infer<typeof adminCommentSchema>;

/** GET /api/v1/admin/moderation/summary: the count badges of the moderation tabs. */
export const moderationSummarySchema = z.object({ reviews: z.int(), comments: z.int(), questions: z.int() });
export type ModerationSummary = z.infer<typeof moderationSummarySchema>;

/** GET /api/v1/admin/reviews. */
export const adminReviewsAnswerSchema = z.object({
  items: z.array(adminReviewSchema),
  pagination: paginationSchema,
});

/** PUT /api/v1/admin/reviews/{id}. */
export const adminReviewDecidedSchema = z.object({ review: adminReviewSchema });

/** GET /api/v1/admin/comments. */
export const adminCommentsAnswerSchema = z.object({
  items: z.array(adminCommentSchema),
  pagination: paginationSchema,
});

/** PUT /api/v1/admin/comments/{id}: the decision and the page's comment count after it. */
export const adminCommentDecidedSchema = z.object({
  comment: z.object({ id: z.int(), status: z.enum(['published', 'rejected']), comments_count: z.int() }),
});

/** PUT /api/v1/admin/reviews/{id}/reply and /comments/{id}/reply: the answer as stored (null: removed). */
export const shopReplyAnswerSchema = z.object({ id: z.int(), reply: shopReplySchema.nullable() });
