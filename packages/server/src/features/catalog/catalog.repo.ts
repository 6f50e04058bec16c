// Reads of the catalogue tree.
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories } from './catalog.table.ts';

export type CategoryRow = typeof categories.$inferSelect;

export function findAllCategories(db: Database): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.pos), asc(categories.name));
}
