// Reads of articles and recipes, which share their shape (publicationColumns) and their filters.
import type { PublicationFilter } from '@efir/domain/catalog-wire';
import { DATE_PERIOD_DAYS } from '@efir/domain/catalog-wire';
import { and, asc, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../catalog/catalog.table.ts';
import {
  articles,
  articleTags,
  authors,
  razdels,
  recipeIngredients,
  recipes,
  recipeTags,
  tags,
} from './content.table.ts';

export type PublicationKind = 'article' | 'recept';

/** The table of a kind and its tag links (the back office's writes use them too). */
export function tablesOf(kind: PublicationKind) {
  return kind === 'article'
    ? { table: articles, links: articleTags, linkId: articleTags.articleId, linkTag: articleTags.tagId }
    : { table: recipes, links: recipeTags, linkId: recipeTags.recipeId, linkTag: recipeTags.tagId };
}

export interface PublicationQuery {
  razdelId?: number;
  filter: PublicationFilter;
  sort: number;
  limit: number;
  offset: number;
  now: Date;
}

export async function findPublicationCards(db: Database, kind: PublicationKind, query: PublicationQuery) {
  const { table, links, linkId, linkTag } = tablesOf(kind);
  const conditions: SQL[] = [eq(table.visible, true)];
  if (query.razdelId) conditions.push(eq(table.razdelId, query.razdelId));
  if (query.filter.authors.length > 0) conditions.push(inArray(table.authorId, query.filter.authors));
  const days = DATE_PERIOD_DAYS[query.filter.date];
  if (days) conditions.push(gte(table.publishedAt, new Date(query.now.getTime() - days * 86_400_000)));
  if (query.filter.tags.length > 0) {
    conditions.push(
      inArray(table.id, db.select({ id: linkId }).from(links).where(inArray(linkTag, query.filter.tags))),
    );
  }
  const where = and(...conditions);
  const order: Record<number, SQL[]> = {
    0: [desc(table.publishedAt), desc(table.id)],
    1: [desc(table.publishedAt), desc(table.id)],
    2: [asc(table.publishedAt), asc(table.id)],
    3: [desc(table.popularity), desc(table.id)],
    4: [desc(table.avgRating), desc(table.votesCount), desc(table.id)],
  };
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: table.id,
        title: table.title,
        url: table.url,
        excerpt: table.excerpt,
        image: table.image,
        publishedAt: table.publishedAt,
        avgRating: table.avgRating,
        commentsCount: table.commentsCount,
        authorId: authors.id,
        authorName: authors.name,
        authorUrl: authors.url,
      })
      .from(table)
      .leftJoin(authors, eq(authors.id, table.authorId))
      .where(where)
      .orderBy(...(order[query.sort] ?? order[0]!))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(table).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findPublicationByUrl(db: Database, kind: PublicationKind, url: string) {
  const { table } = tablesOf(kind);
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.url, url), eq(table.visible, true)))
    .limit(1);
  return row;
}

export function findPublicationTags(db: Database, kind: PublicationKind, id: number) {
  const { links, linkId, linkTag } = tablesOf(kind);
  return db
    .select({ id: tags.id, name: tags.name, url: tags.url })
    .from(links)
    .innerJoin(tags, eq(tags.id, linkTag))
    .where(eq(linkId, id))
    .orderBy(asc(tags.name));
}

/** A hidden product leaves its ingredient as plain text. */
export function findRecipeIngredients(db: Database, recipeId: number) {
  return db
    .select({
      id: recipeIngredients.id,
      name: recipeIngredients.name,
      amount: recipeIngredients.amount,
      productId: recipeIngredients.productId,
      productName: products.name,
      productUrl: products.url,
      productVolume: products.volume,
      cena: products.cena,
      cenaSt: products.cenaSt,
      stock: products.stock,
      katGlobal: products.katGlobal,
      images: products.images,
    })
    .from(recipeIngredients)
    .leftJoin(products, and(eq(products.id, recipeIngredients.productId), eq(products.visible, true)))
    .where(eq(recipeIngredients.recipeId, recipeId))
    .orderBy(asc(recipeIngredients.pos), asc(recipeIngredients.id));
}

/** Authors by id, as a course shows its teacher (handed to the school, decision 061). */
export function findAuthorsById(db: Database, ids: number[]) {
  return db
    .select({
      id: authors.id,
      name: authors.name,
      position: authors.position,
      url: authors.url,
      photo: authors.photo,
    })
    .from(authors)
    .where(inArray(authors.id, ids));
}

export function findAuthors(db: Database) {
  return db.select().from(authors).orderBy(asc(authors.pos), asc(authors.name));
}

export function findRazdels(db: Database) {
  return db.select().from(razdels).orderBy(asc(razdels.pos), asc(razdels.name));
}

export function findTags(db: Database) {
  return db.select().from(tags).orderBy(asc(tags.name));
}

export async function findRazdelByUrl(db: Database, url: string) {
  const [row] = await db.select().from(razdels).where(eq(razdels.url, url)).limit(1);
  return row;
}

/** Counts for the article and recipe filters: per author, per tag and per date period. */
export async function countPublicationFacets(db: Database, kind: PublicationKind, now: Date) {
  const { table, links, linkId, linkTag } = tablesOf(kind);
  const visible = eq(table.visible, true);
  const day = 86_400_000;
  const [byAuthor, byTag, [byDate]] = await Promise.all([
    db
      .select({ id: table.authorId, count: sql<number>`count(*)::int` })
      .from(table)
      .where(visible)
      .groupBy(table.authorId),
    db
      .select({ id: linkTag, count: sql<number>`count(*)::int` })
      .from(links)
      .innerJoin(table, eq(table.id, linkId))
      .where(visible)
      .groupBy(linkTag),
    db
      .select({
        week: sql<number>`count(*) filter (where ${table.publishedAt} >= ${new Date(now.getTime() - 7 * day)})::int`,
        month: sql<number>`count(*) filter (where ${table.publishedAt} >= ${new Date(now.getTime() - 30 * day)})::int`,
        year: sql<number>`count(*) filter (where ${table.publishedAt} >= ${new Date(now.getTime() - 365 * day)})::int`,
        all: sql<number>`count(*)::int`,
      })
      .from(table)
      .where(visible),
  ]);
  return { byAuthor, byTag, byDate };
}

export function findPublicationUrls(db: Database, kind: PublicationKind) {
  const { table } = tablesOf(kind);
  return db
    .select({
      url: table.url,
      publishedAt: table.publishedAt,
      updatedAt: table.updatedAt,
      razdelId: table.razdelId,
    })
    .from(table)
    .where(eq(table.visible, true));
}
