// When each page of the sitemap last changed (its <lastmod>), from the rows it shows: a product, article, recipe or
// course by its own updated_at (a trigger sets it on every change, migration 0025), a static page by its record's,
// a category or section by the newest of its items, a listing by the newest of what it lists, the home page by the
// newest of everything.

import type { CriticalData } from '@efir/domain/catalog-wire';
import { LEGAL_PAGE_URLS, STATIC_PAGE_URLS } from '@efir/domain/routes';
import { eq, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { courses } from '../../modules/school/index.ts';
import { collectSubtreeIds } from '../catalog/catalog.service.ts';
import { products } from '../catalog/catalog.table.ts';
import { staticPages } from '../content/content.table.ts';
import { listPublicationUrls } from '../content/publications.service.ts';
import { shopReviews } from '../reviews/reviews.table.ts';

export interface PageEntry {
  url: string;
  lastmod: Date | null;
}

export function newest(dates: Iterable<Date | null | undefined>): Date | null {
  let found: Date | null = null;
  for (const date of dates) if (date && (!found || date > found)) found = date;
  return found;
}

/** Every address that is not a product, in the order the old single sitemap had them, each once, with its date. */
export async function listPageEntries(db: Database, critical: CriticalData): Promise<PageEntry[]> {
  const [byCategory, articles, recipes, courseRows, pages, [reviews]] = await Promise.all([
    db
      .select({ categoryId: products.categoryId, lastmod: max(products.updatedAt) })
      .from(products)
      .where(eq(products.visible, true))
      .groupBy(products.categoryId),
    listPublicationUrls(db, 'article'),
    listPublicationUrls(db, 'recept'),
    db.select({ url: courses.url, lastmod: courses.updatedAt }).from(courses),
    db.select({ url: staticPages.url, lastmod: staticPages.updatedAt }).from(staticPages),
    db
      .select({ lastmod: max(sql<Date>`coalesce(${shopReviews.moderatedAt}, ${shopReviews.createdAt})`) })
      .from(shopReviews)
      .where(eq(shopReviews.status, 'published')),
  ]);
  const categoryDates = new Map(byCategory.map((row) => [row.categoryId, row.lastmod]));
  const catalogue = newest(categoryDates.values());
  const articlesDate = newest(articles.map((row) => row.updatedAt));
  const recipesDate = newest(recipes.map((row) => row.updatedAt));
  const coursesDate = newest(courseRows.map((row) => row.lastmod));
  const pageDates = new Map(pages.map((row) => [row.url, row.lastmod]));
  const reviewsDate = reviews?.lastmod ? new Date(reviews.lastmod) : null;
  // Listings without a page record of their own.
  const listings: Record<string, Date | null> = {
    '/akcii': catalogue,
    '/authors': newest([articlesDate, recipesDate]),
  };
  const anyStatic = newest(pageDates.values());
  const entries: PageEntry[] = [
    { url: '/', lastmod: newest([catalogue, articlesDate, recipesDate, coursesDate]) },
    { url: '/catalog.html', lastmod: catalogue },
    { url: '/articles-new.html', lastmod: articlesDate },
    { url: '/recept.html', lastmod: recipesDate },
    { url: '/seminar_po_aromatherapy.html', lastmod: coursesDate },
    // /reviews redirects here (plugins/clean-urls.ts).
    { url: '/reviews.html', lastmod: newest([reviewsDate, pageDates.get('/reviews.html')]) ?? anyStatic },
    ...[...STATIC_PAGE_URLS, ...LEGAL_PAGE_URLS].map((url) => ({
      url,
      lastmod: pageDates.get(url) ?? listings[url] ?? anyStatic,
    })),
    ...critical.categories.map((entry) => ({
      url: entry.url,
      lastmod: newest(collectSubtreeIds(critical, entry.id).map((id) => categoryDates.get(id))),
    })),
    ...critical.razdels.map((razdel) => ({
      url: razdel.url,
      lastmod: newest(
        [...articles, ...recipes].filter((row) => row.razdelId === razdel.id).map((row) => row.updatedAt),
      ),
    })),
    ...[...articles, ...recipes].map((row) => ({ url: row.url, lastmod: row.updatedAt })),
    ...courseRows.map((row) => ({ url: row.url, lastmod: row.lastmod })),
  ];
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.url) && seen.add(entry.url));
}

/** W3C datetime in UTC, to the second: 2026-11-27T01:30:00+00:00. */
export function w3cDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+00:00`;
}
