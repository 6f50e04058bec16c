// Reads and writes of shop reviews, votes and comments, and the rating columns of the pages they belong to.
import { and, asc, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { users } from '../account/account.table.ts';
import { products } from '../catalog/catalog.table.ts';
import { articles, recipes } from '../content/content.table.ts';
import { comments, type RATED_ITEM_TYPES, shopReviews, votes } from './reviews.table.ts';

export type RatedItemType = (typeof RATED_ITEM_TYPES)[number];
/** The database or a transaction: `db.transaction` hands the same query builder to its callback. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

export type ReviewRow = typeof shopReviews.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;

// Products, recipes and articles declare avg_rating, votes_count, comments_count and visible the same way; one type
// for the three keeps each query single (the columns still name their own table in the SQL).
const ITEM_TABLES = {
  product: products,
  recept: recipes as unknown as typeof products,
  article: articles as unknown as typeof products,
} satisfies Record<RatedItemType, typeof products>;

export interface ItemStats {
  avgRating: number;
  votesCount: number;
  commentsCount: number;
}

/** Locks a visible page's row for the rest of the transaction; false when there is no such page. */
export async function lockItem(tx: Executor, type: RatedItemType, id: number): Promise<boolean> {
  const table = ITEM_TABLES[type];
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.visible, true)))
    .for('update');
  return rows.length > 0;
}

export async function findItemStats(
  db: Executor,
  type: RatedItemType,
  id: number,
): Promise<ItemStats | undefined> {
  const table = ITEM_TABLES[type];
  const [row] = await db
    .select({ avgRating: table.avgRating, votesCount: table.votesCount, commentsCount: table.commentsCount })
    .from(table)
    .where(and(eq(table.id, id), eq(table.visible, true)))
    .limit(1);
  return row;
}

// Votes.

export async function upsertVote(
  tx: Executor,
  values: { itemType: RatedItemType; itemId: number; userId: number; rating: number },
): Promise<void> {
  await tx
    .insert(votes)
    .values(values)
    .onConflictDoUpdate({
      target: [votes.itemType, votes.itemId, votes.userId],
      set: { rating: values.rating, updatedAt: new Date() },
    });
}

// Asked on every page a logged-in visitor opens (their own vote in the page data): built once.
const voteRating = preparedQuery((db) =>
  db
    .select({ rating: votes.rating })
    .from(votes)
    .where(
      and(
        eq(votes.itemType, sql.placeholder('type')),
        eq(votes.itemId, sql.placeholder('id')),
        eq(votes.userId, sql.placeholder('userId')),
      ),
    )
    .limit(1)
    .prepare('vote_rating'),
);

export async function findVoteRating(
  db: Database,
  userId: number,
  type: RatedItemType,
  id: number,
): Promise<number | undefined> {
  const [row] = await voteRating(db).execute({ type, id, userId });
  return row?.rating;
}

/** Writes the page's average and vote count worked out from its votes; returns them. */
export async function recountVotes(
  tx: Executor,
  type: RatedItemType,
  id: number,
): Promise<{ average: number; count: number }> {
  const [totals] = await tx
    .select({
      average: sql<number>`coalesce(avg(${votes.rating}), 0)::float8`.mapWith(Number),
      count: count(),
    })
    .from(votes)
    .where(and(eq(votes.itemType, type), eq(votes.itemId, id)));
  const result = { average: totals?.average ?? 0, count: totals?.count ?? 0 };
  const table = ITEM_TABLES[type];
  await tx.update(table).set({ avgRating: result.average, votesCount: result.count }).where(eq(table.id, id));
  return result;
}

// Comments.

export async function insertComment(
  tx: Executor,
  values: { itemType: RatedItemType; itemId: number; parentId: number | null; userId: number; html: string },
): Promise<CommentRow> {
  const [row] = await tx.insert(comments).values(values).returning();
  return row!;
}

export async function findComment(db: Executor, id: number): Promise<CommentRow | undefined> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
  return row;
}

export async function updateCommentStatus(
  tx: Executor,
  id: number,
  status: CommentRow['status'],
): Promise<CommentRow | undefined> {
  const [row] = await tx
    .update(comments)
    .set({ status, moderatedAt: new Date() })
    .where(eq(comments.id, id))
    .returning();
  return row;
}

const parents = alias(comments, 'parents');

