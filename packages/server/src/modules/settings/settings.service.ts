// The live settings: read from the one row, kept in memory until a save here or on another instance drops them
// (the content service's invalidation bus carries the drop, decision 060). Before the owner saves anything, and for
// any part an older row lacks, the defaults of @efir/domain answer.
import { defaultShopSettings } from '@efir/domain/shop-defaults';
import { type ShopSettings, shopSettingsSchema } from '@efir/domain/shop-settings';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { createCachedValue } from '../../lib/cached-value.ts';
import { shopSettings } from './settings.table.ts';

export interface SettingsStore {
  /** The settings in force (from memory after the first read). */
  get(): Promise<ShopSettings>;
  /**
   * The settings last read, without waiting: for code inside a transaction (a letter queued with its order), where a
   * read of its own could wait for that very transaction on a single-connection database. Refreshed right after
   * every drop, so it lags a save by one read at most; the defaults before the first read.
   */
  peek(): ShopSettings;
  /** Where letters to the owner go (new orders, the day's summary): the settings' `ownerEmail`. */
  ownerNotificationEmail(): Promise<string>;
  /** When the owner last saved; null while the defaults answer. */
  updatedAt(): Promise<Date | null>;
  /** Forget the copy in memory: the next read goes to the database. */
  invalidate(): void;
}

async function readSettings(db: Database, defaults: ShopSettings) {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!row) return { settings: defaults, updatedAt: null };
  // A part saved by an older version that no longer passes stays at its default instead of stopping the shop.
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(row.data)) {
    const field = shopSettingsSchema.shape[key as keyof ShopSettings];
    const parsed = field?.safeParse(value);
    if (parsed?.success) merged[key] = parsed.data;
  }
  return { settings: merged as ShopSettings, updatedAt: row.updatedAt };
}

export function createSettingsStore(
  db: Database,
  defaults: ShopSettings = defaultShopSettings([]),
): SettingsStore {
  let last: ShopSettings = defaults;
  const cached = createCachedValue(async () => {
    const read = await readSettings(db, defaults);
    last = read.settings;
    return read;
  });
  return {
    get: async () => (await cached.get()).settings,
    peek: () => last,
    ownerNotificationEmail: async () => (await cached.get()).settings.ownerEmail,
    updatedAt: async () => (await cached.get()).updatedAt,
    invalidate() {
      cached.invalidate();
      // Read again at once, so peek() catches up without waiting for the next page to ask.
      cached.get().catch(() => {});
    },
  };
}

/** Stores the settings in the caller's transaction, beside its audit entry. */
export async function writeSettings(txDb: Database, settings: ShopSettings, userId: number): Promise<void> {
  const now = new Date();
  await txDb
    .insert(shopSettings)
    .values({ id: 1, data: settings, updatedAt: now, updatedBy: userId })
    .onConflictDoUpdate({
      target: shopSettings.id,
      set: { data: settings, updatedAt: now, updatedBy: userId },
    });
}
