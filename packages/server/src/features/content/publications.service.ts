// Articles and recipes for pages: cards, full pages with author, section, tags and ingredients, filter options.
import {
  type Crumb,
  DATE_PERIODS,
  DEFAULT_DATE_PERIOD,
  type Pagination,
  PUBLICATION_SORTS,
  PUBLICATIONS_PER_PAGE,
  type PublicationCard,
  type PublicationFilter,
} from '@efir/domain/catalog-wire';
import type { Database } from '../../db/client.ts';
import {
  countPublicationFacets,
  findAuthors,
  findAuthorsById,
  findPublicationByUrl,
  findPublicationCards,
  findPublicationTags,
  findPublicationUrls,
  findRazdelByUrl,
  findRazdels,
  findRecipeIngredients,
  findTags,
  type PublicationKind,
} from './publications.repo.ts';

export type { PublicationKind };

export const LISTING_TITLES: Record<PublicationKind, { name: string; url: string }> = {
  article: { name: 'Статьи', url: '/articles-new.html' },
  recept: { name: 'Рецепты', url: '/recept.html' },
};

export async function listPublications(
  db: Database,
  kind: PublicationKind,
  options: {
    razdelId?: number;
    filter: PublicationFilter;
    sort: number;
    page: number;
    perPage?: number;
    now?: Date;
  },
): Promise<{ items: PublicationCard[]; pagination: Pagination }> {
  const perPage = options.perPage ?? PUBLICATIONS_PER_PAGE;
  const { rows, total } = await findPublicationCards(db, kind, {
    razdelId: options.razdelId,
    filter: options.filter,
    sort: options.sort,
    limit: perPage,
    offset: (options.page - 1) * perPage,
    now: options.now ?? new Date(),
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      url: row.url,
      excerpt: row.excerpt,
      image: row.image,
      published_at: row.publishedAt.toISOString(),
      author:
        row.authorId && row.authorName && row.authorUrl
          ? { id: row.authorId, name: row.authorName, url: row.authorUrl }
          : null,
      avg_rating: Math.round(row.avgRating * 10) / 10,
      comments_count: row.commentsCount,
    })),
    pagination: {
      page: options.page,
      pages: Math.max(1, Math.ceil(total / perPage)),
      total,
      per_page: perPage,
    },
  };
}

export async function getPublicationPage(db: Database, kind: PublicationKind, url: string) {
  const row = await findPublicationByUrl(db, kind, url);
  if (!row) return null;
  const [tagRows, authorRows, razdelRows, ingredients] = await Promise.all([
    findPublicationTags(db, kind, row.id),
    findAuthors(db),
    findRazdels(db),
    kind === 'recept' ? findRecipeIngredients(db, row.id) : Promise.resolve([]),
  ]);
  const author = authorRows.find((item) => item.id === row.authorId);
  const razdel = razdelRows.find((item) => item.id === row.razdelId);
  const listing = LISTING_TITLES[kind];
  const trail: Crumb[] = [listing];
  if (razdel) trail.push({ name: razdel.name, url: razdel.url });
  const recipeExtras = 'yield' in row ? { yield: row.yield, time_minutes: row.timeMinutes } : {};
  return {
    data: {
      id: row.id,
      title: row.title,
      url: row.url,
      excerpt: row.excerpt,
      html: row.html,
      image: row.image,
      published_at: row.publishedAt.toISOString(),
      updated_at: new Date(Math.max(row.updatedAt.getTime(), row.publishedAt.getTime())).toISOString(),
      author: author
        ? {
            id: author.id,
            name: author.name,
            url: author.url,
            position: author.position,
            photo: author.photo,
          }
        : null,
      razdel: razdel ? { id: razdel.id, name: razdel.name, url: razdel.url } : null,
      tags: tagRows,
      avg_rating: Math.round(row.avgRating * 10) / 10,
      votes_count: row.votesCount,
      comments_count: row.commentsCount,
      ...recipeExtras,
    },
    components: ingredients.map((item) => ({
      id: item.id,
      name: item.name,
      amount: item.amount,
      product:
        item.productId && item.productUrl
          ? {
              id: item.productId,
              name: item.productName,
              url: item.productUrl,
              volume: item.productVolume,
              cena: item.cena,
              cena_st: item.cenaSt,
              stock: item.stock,
              katGlobal: item.katGlobal,
              image: item.images?.[0] ?? null,
            }
          : null,
    })),
    trail,
    htmlTitle: row.htmlTitle ?? row.title,
    metaDescription: row.metaDescription ?? row.excerpt,
  };
}

export async function getRazdel(db: Database, url: string) {
  return findRazdelByUrl(db, url);
}

export async function listAuthorsRazdelsTags(db: Database) {
  const [authorRows, razdelRows, tagRows] = await Promise.all([
    findAuthors(db),
    findRazdels(db),
    findTags(db),
  ]);
  return {
    authors: authorRows.map((author) => ({
      id: author.id,
      name: author.name,
      url: author.url,
      position: author.position,
      photo: author.photo,
      bio: author.bio,
    })),
    razdels: razdelRows.map(({ id, name, url, description }) => ({ id, name, url, description })),
    tags: tagRows.map(({ id, name, url }) => ({ id, name, url })),
  };
}

/** Options of GET /api/v1/filter/articles and /recepts, with how many publications each would show. */
export async function getPublicationFacets(db: Database, kind: PublicationKind, now = new Date()) {
  const [facets, named] = await Promise.all([
    countPublicationFacets(db, kind, now),
    listAuthorsRazdelsTags(db),
  ]);
  const authorCounts = new Map(facets.byAuthor.map((item) => [item.id, item.count]));
  const tagCounts = new Map(facets.byTag.map((item) => [item.id, item.count]));
  const dateCounts = facets.byDate ?? { week: 0, month: 0, year: 0, all: 0 };
  return {
    authors: named.authors
      .map((author) => ({ id: author.id, name: author.name, count: authorCounts.get(author.id) ?? 0 }))
      .filter((author) => author.count > 0),
    date: [
      { id: 1, name: DATE_PERIODS[1], count: dateCounts.week },
      { id: 2, name: DATE_PERIODS[2], count: dateCounts.month },
      { id: 3, name: DATE_PERIODS[3], count: dateCounts.year },
      { id: 4, name: DATE_PERIODS[4], count: dateCounts.all },
    ],
    tags: named.tags
      .map((tag) => ({ id: tag.id, name: tag.name, count: tagCounts.get(tag.id) ?? 0 }))
      .filter((tag) => tag.count > 0),
    defaults: { authors: [], date: DEFAULT_DATE_PERIOD, tags: [] },
    sorts: Object.entries(PUBLICATION_SORTS).map(([id, name]) => ({ id: Number(id), name })),
  };
}

export function listPublicationUrls(db: Database, kind: PublicationKind) {
  return findPublicationUrls(db, kind);
}

/** The authors with these ids, by id: the teachers of the school's courses (decision 061). */
export async function findAuthorCards(db: Database, ids: number[]) {
  const rows = ids.length === 0 ? [] : await findAuthorsById(db, ids);
  return new Map(rows.map((row) => [row.id, { ...row, photo: row.photo ?? null }]));
}
