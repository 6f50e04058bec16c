// Pickup points and parcel lockers the checkout map and search show: seeded offline, refreshed from the carriers'
// APIs when their credentials are configured.
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** What a carrier says about the price at one point (5Post sends rates with each point). */
export interface PickupPointDetails {
  /** Base price with VAT, ₽, up to `baseWeightGrams`. */
  rate?: number;
  /** Extra ₽ per started kilogram over `baseWeightGrams`. */
  ratePerKg?: number;
  baseWeightGrams?: number;
  /** Days in transit the carrier promises to this point. */
  days?: number;
  phone?: string;
  note?: string;
}

export const pickupPointsCatalog = pgTable(
  'pickup_points_catalog',
  {
    id: serial('id').primaryKey(),
    /** cdek | boxberry | fivepost */
    provider: text('provider').notNull(),
    /** The carrier's own code of the point (CDEK `code`, Boxberry `Code`, 5Post `id`). */
    code: text('code').notNull(),
    /** Delivery kind of spec §3: 7 CDEK point, 9 parcel locker, 10 Boxberry point, 14 5Post locker. */
    type: integer('type').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    name: text('name').notNull(),
    zip: text('zip').notNull().default(''),
    metro: text('metro').notNull().default(''),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    workHours: text('work_hours').notNull().default(''),
    details: jsonb('details').$type<PickupPointDetails>().notNull().default({}),
    /** Lower-cased, ё → е: what the address search matches (trigram index). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(translate(city || ' ' || address || ' ' || name || ' ' || metro || ' ' || zip, 'Ёё', 'Ее'))`,
      ),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pickup_points_catalog_code_idx').on(table.provider, table.type, table.code),
    index('pickup_points_catalog_city_idx').on(sql`lower(translate(${table.city}, 'Ёё', 'Ее'))`, table.type),
    index('pickup_points_catalog_geo_idx').on(table.lat, table.lon),
    index('pickup_points_catalog_search_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);
