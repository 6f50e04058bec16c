// Server-rendered pages for guests, kept compressed in memory for PAGE_CACHE_TTL_MS: a guest's page is the same
// for every guest, so it is rendered and compressed once per URL instead of per request. Dropped with the answer
// cache (every change through the shop's services, on every instance through the cache bus). Visitors with a
// cart, a session or any cookie the render could read get a fresh render (docs/decisions/014-guest-page-cache.md).
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  brotliDecompress,
  gzip,
  gzipSync,
  constants as zlibConstants,
} from 'node:zlib';
import { contentDigest } from '../lib/conditional-get.ts';
import type { CacheStats } from '../lib/response-cache.ts';

const brotliAsync = promisify(brotliCompress);
const brotliDecompressAsync = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);

/**
 * Cookies that do not change what a page shows: the CSRF token, the device cookie of an earlier login, the
 * analytics counter's. A request carrying any other cookie (the cart, the session hint, the refresh token, or one
 * the shop does not know) is rendered for that visitor.
 */
const NEUTRAL_COOKIE = /^(?:XSRF-TOKEN|efir_device|_ym_[\w]+|_ym\w*)$/;

export function isGuestRequest(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return true;
  return cookieHeader.split(';').every((pair) => {
    const name = pair.split('=')[0]?.trim() ?? '';
    return name === '' || NEUTRAL_COOKIE.test(name);
  });
}

export type PageEncoding = 'br' | 'gzip' | null;

/** A page as rendered: what the cache keeps of it and what a response needs. */
export interface RenderedPage {
  status: number;
  html: string;
  /** The CSP nonce the page's scripts carry (null in development). */
  nonce: string | null;
}

/**
 * Brotli level of a kept page asked again. A page is first compressed by `compressFirst` (most pages of a large
 * catalogue are asked once within the time to live: a crawler's walk); a page asked again is compressed once more at
 * level 5, after that answer and off the request path, and sent so from then on.
 */
const KEPT_BROTLI_QUALITY = 5;

/** The content codings an Accept-Encoding header accepts (those not refused with q=0), lower-case. */
export function acceptedEncodings(acceptEncoding: string | undefined): Array<string | undefined> {
  return (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => !quality || !/^\s*q=0(\.0*)?\s*$/.test(quality))
    .map(([name]) => name?.trim().toLowerCase());
}

/** The compression a page (or a sitemap) is sent with: Brotli when the browser takes it, else gzip, else none. */
export function pickPageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/** Text (a page, a sitemap) compressed off the event loop, in Brotli or gzip at the quality given. */
export function compressText(
  text: string | Buffer,
  encoding: 'br' | 'gzip',
  quality: number,
): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(text, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        },
      })
    : gzipAsync(text, { level: quality });
}

/**
 * A page compressed the first time (a page made for one visitor, or a guest page not kept yet), at once on the
 * event loop: Brotli level 1 and gzip level 1 have their own fast encoders, and for a 140 KB product page level 1
 * costs 0.55 ms of CPU against 1.0 ms for level 3 through the thread pool (whose hand-off alone is ≈ 0.35 ms), for
 * 11 % more bytes (32.9 against 29.6 KB). Measured in docs/performance.md, «Where the uncached page's ms go».
 */
export function compressFirst(text: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 1,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: text.length,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        },
      })
    : gzipSync(text, { level: 1 });
}

interface Entry {
  status: number;
  nonce: string | null;
  /** Digest of the page without its nonce: the same page rendered again has the same ETag. */
  digest: string;
  /** When the page was first rendered as it is (Last-Modified). */
  since: Date;
  brotli: Buffer;
  /** Whether `brotli` is at KEPT_BROTLI_QUALITY yet (or on its way there). */
  recompressed: boolean;
  gzip?: Promise<Buffer>;
  bytes: number;
  expires: number;
}

export interface CachedPageBody {
  status: number;
  nonce: string | null;
  digest: string;
  since: Date;
  /** The body in the encoding asked for (null: plain text). */
  body: Buffer;
  hit: boolean;
}

export interface PageCache {
  /**
   * The guest page at `key` in `encoding`, rendered by `render` when not kept (concurrent misses share one render).
   * `render` may answer something else than a page (a redirect): that is passed through and not kept; so are
   * pages whose status is not 200.
   */
  get<T extends object>(
    key: string,
    encoding: PageEncoding,
    render: () => Promise<RenderedPage | T>,
  ): Promise<CachedPageBody | T>;
  invalidate(): void;
  /** Guest pages sent from memory and those rendered, since the start (for /metrics). */
  stats(): CacheStats;
}

