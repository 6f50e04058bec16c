// Shop reviews with moderation, one rating vote per user per page, and one-level comment threads (spec §4, §7).
import type { Pagination } from '@efir/domain/catalog-wire';
import type { ShopReply } from '@efir/domain/reviews-schemas';
import {
  COMMENT_LIMIT,
  COMMENTS_PER_PAGE,
  type CommentWire,
  REVIEW_LIMITS,
  REVIEW_THANKS,
  REVIEWS_PER_PAGE,
  VOTE_LIMIT,
  VOTE_MESSAGES,
  type VoteType,
} from '@efir/domain/reviews-schemas';
import type {
  CommentAnswer,
  CommentsAnswer,
  ReviewAnswer,
  ReviewsAnswer,
  ReviewWire,
  VoteAnswer,
} from '@efir/domain/reviews-wire';
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import type { Database } from '../../db/client.ts';
import { AppError, invalidData, notFound } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import {
  type CommentWithAuthor,
  type Executor,
  findComment,
  findCommentWithAuthor,
  findItemStats,
  findPublishedReviews,
  findReplies,
  findTopComments,
  findVoteRating,
  insertComment,
  insertReview,
  lockItem,
  type ReviewRow,
  recountComments,
  recountVotes,
  summarisePublishedReviews,
  updateCommentStatus,
  updateReviewStatus,
  upsertVote,
} from './reviews.repo.ts';

/** Whatever must forget cached page data after a change (the content service). */
export interface CacheInvalidator {
  invalidate(): void;
}

const ITEM_MISSING: Record<VoteType, string> = {
  product: 'Такого товара нет в каталоге',
  recept: 'Такого рецепта нет',
  article: 'Такой статьи нет',
};

function tooManyAttempts(): AppError {
  return new AppError(429, 'Too Many Attempts.');
}

function roundRating(value: number): number {
  return Math.round(value * 10) / 10;
}

function paginate(page: number, perPage: number, total: number): Pagination {
  return { page, pages: Math.max(1, Math.ceil(total / perPage)), total, per_page: perPage };
}

// Shop reviews.

function toReviewWire(row: ReviewRow): ReviewWire {
  return {
    id: row.id,
    name: row.name,
    rating: row.rating,
    // Stored sanitised; sanitised again on the way out, so a row written by any other path is safe too.
    html: sanitizeHtml(row.html),
    created_at: row.createdAt.toISOString(),
    reply: toShopReply(row),
  };
}

/** The shop's answer as the wire carries it: sanitised again on the way out, like the text it answers. */
export function toShopReply(row: { replyHtml: string | null; repliedAt: Date | null }): ShopReply | null {
  if (!row.replyHtml || !row.repliedAt) return null;
  return { html: sanitizeHtml(row.replyHtml), created_at: row.repliedAt.toISOString() };
}

export async function listReviews(db: Database, page: number): Promise<ReviewsAnswer> {
  const [rows, summary] = await Promise.all([
    findPublishedReviews(db, { limit: REVIEWS_PER_PAGE, offset: (page - 1) * REVIEWS_PER_PAGE }),
    summarisePublishedReviews(db),
  ]);
  return {
    items: rows.map(toReviewWire),
    pagination: paginate(page, REVIEWS_PER_PAGE, summary.count),
    average: roundRating(summary.average),
    count: summary.count,
  };
}

export interface ReviewInput {
  name: string;
  rating: number;
  /** Already sanitised by the schema. */
  text: string;
  website: string;
}

export async function submitReview(
  deps: { db: Database; limiter: RateLimiter; autopublish: boolean },
  input: ReviewInput,
  author: { ip: string; userId: number | null },
): Promise<ReviewAnswer> {
  const { perIp, perUser } = REVIEW_LIMITS;
  if (!(await deps.limiter.hit(`review:ip:${author.ip}`, perIp.limit, perIp.windowMs)))
    throw tooManyAttempts();
  if (
    author.userId !== null &&
    !(await deps.limiter.hit(`review:user:${author.userId}`, perUser.limit, perUser.windowMs))
  ) {
    throw tooManyAttempts();
  }
  // A filled honeypot is a robot: it gets the very answer a person gets, and nothing is kept.
  if (input.website.trim() === '') {
    await insertReview(deps.db, {
      userId: author.userId,
      name: input.name,
      rating: input.rating,
      html: sanitizeHtml(input.text),
      status: deps.autopublish ? 'published' : 'pending',
    });
  }
  return { status: 'ok', message: REVIEW_THANKS };
}

/** For the back office: a published review shows on /reviews, a rejected one never does. */
export async function moderateReview(
  db: Database,
  id: number,
  status: 'published' | 'rejected',
): Promise<ReviewWire> {
  const row = await updateReviewStatus(db, id, status);
  if (!row) throw notFound();
  return toReviewWire(row);
}

// Votes.

/** The user's own vote on a page, 0 when none. */
export async function findUserRating(
  db: Database,
  userId: number,
  type: VoteType,
  id: number,
): Promise<number> {
  return (await findVoteRating(db, userId, type, id)) ?? 0;
}

export async function getVote(db: Database, userId: number, type: VoteType, id: number): Promise<VoteAnswer> {
  const [stats, userRating] = await Promise.all([
    findItemStats(db, type, id),
    findUserRating(db, userId, type, id),
  ]);
  if (!stats) throw notFound();
  return {
    message: VOTE_MESSAGES[type],
    resp: { avg_rating: roundRating(stats.avgRating), votes_count: stats.votesCount, userRating },
  };
}

