// Static and legal pages, home slider slides and menus: content the shop owner edits.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { tsvector } from '../../db/custom-types.ts';
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

export const authors = pgTable('authors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull().unique(),
  position: text('position').notNull().default(''),
  photo: jsonb('photo').$type<ImageRef>(),
  /** Rich text. */
  bio: text('bio').notNull().default(''),
  pos: integer('pos').notNull().default(0),
});

/** Thematic sections (razdel) that group articles and recipes. */
export const razdels = pgTable('razdels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull().unique(),
  description: text('description').notNull().default(''),
  pos: integer('pos').notNull().default(0),
});

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull().unique(),
});

/** Columns shared by articles and recipes. */
function publicationColumns() {
  return {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    url: text('url').notNull().unique(),
    razdelId: integer('razdel_id').notNull(),
    authorId: integer('author_id').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last change of the row (a trigger sets it, migration 0025): the sitemap's lastmod and dateModified. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    excerpt: text('excerpt').notNull().default(''),
    /** Rich text (sanitised before it is stored). */
    html: text('html').notNull().default(''),
    image: jsonb('image').$type<ImageRef>(),
    avgRating: real('avg_rating').notNull().default(0),
    votesCount: integer('votes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    popularity: integer('popularity').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    htmlTitle: text('html_title'),
    metaDescription: text('meta_description'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('russian', translate(title, 'Ёё', 'Ее')), 'A') || setweight(to_tsvector('russian', translate(excerpt, 'Ёё', 'Ее')), 'B') || setweight(to_tsvector('russian', translate(regexp_replace(html, '<[^>]+>', ' ', 'g'), 'Ёё', 'Ее')), 'C')`,
    ),
  };
}

export const articles = pgTable('articles', publicationColumns(), (table) => [
  index('articles_razdel_idx').on(table.razdelId, table.publishedAt),
  index('articles_search_idx').using('gin', table.searchVector),
  index('articles_title_trgm_idx').using(
    'gin',
    sql`lower(translate(${table.title}, 'Ёё', 'Ее')) gin_trgm_ops`,
  ),
]);

export const recipes = pgTable(
  'recipes',
  {
    ...publicationColumns(),
    /** What the recipe makes, e.g. «50 мл крема». */
    yield: text('yield').notNull().default(''),
    timeMinutes: integer('time_minutes').notNull().default(0),
  },
  (table) => [
    index('recipes_razdel_idx').on(table.razdelId, table.publishedAt),
    index('recipes_search_idx').using('gin', table.searchVector),
    index('recipes_title_trgm_idx').using(
      'gin',
      sql`lower(translate(${table.title}, 'Ёё', 'Ее')) gin_trgm_ops`,
    ),
  ],
);

/** What a recipe needs; lines tied to a product can go to the cart together. */
export const recipeIngredients = pgTable(
  'recipe_ingredients',
  {
    id: serial('id').primaryKey(),
    recipeId: integer('recipe_id').notNull(),
    productId: integer('product_id'),
    name: text('name').notNull(),
    amount: text('amount').notNull().default(''),
    pos: integer('pos').notNull().default(0),
  },
  (table) => [index('recipe_ingredients_recipe_idx').on(table.recipeId, table.pos)],
);

export const articleTags = pgTable(
  'article_tags',
  { articleId: integer('article_id').notNull(), tagId: integer('tag_id').notNull() },
  (table) => [
    primaryKey({ columns: [table.articleId, table.tagId] }),
    index('article_tags_tag_idx').on(table.tagId),
  ],
);

export const recipeTags = pgTable(
  'recipe_tags',
  { recipeId: integer('recipe_id').notNull(), tagId: integer('tag_id').notNull() },
  (table) => [
    primaryKey({ columns: [table.recipeId, table.tagId] }),
    index('recipe_tags_tag_idx').on(table.tagId),
  ],
);