function validators(entry: Entry) {
  return { status: entry.status, nonce: entry.nonce, digest: entry.digest, since: entry.since };
}

function isPage(value: object): value is RenderedPage {
  return 'html' in value && 'status' in value;
}

export function createPageCache(options: { ttlMs: number; maxBytes: number }): PageCache {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | object>>();
  let bytes = 0;
  let generation = 0;
  const stats: CacheStats = { hits: 0, misses: 0 };

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function keep(key: string, entry: Entry) {
    drop(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    // Oldest first, until the pages fit the budget.
    for (const oldest of entries.keys()) {
      if (bytes <= options.maxBytes) break;
      drop(oldest);
    }
  }

  async function build(
    key: string,
    render: () => Promise<object>,
    previous: Entry | undefined,
  ): Promise<Entry | object> {
    const started = generation;
    const rendered = await render();
    if (!isPage(rendered)) return rendered;
    const brotli = compressFirst(rendered.html, 'br');
    // The nonce differs on every render; the page is the same without it (a 304 keeps the client's nonce and its
    // policy together: plugins/security.ts sends no policy with a 304).
    const digest = contentDigest(
      rendered.nonce ? rendered.html.replaceAll(rendered.nonce, '') : rendered.html,
    );
    const entry: Entry = {
      status: rendered.status,
      nonce: rendered.nonce,
      digest,
      since: previous?.digest === digest ? previous.since : new Date(Math.floor(Date.now() / 1000) * 1000),
      brotli,
      recompressed: false,
      bytes: brotli.length,
      expires: Date.now() + options.ttlMs,
    };
    // A change made while this page rendered may not be in it: serve it this once, do not keep it. Nor pages
    // other than 200 (a 404 for any address asked would fill the memory).
    if (started === generation && rendered.status === 200) keep(key, entry);
    return entry;
  }

  /** A page asked again: its smaller body replaces the first one when it is still the page kept at `key`. */
  function recompress(key: string, entry: Entry) {
    entry.recompressed = true;
    brotliDecompressAsync(entry.brotli)
      .then((html) => compressText(html, 'br', KEPT_BROTLI_QUALITY))
      .then((smaller) => {
        if (entries.get(key) !== entry) return;
        bytes += smaller.length - entry.brotli.length;
        entry.bytes += smaller.length - entry.brotli.length;
        entry.brotli = smaller;
      })
      // The first body stays; nothing is lost but bytes.
      .catch(() => {});
  }

  async function body(entry: Entry, encoding: PageEncoding): Promise<Buffer> {
    if (encoding === 'br') return entry.brotli;
    const html = await brotliDecompressAsync(entry.brotli);
    if (encoding === null) return html;
    if (!entry.gzip) {
      entry.gzip = gzipAsync(html, { level: 6 });
      const compressed = await entry.gzip;
      entry.bytes += compressed.length;
      bytes += compressed.length;
    }
    return entry.gzip;
  }

  return {
    async get<T extends object>(
      key: string,
      encoding: PageEncoding,
      render: () => Promise<RenderedPage | T>,
    ): Promise<CachedPageBody | T> {
      const kept = entries.get(key);
      if (kept && kept.expires > Date.now()) {
        stats.hits += 1;
        const sent = { ...validators(kept), body: await body(kept, encoding), hit: true };
        if (!kept.recompressed) recompress(key, kept);
        return sent;
      }
      if (kept) drop(key);
      stats.misses += 1;
      let building = pending.get(key);
      if (!building) {
        const started = build(key, render, kept).finally(() => {
          if (pending.get(key) === started) pending.delete(key);
        });
        building = started;
        pending.set(key, started);
      }
      const result = await building;
      if (!('brotli' in result)) return result as T;
      const entry = result as Entry;
      return { ...validators(entry), body: await body(entry, encoding), hit: false };
    },
    invalidate() {
      generation += 1;
      entries.clear();
      // Renders under way may predate the change: requests from now on do not wait for them.
      pending.clear();
      bytes = 0;
    },
    stats: () => ({ ...stats }),
  };
}
