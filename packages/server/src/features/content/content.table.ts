// Static and legal pages, home slider slides and menus: content the shop owner edits.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ImageRef } from '../catalog/catalog.table.ts';

export const staticPages = pgTable('static_pages', {
  id: serial('id').primaryKey(),
  url: text('url').notNull().unique(),
  kind: text('kind', { enum: ['static', 'legal'] })
    .notNull()
    .default('static'),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** Rich text, sanitised before it is stored. */
  html: text('html').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const slides = pgTable('slides', {
  id: serial('id').primaryKey(),
  img: jsonb('img').$type<ImageRef>().notNull(),
  name: text('name').notNull(),
  link: text('link').notNull().default(''),
  /** Audience: everyone, logged-in users only, or guests only. */
  show: text('show', { enum: ['all', 'reg', 'guest'] })
    .notNull()
    .default('all'),
  color: text('color').notNull().default('#ffffff'),
  pos: integer('pos').notNull().default(0),
});

export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    /** Which menu: 'top' (top bar), 'more' (its «Ещё» list), 'main', 'footer', 'articles' (mega-menu links). */
    menu: text('menu').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    img: text('img'),
    color: text('color'),
    pos: integer('pos').notNull().default(0),
  },
  (table) => [index('menu_items_menu_idx').on(table.menu, table.pos)],
);