export async function castVote(
  deps: { db: Database; limiter: RateLimiter; content: CacheInvalidator },
  userId: number,
  type: VoteType,
  input: { id: number; rating: number },
): Promise<VoteAnswer> {
  if (!(await deps.limiter.hit(`vote:user:${userId}`, VOTE_LIMIT.limit, VOTE_LIMIT.windowMs))) {
    throw tooManyAttempts();
  }
  const totals = await deps.db.transaction(async (tx) => {
    // The page row is locked first, so concurrent votes are counted one after another and none is lost.
    if (!(await lockItem(tx, type, input.id))) throw invalidData({ id: [ITEM_MISSING[type]] });
    await upsertVote(tx, { itemType: type, itemId: input.id, userId, rating: input.rating });
    return recountVotes(tx, type, input.id);
  });
  deps.content.invalidate();
  return {
    message: VOTE_MESSAGES[type],
    resp: { avg_rating: roundRating(totals.average), votes_count: totals.count, userRating: input.rating },
  };
}

// Comments.

function toCommentWire(row: CommentWithAuthor): CommentWire {
  return {
    id: row.id,
    parent_id: row.parentId,
    user: {
      id: row.userId,
      name: row.userName ?? 'Покупатель',
      avatar: { type: row.avatarType ?? 'other', photo: row.avatarPhoto },
    },
    html: sanitizeHtml(row.html),
    created_at: row.createdAt.toISOString(),
    reply: toShopReply(row),
  };
}

export interface CommentInput {
  type: VoteType;
  id: number;
  /** Already sanitised by the schema. */
  text: string;
  parent_id?: number | null | undefined;
}

/** The top comment a reply belongs to, or a field error when there is nothing to answer on this page. */
async function resolveThread(tx: Executor, input: CommentInput): Promise<number | null> {
  if (!input.parent_id) return null;
  const parent = await findComment(tx, input.parent_id);
  const missing = invalidData({ parent_id: ['Комментарий, на который вы отвечаете, не найден'] });
  if (!parent || parent.itemType !== input.type || parent.itemId !== input.id) throw missing;
  if (parent.status !== 'published') throw missing;
  if (parent.parentId === null) return parent.id;
  // A reply to a reply joins the top comment's thread: one level only.
  const top = await findComment(tx, parent.parentId);
  if (top?.status !== 'published') throw missing;
  return top.id;
}

export async function addComment(
  deps: { db: Database; limiter: RateLimiter; content: CacheInvalidator },
  userId: number,
  input: CommentInput,
): Promise<CommentAnswer> {
  if (!(await deps.limiter.hit(`comment:user:${userId}`, COMMENT_LIMIT.limit, COMMENT_LIMIT.windowMs))) {
    throw tooManyAttempts();
  }
  const { id, total } = await deps.db.transaction(async (tx) => {
    if (!(await lockItem(tx, input.type, input.id))) throw invalidData({ id: [ITEM_MISSING[input.type]] });
    const parentId = await resolveThread(tx, input);
    const row = await insertComment(tx, {
      itemType: input.type,
      itemId: input.id,
      parentId,
      userId,
      html: sanitizeHtml(input.text),
    });
    return { id: row.id, total: await recountComments(tx, input.type, input.id) };
  });
  deps.content.invalidate();
  const saved = await findCommentWithAuthor(deps.db, id);
  return { message: 'comment', comment: toCommentWire(saved!), comments_count: total };
}

/**
 * One page of a page's comment threads, newest first, each with its replies; the caller has made sure the page
 * exists (POST /api/v1/comments checks it, the page data found it by its url). `commentsCount`, the page's
 * comments_count when the caller has it: without any comment there is nothing to read.
 */
export async function listCommentThreads(
  db: Database,
  type: VoteType,
  id: number,
  page: number,
  commentsCount?: number,
): Promise<Pick<CommentsAnswer, 'items' | 'pagination'>> {
  if (commentsCount === 0) return { items: [], pagination: paginate(page, COMMENTS_PER_PAGE, 0) };
  const { rows, total } = await findTopComments(db, type, id, {
    limit: COMMENTS_PER_PAGE,
    offset: (page - 1) * COMMENTS_PER_PAGE,
  });
  const replies = await findReplies(
    db,
    rows.map((row) => row.id),
  );
  const byParent = new Map<number, CommentWire[]>();
  for (const reply of replies) {
    const list = byParent.get(reply.parentId!) ?? [];
    list.push(toCommentWire(reply));
    byParent.set(reply.parentId!, list);
  }
  return {
    items: rows.map((row) => ({ ...toCommentWire(row), replies: byParent.get(row.id) ?? [] })),
    pagination: paginate(page, COMMENTS_PER_PAGE, total),
  };
}

export async function listComments(
  db: Database,
  query: { type: VoteType; id: number; page: number },
): Promise<CommentsAnswer> {
  const stats = await findItemStats(db, query.type, query.id);
  if (!stats) throw notFound();
  const threads = await listCommentThreads(db, query.type, query.id, query.page);
  return { ...threads, count: stats.commentsCount };
}

/** For the back office: a rejected comment (and with it, its replies) leaves the page and its count. */
export async function moderateComment(
  db: Database,
  id: number,
  status: 'published' | 'rejected',
  content?: CacheInvalidator,
): Promise<{ id: number; status: 'published' | 'rejected'; comments_count: number }> {
  const result = await db.transaction(async (tx) => {
    const existing = await findComment(tx, id);
    if (!existing) throw notFound();
    await lockItem(tx, existing.itemType, existing.itemId);
    await updateCommentStatus(tx, id, status);
    return { id, status, comments_count: await recountComments(tx, existing.itemType, existing.itemId) };
  });
  content?.invalidate();
  return result;
}
