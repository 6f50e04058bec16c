// The catalogue: the category tree (spec §3 Catalog entry) and the products sold in it.

import type { ProductIcon } from '@efir/domain/catalog-wire';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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

export interface ImageRef {
  /** File name of the fallback image (JPEG) under /images/. */
  filename: string;
  /** Name without extension; `${basename}.webp` is the WebP version next to it. */
  basename: string;
  /** The WebP widths there are: the largest is `${basename}.webp`, each other `${basename}-${width}w.webp`. */
  widths?: number[];
  /** What the picture shows (the back office writes it for a product's photos). */
  alt?: string;
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
    /** The group's Ид in 1C when it came through the exchange (issue 22). */
    externalId: text('external_id').unique(),
  },
  (table) => [index('categories_parent_idx').on(table.parentId, table.pos)],
);

export type { ProductIcon };

/** 1C's properties and requisites of a good, by their names in 1C. */
export interface ExternalData {
  Свойства?: Record<string, string>;
  Реквизиты?: Record<string, string>;
}

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    latinName: text('latin_name').notNull().default(''),
    url: text('url').notNull().unique(),
    /** Volumes of the same oil share a family key: the product page switches between them. */
    familyKey: text('family_key').notNull(),
    volume: text('volume').notNull().default(''),
    /** For ordering the volume switcher (grams count as millilitres). */
    volumeMl: integer('volume_ml').notNull().default(0),
    /** Price in whole roubles. */
    cena: integer('cena').notNull(),
    /** Regular price; greater than 0 means `cena` is a special price. */
    cenaSt: integer('cena_st').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    categoryId: integer('category_id').notNull(),
    katGlobal: integer('kat_global').notNull().default(0),
    icons: text('icons').array().$type<ProductIcon[]>().notNull().default(sql`'{}'::text[]`),
    images: jsonb('images').$type<ImageRef[]>().notNull().default(sql`'[]'::jsonb`),
    /** Rich text (sanitised before it is stored). */
    description: text('description').notNull().default(''),
    composition: text('composition').notNull().default(''),
    usage: text('usage').notNull().default(''),
    safety: text('safety').notNull().default(''),
    country: text('country').notNull().default(''),
    plantPart: text('plant_part').notNull().default(''),
    extractionMethod: text('extraction_method').notNull().default(''),
    avgRating: real('avg_rating').notNull().default(0),
    votesCount: integer('votes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    /** Sales-based weight for the «popular» sort. */
    popularity: integer('popularity').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    /** The good's Ид in 1C (`товар` or `товар#характеристика`) when it came through the exchange (issue 22). */
    externalId: text('external_id').unique(),
    /** Listed in 1C's latest catalogue (a full package unlists what it lacks): only listed goods get shown by offers. */
    externalListed: boolean('external_listed').notNull().default(false),
    /**
     * Артикул: from 1C, or written in the back office (unique among the shop's products there, decision 059; 1C's own
     * goods may share one between characteristics, as 1C allows). '' when there is none.
     */
    sku: text('sku').notNull().default(''),
    /** One packed unit, grams; null while unknown (the delivery estimate then guesses from the volume). */
    weightG: integer('weight_g'),
    /** The packed unit's sides, millimetres; null while unknown. */
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    /**
     * @deprecated 1C's Штрихкод goes to `gtin` since migration 0026 (which copied it there). Nothing reads or writes
     * it any more; it stays one release so instances of the previous release still find it, then it is dropped.
     */
    barcode: text('barcode').notNull().default(''),
    /**
     * What 1C says about the good beyond the shop's columns (decision 027): {"Свойства": {name: value},
     * "Реквизиты": {name: value}}, replaced with each import of the good.
     */
    externalData: jsonb('external_data').$type<ExternalData>().notNull().default(sql`'{}'::jsonb`),
    htmlTitle: text('html_title'),
    metaDescription: text('meta_description'),
    /** The maker of a third-party product; null for the shop's own bottling (brand «Эфир»). */
    brand: text('brand'),
    /** The barcode (EAN-13 / GTIN), where the maker printed one. */
    gtin: text('gtin'),
    /** The last day the special price (`cena` below `cena_st`) holds, when the shop set one. */
    specialPriceUntil: date('special_price_until', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last change of the row (a trigger sets it, migration 0025): the sitemap's lastmod. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('russian', translate(name, 'Ёё', 'Ее')), 'A') || setweight(to_tsvector('simple', latin_name), 'A') || setweight(to_tsvector('russian', translate(regexp_replace(description, '<[^>]+>', ' ', 'g'), 'Ёё', 'Ее')), 'C')`,
    ),
    /**
     * The name and Latin name alone (what weight A of `searchVector` holds), stored so that a name match is checked
     * on a stored value (a GIN index on the expression recomputed it for every hit) and read from an index in id order
     * (`products_name_walk_idx`, migration 0020).
     */
    nameVector: tsvector('name_vector').generatedAlwaysAs(
      sql`to_tsvector('russian', translate(name, 'Ёё', 'Ее')) || to_tsvector('simple', latin_name)`,
    ),
  },
  (table) => [
    check('products_stock_not_negative', sql`${table.stock} >= 0`),
    check('products_prices_not_negative', sql`${table.cena} >= 0 and ${table.cenaSt} >= 0`),
    index('products_category_idx').on(table.categoryId, table.popularity),
    index('products_popularity_idx').on(table.popularity),
    index('products_family_idx').on(table.familyKey, table.volumeMl),
    index('products_search_idx').using('gin', table.searchVector),
    index('products_name_trgm_idx').using(
      'gin',
      sql`lower(translate(${table.name}, 'Ёё', 'Ее')) gin_trgm_ops`,
    ),
    // Listings read a page of ids and the count from this narrow index alone (index-only scans): category,
    // sort keys and filter columns of visible products, so wide rows are read only for the page shown.
    index('products_listing_idx')
      .on(
        table.categoryId,
        table.popularity,
        table.cena,
        table.createdAt,
        table.id,
        table.stock,
        table.cenaSt,
        table.volumeMl,
        table.name,
        table.icons,
      )
      .where(sql`${table.visible}`),
    // The other sorts of a listing, per category (catalog.repo.ts takes a top-N from each category's index): stock,
    // special price and badges come last, so filters are checked without reading the rows.
    index('products_by_price_idx')
      .on(table.categoryId, table.cena, table.id, table.stock, table.cenaSt, table.icons)
      .where(sql`${table.visible}`),
    index('products_by_date_idx')
      .on(table.categoryId, table.createdAt, table.id, table.stock, table.cenaSt, table.icons)
      .where(sql`${table.visible}`),
    index('products_by_name_idx')
      .on(table.categoryId, table.name, table.volumeMl, table.stock, table.cenaSt, table.icons)
      .where(sql`${table.visible}`),
    // Related products of a product page: one category walked by popularity, stopping after the families shown.
    index('products_related_idx')
      .on(table.categoryId, table.popularity.desc().nullsFirst(), table.familyKey, table.volumeMl)
      .where(sql`${table.visible} and ${table.stock} > 0`),
    // Name matches for the search without reading descriptions; a rare word's few matches come from here, a common
    // word's first ones in id order from products_name_walk_idx (migration 0020, hand-written: it INCLUDEs the vector).
    index('products_name_vector_idx').using('gin', table.nameVector),
    // An артикул typed into a search (the shop's or the back office's), and the uniqueness check of a new one.
    index('products_sku_idx').on(sql`lower(${table.sku})`).where(sql`${table.sku} <> ''`),
  ],
);

/**
 * How many visible products each category holds, by whether they are in stock and at a special price, and per
 * badge (`icon` '' counts the products themselves): listings and filter options add a few of these rows up instead
 * of counting the products on every view. Kept by statement triggers on `products` (migration 0019, decision 015),
 * so every write — the back office, an order taking the last bottle, a seed — keeps it exact.
 */
export const productCounts = pgTable(
  'product_counts',
  {
    categoryId: integer('category_id').notNull(),
    inStock: boolean('in_stock').notNull(),
    special: boolean('special').notNull(),
    icon: text('icon').notNull(),
    products: integer('products').notNull(),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.inStock, table.special, table.icon] })],
);
