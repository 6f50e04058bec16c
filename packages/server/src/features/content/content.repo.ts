// Reads and writes of static pages, slides and menus.
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { menuItems, slides, staticPages } from './content.table.ts';

export type StaticPageRow = typeof staticPages.$inferSelect;

export async function findStaticPageByUrl(db: Database, url: string): Promise<StaticPageRow | undefined> {
  const rows = await db.select().from(staticPages).where(eq(staticPages.url, url)).limit(1);
  return rows[0];
}

export function findSlides(db: Database) {
  return db.select().from(slides).orderBy(asc(slides.pos), asc(slides.id));
}

export function findMenuItems(db: Database) {
  return db.select().from(menuItems).orderBy(asc(menuItems.menu), asc(menuItems.pos), asc(menuItems.id));
}
