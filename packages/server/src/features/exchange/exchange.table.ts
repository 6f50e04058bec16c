// The 1C exchange (issue 22): each protocol session 1C opens with checkauth, which is also the exchange log the
// back office shows (what came, what changed, what went wrong).
import type { ExchangeFileResult } from '@efir/domain/admin-wire';
import { sql } from 'drizzle-orm';
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
import type { ExternalData } from '../catalog/catalog.table.ts';

export type { ExchangeFileResult };

export const exchangeSessions = pgTable(
  'exchange_sessions',
  {
    id: serial('id').primaryKey(),
    /** sha256 of the cookie value 1C carries on every call of the session. */
    tokenHash: text('token_hash').notNull().unique(),
    /** catalog or sale, as checkauth was called. */
    type: text('type').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bytes received so far (every chunk of every file). */
    bytes: integer('bytes').notNull().default(0),
    files: jsonb('files').$type<ExchangeFileResult[]>().notNull().default(sql`'[]'::jsonb`),
    /** Orders sent to 1C by type=sale query (marked exported at success). */
    sentOrderIds: integer('sent_order_ids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (table) => [index('exchange_sessions_started_idx').on(table.startedAt)],
);

// One file's records, read before they are applied (decision 035): `run` is the file's import, `seq` the record's
// place in the file (the last of a good listed twice wins). Written in short statements while the file is read,
// applied in one transaction, deleted after; UNLOGGED in the migration (0029), as nothing here must outlive a crash.

/** A Товар of import*.xml, as the products row it becomes (the site's own fields are decided when applied). */
export const exchangeStagedGoods = pgTable(
  'exchange_staged_goods',
  {
    run: integer('run').notNull(),
    seq: integer('seq').notNull(),
    externalId: text('external_id').notNull(),
    /** Статус «Удален» or ПометкаУдаления: the good is hidden. */
    deleted: boolean('deleted').notNull(),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    gtin: text('gtin'),
    /** The 1C Ид of its group; '' for none. */
    groupId: text('group_id').notNull(),
    /** The address a new good gets (free when staged); an existing good keeps its own. */
    url: text('url').notNull(),
    familyKey: text('family_key').notNull(),
    volume: text('volume').notNull(),
    volumeMl: integer('volume_ml').notNull(),
    description: text('description').notNull(),
    country: text('country').notNull(),
    brand: text('brand'),
    latinName: text('latin_name').notNull(),
    plantPart: text('plant_part').notNull(),
    extractionMethod: text('extraction_method').notNull(),
    composition: text('composition').notNull(),
    usage: text('usage').notNull(),
    safety: text('safety').notNull(),
    externalData: jsonb('external_data').$type<ExternalData>().notNull(),
    /** Картинка paths in the session folder. */
    pictures: text('pictures').array().notNull(),
    stagedAt: timestamp('staged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.run, table.seq] })],
);

/** A Предложение of offers*.xml (or prices*, rests*): the prices and stock it brings, null where it says nothing. */
export const exchangeStagedOffers = pgTable(
  'exchange_staged_offers',
  {
    run: integer('run').notNull(),
    seq: integer('seq').notNull(),
    externalId: text('external_id').notNull(),
    /** A characteristic seen for the first time: its base good's Ид and the address its product gets. */
    baseId: text('base_id'),
    url: text('url'),
    volume: text('volume').notNull(),
    volumeMl: integer('volume_ml').notNull(),
    /** Roubles of the retail and the old price type; null when the offer has no such price. */
    retail: integer('retail'),
    old: integer('old'),
    stock: integer('stock'),
    stagedAt: timestamp('staged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.run, table.seq] })],
);
