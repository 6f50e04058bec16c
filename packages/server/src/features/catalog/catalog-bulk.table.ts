// The catalogue in bulk (issue 39, decision 058): the bulk changes kept for their undo, the spreadsheet imports' log,
// the column mappings the owner chose (remembered by the file's columns), and an import's staged rows.
import type { BulkValues, ImportRow, SheetMapping } from '@efir/domain/catalog-bulk-schemas';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea } from '../../db/custom-types.ts';

/** One product's part of a bulk change: what its fields were and became. */
export interface BulkChangeItem {
  id: number;
  before: BulkValues;
  after: BulkValues;
}

export const catalogBulkChanges = pgTable('catalog_bulk_changes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  /** What was done, in words («Цена −10 %, округление до …90 ₽»). */
  summary: text('summary').notNull(),
  products: integer('products').notNull(),
  changes: jsonb('changes').$type<BulkChangeItem[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when it was undone: a change is undone once. */
  undoneAt: timestamp('undone_at', { withTimezone: true }),
});

/** The import log: what each applied file did, row by row (at most IMPORT_REPORT_ROWS rows of each outcome). */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    filename: text('filename').notNull(),
    rows: integer('rows').notNull(),
    created: integer('created').notNull(),
    changed: integer('changed').notNull(),
    unchanged: integer('unchanged').notNull(),
    refused: integer('refused').notNull(),
    lines: jsonb('lines').$type<ImportRow[]>().notNull(),
    ms: integer('ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('catalog_imports_created_idx').on(table.createdAt)],
);

/** The owner's mapping for a file with these columns (`signature`: its headers, normalised and sorted). */
export const catalogImportMappings = pgTable('catalog_import_mappings', {
  signature: text('signature').primaryKey(),
  mapping: jsonb('mapping').$type<SheetMapping>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An import's checked rows, written in short statements while the file is read (as the 1C exchange stages its
 * files, decision 035), then applied in one transaction. `product_id` null: a new product. Rows are gone after the
 * apply; a crashed process's are cleared a day later.
 */
export const catalogImportStaged = pgTable(
  'catalog_import_staged',
  {
    run: integer('run').notNull(),
    line: integer('line').notNull(),
    productId: integer('product_id'),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    familyKey: text('family_key').notNull(),
    volume: text('volume').notNull(),
    volumeMl: integer('volume_ml').notNull(),
    categoryId: integer('category_id').notNull(),
    katGlobal: integer('kat_global').notNull(),
    cena: integer('cena').notNull(),
    cenaSt: integer('cena_st').notNull(),
    stock: integer('stock').notNull(),
    gtin: text('gtin'),
    visible: boolean('visible').notNull(),
    url: text('url').notNull(),
    /** A changed product's fields before the import (the same columns): put back if a later step fails. */
    before: jsonb('before'),
    stagedAt: timestamp('staged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.run, table.line] })],
);

/** An uploaded spreadsheet between its mapping, dry run and apply (kept in the database: any instance can read it). */
export const catalogImportFiles = pgTable(
  'catalog_import_files',
  {
    token: text('token').primaryKey(),
    userId: integer('user_id').notNull(),
    filename: text('filename').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('catalog_import_files_created_idx').on(table.createdAt)],
);
