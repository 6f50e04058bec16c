// The back office's moderation of shop reviews and page comments (issue 9): queues by status, publish / reject
// decisions written to the audit log in the same transaction, and the public caches dropped after each decision
// (the /reviews average and a page's comment count are worked out from the published rows only).

import { idField } from '@efir/domain/account-schemas';
import type { Pagination } from '@efir/domain/catalog-wire';
import { pageField } from '@efir/domain/reviews-schemas';
import {
  type AdminComment,
  type AdminReview,
  adminCommentDecidedSchema,
  adminCommentsAnswerSchema,
  adminReviewDecidedSchema,
  adminReviewsAnswerSchema,
  type ModerationSummary,
  moderationSummarySchema,
} from '@efir/domain/reviews-wire';
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import { z } from '@efir/domain/zod-ru';
import { and, asc, type Column, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moderatorId } from '../../back-office/admin.routes.ts';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { users } from '../account/account.table.ts';
import { countUnansweredQuestions } from '../account/questions-admin.ts';
import { products } from '../catalog/catalog.table.ts';
import { articles, recipes } from '../content/content.table.ts';
import { findComment, type ReviewRow } from './reviews.repo.ts';
import { type CacheInvalidator, moderateComment, moderateReview, toShopReply } from './reviews.service.ts';
import { comments, shopReviews } from './reviews.table.ts';
import { replyAdminRoutes } from './shop-replies.ts';

export const MODERATION_PAGE_SIZE = 20;

/**
 * Reviews wait for a moderator ('pending'); comments show at once, so their queue holds the published comments no
 * moderator has looked at yet ('pending' here), apart from the ones a moderator kept ('published') or took down.
 */
export const MODERATION_STATUSES = ['pending', 'published', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

const DECISION_MESSAGE = 'Выберите решение: опубликовать или отклонить';

const listQuery = z.strictObject({
  status: z
    .enum(MODERATION_STATUSES, 'Неизвестный статус: pending, published или rejected')
    .default('pending'),
  page: pageField.default(1),
});
const idParams = z.strictObject({ id: idField });
const decisionBody = z.strictObject({
  status: z.enum(['published', 'rejected'], DECISION_MESSAGE),
});

function paginate(page: number, total: number): Pagination {
  return {
    page,
    pages: Math.max(1, Math.ceil(total / MODERATION_PAGE_SIZE)),
    total,
    per_page: MODERATION_PAGE_SIZE,
  };
}

function toAdminReview(row: ReviewRow): AdminReview {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    rating: row.rating,
    html: sanitizeHtml(row.html),
    reply: toShopReply(row),
    status: row.status,
    created_at: row.createdAt.toISOString(),
    moderated_at: row.moderatedAt?.toISOString() ?? null,
  };
}

// Reviews.

export async function listReviewsForModeration(db: Database, status: ModerationStatus, page: number) {
  const where = eq(shopReviews.status, status);
  // The queue is worked oldest first; decided reviews read newest first.
  const order =
    status === 'pending'
      ? [asc(shopReviews.createdAt), asc(shopReviews.id)]
      : [desc(shopReviews.moderatedAt), desc(shopReviews.id)];
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(shopReviews)
      .where(where)
      .orderBy(...order)
      .limit(MODERATION_PAGE_SIZE)
      .offset((page - 1) * MODERATION_PAGE_SIZE),
    db.select({ total: count() }).from(shopReviews).where(where),
  ]);
  return { items: rows.map(toAdminReview), pagination: paginate(page, totals?.total ?? 0) };
}

export async function decideReview(
  deps: { db: Database; content: CacheInvalidator },
  moderator: number,
  id: number,
  status: 'published' | 'rejected',
): Promise<AdminReview> {
  const review = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(shopReviews).where(eq(shopReviews.id, id)).for('update');
    if (!before) throw notFound();
    await moderateReview(tx, id, status);
    await writeAudit(tx, {
      userId: moderator,
      action: status === 'published' ? 'review.publish' : 'review.reject',
      entity: 'review',
      entityId: id,
      before: { status: before.status },
      after: { status },
    });
    const [after] = await tx.select().from(shopReviews).where(eq(shopReviews.id, id));
    return toAdminReview(after!);
  });
  // /reviews and /reviews.html are cached pages: the list and the average change with this decision.
  deps.content.invalidate();
  return review;
}

// Comments.

const COMMENT_FILTERS: Record<ModerationStatus, SQL> = {
  pending: and(eq(comments.status, 'published'), isNull(comments.moderatedAt))!,
  published: and(eq(comments.status, 'published'), isNotNull(comments.moderatedAt))!,
  rejected: eq(comments.status, 'rejected'),
};

const onPage = (type: AdminComment['page']['type'], table: { id: Column }) =>
  and(eq(comments.itemType, type), eq(table.id, comments.itemId));