/** Writes the page's comment count: published comments whose thread is published too. */
export async function recountComments(tx: Executor, type: RatedItemType, id: number): Promise<number> {
  const [totals] = await tx
    .select({ count: count() })
    .from(comments)
    .leftJoin(parents, eq(parents.id, comments.parentId))
    .where(
      and(
        eq(comments.itemType, type),
        eq(comments.itemId, id),
        eq(comments.status, 'published'),
        or(isNull(comments.parentId), eq(parents.status, 'published')),
      ),
    );
  const total = totals?.count ?? 0;
  const table = ITEM_TABLES[type];
  await tx.update(table).set({ commentsCount: total }).where(eq(table.id, id));
  return total;
}

const commentWithAuthor = {
  id: comments.id,
  parentId: comments.parentId,
  html: comments.html,
  createdAt: comments.createdAt,
  replyHtml: comments.replyHtml,
  repliedAt: comments.repliedAt,
  userId: comments.userId,
  userName: users.name,
  avatarType: users.avatarType,
  avatarPhoto: users.avatarPhoto,
};

export type CommentWithAuthor = {
  id: number;
  parentId: number | null;
  html: string;
  createdAt: Date;
  replyHtml: string | null;
  repliedAt: Date | null;
  userId: number;
  userName: string | null;
  avatarType: 'photo' | 'other' | null;
  avatarPhoto: string | null;
};

export async function findCommentWithAuthor(
  db: Executor,
  id: number,
): Promise<CommentWithAuthor | undefined> {
  const [row] = await db
    .select(commentWithAuthor)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.id, id))
    .limit(1);
  return row;
}

// The first page of a product, recipe or article is read with its page data: built once, as named statements.
const topCommentsWhere = and(
  eq(comments.itemType, sql.placeholder('type')),
  eq(comments.itemId, sql.placeholder('id')),
  isNull(comments.parentId),
  eq(comments.status, 'published'),
);

const topComments = preparedQuery((db) =>
  db
    .select(commentWithAuthor)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(topCommentsWhere)
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('top_comments'),
);

const topCommentsCount = preparedQuery((db) =>
  db.select({ count: count() }).from(comments).where(topCommentsWhere).prepare('top_comments_count'),
);

export async function findTopComments(
  db: Database,
  type: RatedItemType,
  id: number,
  page: { limit: number; offset: number },
): Promise<{ rows: CommentWithAuthor[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    topComments(db).execute({ type, id, ...page }),
    topCommentsCount(db).execute({ type, id }),
  ]);
  return { rows, total: totals?.count ?? 0 };
}

const repliesOf = preparedQuery((db) =>
  db
    .select(commentWithAuthor)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(
      and(
        sql`${comments.parentId} = any(${sql.placeholder('parentIds')}::int[])`,
        eq(comments.status, 'published'),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .prepare('comment_replies'),
);

export async function findReplies(db: Database, parentIds: number[]): Promise<CommentWithAuthor[]> {
  if (parentIds.length === 0) return [];
  return repliesOf(db).execute({ parentIds });
}

// Shop reviews.

export async function insertReview(
  db: Executor,
  values: {
    userId: number | null;
    name: string;
    rating: number;
    html: string;
    status: ReviewRow['status'];
  },
): Promise<ReviewRow> {
  const [row] = await db
    .insert(shopReviews)
    .values({ ...values, moderatedAt: values.status === 'pending' ? null : new Date() })
    .returning();
  return row!;
}

export async function findPublishedReviews(
  db: Executor,
  page: { limit: number; offset: number },
): Promise<ReviewRow[]> {
  return db
    .select()
    .from(shopReviews)
    .where(eq(shopReviews.status, 'published'))
    .orderBy(desc(shopReviews.createdAt), desc(shopReviews.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function summarisePublishedReviews(db: Executor): Promise<{ average: number; count: number }> {
  const [totals] = await db
    .select({
      average: sql<number>`coalesce(avg(${shopReviews.rating}), 0)::float8`.mapWith(Number),
      count: count(),
    })
    .from(shopReviews)
    .where(eq(shopReviews.status, 'published'));
  return { average: totals?.average ?? 0, count: totals?.count ?? 0 };
}

export async function updateReviewStatus(
  db: Executor,
  id: number,
  status: ReviewRow['status'],
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(shopReviews)
    .set({ status, moderatedAt: new Date() })
    .where(eq(shopReviews.id, id))
    .returning();
  return row;
}
