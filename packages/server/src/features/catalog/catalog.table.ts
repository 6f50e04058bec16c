// The catalogue tree (spec §3 Catalog entry): top entries have id_kat = 0, children point at their parent.
import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';

export interface ImageRef {
  filename: string;
  basename: string;
}

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    /** id_kat on the wire; 0 means a top-level entry. */
    parentId: integer('parent_id').notNull().default(0),
    name: text('name').notNull(),
    url: text('url').notNull().unique(),
    pos: integer('pos').notNull().default(0),
    /** top = 1 on the wire: shown in the catalogue sub-menu. */
    showInSubmenu: boolean('show_in_submenu').notNull().default(false),
    foto: text('foto'),
    fotoMain: jsonb('foto_main').$type<ImageRef>(),
    webp: text('webp'),
    /** Category group of its products (katGlobal on cart lines; 12 = hydrolats). */
    katGlobal: integer('kat_global').notNull().default(0),
    htmlTitle: text('html_title'),
    metaDescription: text('meta_description'),
    description: text('description').notNull().default(''),
  },
  (table) => [index('categories_parent_idx').on(table.parentId, table.pos)],
);
