// The sitemap as the protocol wants it for a big catalogue: /sitemap.xml is an index of part files, each at most
// SITEMAP_PART_SIZE addresses — the shop's pages, then the products by ranges of ids — built once and kept until the
// catalogue or content changes (ContentService.invalidate, on every instance through the cache bus) or for an hour.
import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedQuery, prepareRawSql } from '../../db/prepared.ts';
import { contentDigest } from '../../lib/conditional-get.ts';
import { escapeXml } from '../../lib/xml.ts';
import { compressText } from '../../plugins/page-cache.ts';
import { products } from '../catalog/catalog.table.ts';
import type { ContentService } from '../content/content.service.ts';
import { listPageEntries, newest, type PageEntry, w3cDate } from './sitemap-dates.ts';

/**
 * Addresses per part file. The protocol allows 50 000; a fifth of that keeps a part's first build short (≈ 0.8 MB)
 * and lets a crawler fetch a big catalogue in pieces.
 */
export const SITEMAP_PART_SIZE = 10_000;
/** A kept sitemap is rebuilt after this long even without a change (courses change without one). */
const SITEMAP_LIFETIME_MS = 3_600_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * Which ranges of `size` product ids hold a visible product (part 1 is ids 1…size), with the newest change among
 * them (the part's lastmod): a primary-key range read per part, kept with the index until a change.
 */
const productParts = preparedQuery((db) => {
  const size = sql`${sql.placeholder('size')}::int`;
  return prepareRawSql<{ part: number; lastmod: string | Date | null }>(
    db,
    'sitemap_product_parts',
    sql`select part, lastmod from (
      select part, (select max(${products.updatedAt}) from ${products} where ${products.visible}
        and ${products.id} between (part - 1) * ${size} + 1 and part * ${size}) as lastmod
      from generate_series(1, (select (max(id) - 1) / ${size} + 1 from ${products})) as part
    ) parts where lastmod is not null order by part`,
  );
});

const productUrlsBetween = preparedQuery((db) =>
  db
    .select({ url: products.url, updatedAt: products.updatedAt })
    .from(products)
    .where(
      and(eq(products.visible, true), between(products.id, sql.placeholder('from'), sql.placeholder('to'))),
    )
    .orderBy(asc(products.id))
    .prepare('sitemap_product_urls'),
);

/** A built file, with its compressed forms made on first demand and kept with it. */
export interface SitemapFile {
  xml: Buffer;
  /** Digest of the XML, for its ETag; and when it was built (Last-Modified). */
  digest: string;
  builtAt: Date;
  /** The file compressed as the crawler accepts it (a 10 000-address part: ≈ 0.8 MB, ≈ 40 KB in Brotli). */
  encoded(encoding: 'br' | 'gzip'): Promise<Buffer>;
}

export interface Sitemaps {
  /** `/sitemap.xml` or a part file (`/sitemap-pages-1.xml`, `/sitemap-products-3.xml`), or null. */
  get(path: string): Promise<SitemapFile | null>;
  invalidate(): void;
}

function sitemapFile(xml: Buffer): SitemapFile {
  const encoded = new Map<'br' | 'gzip', Promise<Buffer>>();
  return {
    xml,
    digest: contentDigest(xml),
    builtAt: new Date(Math.floor(Date.now() / 1000) * 1000),
    encoded(encoding) {
      let body = encoded.get(encoding);
      if (!body) {
        body = compressText(xml, encoding, encoding === 'br' ? 5 : 6);
        encoded.set(encoding, body);
      }
      return body;
    },
  };
}

export function createSitemaps(deps: {
  db: Database;
  content: ContentService;
  /** Public origin without the trailing slash. */
  origin: string;
  /** False: every request builds afresh (PAGE_CACHE_TTL_MS=0, as in tests). */
  keep: boolean;
  /** Addresses per part file; SITEMAP_PART_SIZE unless a test wants parts of a small catalogue. */
  partSize?: number;
}): Sitemaps {
  const { db, content, origin } = deps;
  const partSize = deps.partSize ?? SITEMAP_PART_SIZE;

  async function listPages(): Promise<PageEntry[]> {
    return listPageEntries(db, await content.critical.get());
  }

  function urlset(entries: PageEntry[]): Buffer {
    const lines = entries.map(
      ({ url, lastmod }) =>
        `  <url><loc>${escapeXml(origin + url)}</loc>${lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ''}</url>`,
    );
    return Buffer.from([XML_HEAD, `<urlset xmlns="${NAMESPACE}">`, ...lines, '</urlset>', ''].join('\n'));
  }

  async function buildIndex(): Promise<Buffer> {
    const [pages, parts] = await Promise.all([listPages(), productParts(db).execute({ size: partSize })]);
    const files: PageEntry[] = [];
    for (let part = 1; part <= Math.ceil(pages.length / partSize); part++) {
      const slice = pages.slice((part - 1) * partSize, part * partSize);
      files.push({ url: `/sitemap-pages-${part}.xml`, lastmod: newest(slice.map((entry) => entry.lastmod)) });
    }
    for (const { part, lastmod } of parts.rows) {
      files.push({ url: `/sitemap-products-${part}.xml`, lastmod: lastmod ? new Date(lastmod) : null });
    }
    const lines = files.map(
      ({ url, lastmod }) =>
        `  <sitemap><loc>${escapeXml(origin + url)}</loc>${lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ''}</sitemap>`,
    );
    return Buffer.from(
      [XML_HEAD, `<sitemapindex xmlns="${NAMESPACE}">`, ...lines, '</sitemapindex>', ''].join('\n'),
    );
  }

  async function build(path: string): Promise<SitemapFile | null> {
    const xml = await buildXml(path);
    return xml && sitemapFile(xml);
  }

  async function buildXml(path: string): Promise<Buffer | null> {
    if (path === '/sitemap.xml') return buildIndex();
    const match = /^\/sitemap-(pages|products)-([1-9]\d{0,5})\.xml$/.exec(path);
    if (!match) return null;
    const part = Number(match[2]);
    if (match[1] === 'pages') {
      const entries = (await listPages()).slice((part - 1) * partSize, part * partSize);
      return entries.length > 0 ? urlset(entries) : null;
    }
    const rows = await productUrlsBetween(db).execute({
      from: (part - 1) * partSize + 1,
      to: part * partSize,
    });
    return rows.length > 0 ? urlset(rows.map((row) => ({ url: row.url, lastmod: row.updatedAt }))) : null;
  }

  // Path → the built file (or null for a part that does not exist), with when it was built.
  const kept = new Map<string, { xml: Promise<SitemapFile | null>; expires: number }>();
  let generation = 0;
  return {
    get(path) {
      if (!deps.keep) return build(path);
      const hit = kept.get(path);
      if (hit && hit.expires > Date.now()) return hit.xml;
      const started = generation;
      const xml = build(path);
      kept.set(path, { xml, expires: Date.now() + SITEMAP_LIFETIME_MS });
      // Neither a failed build nor a file that does not exist is kept (no memory for made-up part numbers).
      const forget = () => {
        if (generation === started && kept.get(path)?.xml === xml) kept.delete(path);
      };
      xml.then((built) => built ?? forget(), forget);
      return xml;
    },
    invalidate() {
      generation += 1;
      kept.clear();
    },
  };
}
