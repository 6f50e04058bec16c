// Reads and writes of the pickup-point catalogue.
import type { DeliveryKindId } from '@efir/domain/delivery-catalogue';
import { and, asc, count, eq, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pickupPointsCatalog } from './delivery.table.ts';
import type { PickupPoint, ProviderName } from './delivery-providers.ts';

type Row = typeof pickupPointsCatalog.$inferSelect;

function toPoint(row: Row): PickupPoint {
  return {
    provider: row.provider as ProviderName,
    code: row.code,
    type: row.type as DeliveryKindId,
    city: row.city,
    address: row.address,
    name: row.name,
    zip: row.zip,
    metro: row.metro,
    lat: row.lat,
    lon: row.lon,
    workHours: row.workHours,
    details: row.details ?? {},
  };
}

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface PointFilter {
  city?: string;
  type?: number;
  bounds?: Bounds;
  limit: number;
}

function filterConditions(filter: Omit<PointFilter, 'limit'>): SQL[] {
  const conditions: SQL[] = [];
  if (filter.city) {
    conditions.push(
      sql`lower(translate(${pickupPointsCatalog.city}, 'Ёё', 'Ее')) = ${normalizeText(filter.city)}`,
    );
  }
  if (filter.type !== undefined) conditions.push(eq(pickupPointsCatalog.type, filter.type));
  if (filter.bounds) {
    const { south, west, north, east } = filter.bounds;
    conditions.push(gte(pickupPointsCatalog.lat, south), lte(pickupPointsCatalog.lat, north));
    // A box across the 180th meridian has west > east.
    conditions.push(
      west <= east
        ? and(gte(pickupPointsCatalog.lon, west), lte(pickupPointsCatalog.lon, east))!
        : sql`(${pickupPointsCatalog.lon} >= ${west} or ${pickupPointsCatalog.lon} <= ${east})`,
    );
  }
  return conditions;
}

export function normalizeText(value: string): string {
  return value.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');
}

export async function findPickupPoints(db: Database, filter: PointFilter): Promise<PickupPoint[]> {
  const rows = await db
    .select()
    .from(pickupPointsCatalog)
    .where(and(...filterConditions(filter)))
    .orderBy(asc(pickupPointsCatalog.city), asc(pickupPointsCatalog.name), asc(pickupPointsCatalog.id))
    .limit(filter.limit);
  return rows.map(toPoint);
}

export async function countPickupPoints(db: Database, filter: Omit<PointFilter, 'limit'>): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(pickupPointsCatalog)
    .where(and(...filterConditions(filter)));
  return row?.total ?? 0;
}

export async function findPickupPointCities(
  db: Database,
  type?: number,
): Promise<Array<{ city: string; count: number }>> {
  return db
    .select({ city: pickupPointsCatalog.city, count: count() })
    .from(pickupPointsCatalog)
    .where(type === undefined ? undefined : eq(pickupPointsCatalog.type, type))
    .groupBy(pickupPointsCatalog.city)
    .orderBy(sql`count(*) desc`, asc(pickupPointsCatalog.city))
    .limit(200);
}

/** `%`, `_` and `\` typed by a visitor match themselves, not any text. */
function likeLiteral(word: string): string {
  return word.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Every word must appear in the point's city, address, name, metro or postal code. */
export async function searchPickupPoints(
  db: Database,
  words: string[],
  options: { type?: number; limit: number },
): Promise<PickupPoint[]> {
  if (words.length === 0) return [];
  const conditions: SQL[] = words.map((word) =>
    ilike(pickupPointsCatalog.searchText, `%${likeLiteral(word)}%`),
  );
  if (options.type !== undefined) conditions.push(eq(pickupPointsCatalog.type, options.type));
  const rows = await db
    .select()
    .from(pickupPointsCatalog)
    .where(and(...conditions))
    .orderBy(asc(pickupPointsCatalog.city), asc(pickupPointsCatalog.name), asc(pickupPointsCatalog.id))
    .limit(options.limit);
  return rows.map(toPoint);
}

export async function findPickupPoint(db: Database, type: number, code: string): Promise<PickupPoint | null> {
  const [row] = await db
    .select()
    .from(pickupPointsCatalog)
    .where(and(eq(pickupPointsCatalog.type, type), eq(pickupPointsCatalog.code, code)))
    .limit(1);
  return row ? toPoint(row) : null;
}

/** A point of this kind in the city, to price «to a pickup point» before the customer picks one. */
export async function findRepresentativePoint(
  db: Database,
  type: number,
  city: string,
): Promise<PickupPoint | null> {
  const [row] = await db
    .select()
    .from(pickupPointsCatalog)
    .where(and(...filterConditions({ type, city })))
    .orderBy(asc(pickupPointsCatalog.id))
    .limit(1);
  return row ? toPoint(row) : null;
}

function toRow(point: PickupPoint) {
  return {
    provider: point.provider,
    code: point.code,
    type: point.type,
    city: point.city,
    address: point.address,
    name: point.name,
    zip: point.zip,
    metro: point.metro,
    lat: point.lat,
    lon: point.lon,
    workHours: point.workHours,
    details: point.details,
    updatedAt: new Date(),
  };
}

const CHUNK = 500;

export async function insertPickupPoints(db: Database, points: PickupPoint[]): Promise<void> {
  for (let start = 0; start < points.length; start += CHUNK) {
    await db
      .insert(pickupPointsCatalog)
      .values(points.slice(start, start + CHUNK).map(toRow))
      .onConflictDoNothing();
  }
}

/** The carrier's fresh list replaces everything we had from it, in one transaction. */
export async function replaceProviderPoints(
  db: Database,
  provider: ProviderName,
  points: PickupPoint[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    await database.delete(pickupPointsCatalog).where(eq(pickupPointsCatalog.provider, provider));
    await insertPickupPoints(database, points);
  });
}