export async function listCommentsForModeration(db: Database, status: ModerationStatus, page: number) {
  const where = COMMENT_FILTERS[status];
  const order =
    status === 'pending'
      ? [asc(comments.createdAt), asc(comments.id)]
      : [desc(comments.moderatedAt), desc(comments.id)];
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: comments.id,
        itemType: comments.itemType,
        itemId: comments.itemId,
        parentId: comments.parentId,
        userId: comments.userId,
        userName: users.name,
        html: comments.html,
        replyHtml: comments.replyHtml,
        repliedAt: comments.repliedAt,
        status: comments.status,
        createdAt: comments.createdAt,
        moderatedAt: comments.moderatedAt,
        title: sql<string | null>`coalesce(${products.name}, ${recipes.title}, ${articles.title})`,
        url: sql<string | null>`coalesce(${products.url}, ${recipes.url}, ${articles.url})`,
      })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.userId))
      .leftJoin(products, onPage('product', products))
      .leftJoin(recipes, onPage('recept', recipes))
      .leftJoin(articles, onPage('article', articles))
      .where(where)
      .orderBy(...order)
      .limit(MODERATION_PAGE_SIZE)
      .offset((page - 1) * MODERATION_PAGE_SIZE),
    db.select({ total: count() }).from(comments).where(where),
  ]);
  const items: AdminComment[] = rows.map((row) => ({
    id: row.id,
    page: {
      type: row.itemType,
      id: row.itemId,
      title: row.title ?? 'Страница удалена',
      url: row.url,
    },
    parent_id: row.parentId,
    user: { id: row.userId, name: row.userName ?? 'Покупатель' },
    html: sanitizeHtml(row.html),
    reply: toShopReply(row),
    status: row.status,
    unchecked: row.status === 'published' && row.moderatedAt === null,
    created_at: row.createdAt.toISOString(),
    moderated_at: row.moderatedAt?.toISOString() ?? null,
  }));
  return { items, pagination: paginate(page, totals?.total ?? 0) };
}

export async function decideComment(
  deps: { db: Database; content: CacheInvalidator },
  moderator: number,
  id: number,
  status: 'published' | 'rejected',
): Promise<{ id: number; status: 'published' | 'rejected'; comments_count: number }> {
  const result = await deps.db.transaction(async (tx) => {
    const before = await findComment(tx, id);
    if (!before) throw notFound();
    // Recounts the page's comments (replies of a rejected comment leave the count with it).
    const decided = await moderateComment(tx, id, status);
    await writeAudit(tx, {
      userId: moderator,
      action: status === 'published' ? 'comment.publish' : 'comment.reject',
      entity: 'comment',
      entityId: id,
      before: { status: before.status, page: `${before.itemType}:${before.itemId}` },
      after: { status, comments_count: decided.comments_count },
    });
    return decided;
  });
  deps.content.invalidate();
  return result;
}

export async function summariseModeration(db: Database): Promise<ModerationSummary> {
  const [[reviews], [fresh], questions] = await Promise.all([
    db.select({ total: count() }).from(shopReviews).where(eq(shopReviews.status, 'pending')),
    db.select({ total: count() }).from(comments).where(COMMENT_FILTERS.pending),
    countUnansweredQuestions(db),
  ]);
  return { reviews: reviews?.total ?? 0, comments: fresh?.total ?? 0, questions };
}

// Routes (paths relative to /api/v1/admin; the scope has already let only moderators in).

export interface ReviewsAdminDeps {
  db: Database;
  /** The public pages' cache: ratings, review lists and comment counts change with each decision. */
  content: CacheInvalidator;
}

export function reviewsAdminSection(deps: ReviewsAdminDeps): (scope: FastifyInstance) => void {
  return (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    /** The count badges of the moderation tabs. */
    routes.get('/moderation/summary', { schema: { response: { 200: moderationSummarySchema } } }, async () =>
      summariseModeration(deps.db),
    );

    routes.get(
      '/reviews',
      { schema: { querystring: listQuery, response: { 200: adminReviewsAnswerSchema } } },
      async (request) => listReviewsForModeration(deps.db, request.query.status, request.query.page),
    );

    routes.put(
      '/reviews/:id',
      { schema: { params: idParams, body: decisionBody, response: { 200: adminReviewDecidedSchema } } },
      async (request) => ({
        review: await decideReview(deps, moderatorId(request), request.params.id, request.body.status),
      }),
    );

    routes.get(
      '/comments',
      { schema: { querystring: listQuery, response: { 200: adminCommentsAnswerSchema } } },
      async (request) => listCommentsForModeration(deps.db, request.query.status, request.query.page),
    );

    routes.put(
      '/comments/:id',
      { schema: { params: idParams, body: decisionBody, response: { 200: adminCommentDecidedSchema } } },
      async (request) => ({
        comment: await decideComment(deps, moderatorId(request), request.params.id, request.body.status),
      }),
    );

    replyAdminRoutes(scope, deps);
  };
}
