// Static pages and the critical data every first page load needs (spec §7 GET api/v1/critical).

import type { CriticalData, MenuLink, StaticPage } from '@efir/domain/catalog-wire';
import { DEFAULT_PUBLIC_SHOP, toPublicShop } from '@efir/domain/shop-defaults';
import type { ShopSettings } from '@efir/domain/shop-settings';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { type CachedValue, createCachedValue } from '../../lib/cached-value.ts';
import { createLocalInvalidationBus, type InvalidationBus } from '../../lib/invalidation-bus.ts';
import { getCatalogTree, listPopularProducts } from '../catalog/catalog.service.ts';
import { findMenuItems, findSlides, findStaticPageByUrl } from './content.repo.ts';
import { listAuthorsRazdelsTags } from './publications.service.ts';
import { fillFactsHtml, fillFactsText, hasFactTokens, loadShopFacts, type ShopFacts } from './shop-facts.ts';

/** The shop's facts a page's tokens print (shop-facts.ts); none: tokens stay as typed. */
type FactsLoader = () => Promise<ShopFacts>;

export async function getStaticPage(db: Database, url: string, facts?: FactsLoader): Promise<StaticPage> {
  const row = await findStaticPageByUrl(db, url);
  if (!row) throw notFound();
  return {
    url: row.url,
    kind: row.kind,
    title: row.title,
    description: row.description,
    html: facts && hasFactTokens(row.html) ? fillFactsHtml(row.html, await facts()) : row.html,
    updated_at: row.updatedAt.toISOString(),
  };
}

async function loadCriticalData(
  db: Database,
  facts?: FactsLoader,
  settings?: SettingsSource,
): Promise<CriticalData> {
  const [tree, slideRows, menuRows, named, collection, shop] = await Promise.all([
    getCatalogTree(db),
    findSlides(db),
    findMenuItems(db),
    listAuthorsRazdelsTags(db),
    listPopularProducts(db, 6),
    settings ? settings.get().then(toPublicShop) : DEFAULT_PUBLIC_SHOP,
  ]);
  const menus: Record<string, MenuLink[]> = {};
  for (const item of menuRows) {
    const list = menus[item.menu] ?? [];
    list.push({ name: item.name, url: item.url, img: item.img, color: item.color });
    menus[item.menu] = list;
  }
  const factsOf = facts && slideRows.some((slide) => hasFactTokens(slide.name)) ? await facts() : null;
  return {
    ...tree,
    slider: slideRows.map(({ id, img, name, link, show, color }) => ({
      id,
      img,
      name: factsOf ? fillFactsText(name, factsOf) : name,
      link,
      show,
      color,
    })),
    sidebar: menus.articles ?? [],
    authors: named.authors,
    collection,
    razdels: named.razdels,
    tags: named.tags,
    menus,
    shop,
  };
}

/** The owner's settings in force (modules/settings), read by every page through the critical data. */
export interface SettingsSource {
  get(): Promise<ShopSettings>;
}

export interface ContentService {
  critical: CachedValue<CriticalData>;
  /** The critical data serialized once per change, as the UTF-8 bytes sent (no encoding per request). */
  criticalJson(): Promise<Buffer>;
  getStaticPage(url: string): Promise<StaticPage>;
  /** Call after any change of catalogue or content: drops the critical data and every cached answer. */
  invalidate(): void;
  /** Another cache dropped with them from now on, here and when another instance says so (the sitemap). */
  dropWithContent(cache: { invalidate(): void }): void;
}

/**
 * `bus` carries every drop to the shop's other instances and theirs to this one (lib/invalidation-bus.ts), so a
 * change made on one instance is seen on all of them at once.
 */
export function createContentService(
  db: Database,
  caches: Array<{ invalidate(): void }> = [],
  bus: InvalidationBus = createLocalInvalidationBus(),
  settings?: SettingsSource,
): ContentService {
  // A printed course date goes stale when that course starts: the content is read again then (at least every 6 h,
  // the longest a timer is trusted to wait).
  let refresh: NodeJS.Timeout | undefined;
  const refreshAt = (when: Date | null) => {
    clearTimeout(refresh);
    if (!when) return;
    refresh = setTimeout(dropHere, Math.min(Math.max(when.getTime() - Date.now(), 0) + 1000, 6 * 3_600_000));
    refresh.unref();
  };
  const facts: FactsLoader | undefined = settings
    ? async () => {
        const loaded = await loadShopFacts(db, await settings.get());
        refreshAt(loaded.nextCourseAt);
        return loaded;
      }
    : undefined;
  const critical = createCachedValue(() => loadCriticalData(db, facts, settings));
  const criticalJson = createCachedValue(async () => Buffer.from(JSON.stringify(await critical.get())));
  const dropped = [...caches];
  const dropHere = () => {
    critical.invalidate();
    criticalJson.invalidate();
    for (const cache of dropped) cache.invalidate();
  };
  bus.onRemote(dropHere);
  return {
    critical,
    criticalJson: () => criticalJson.get(),
    getStaticPage: (url) => getStaticPage(db, url, facts),
    invalidate() {
      dropHere();
      bus.publish();
    },
    dropWithContent(cache) {
      dropped.push(cache);
    },
  };
}
