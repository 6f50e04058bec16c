// A search engine's view of the built shop: follows the links from / and every address of /sitemap.xml over real
// HTTP (no browser), and keeps what a crawler reads from each page's <head> and structured data.

export interface CrawledPage {
  /** The address asked for (path and query). */
  url: string;
  status: number;
  /** Where a redirect pointed, if the answer was one. */
  location: string | null;
  html: string;
  title: string;
  description: string;
  canonical: string;
  ogImage: string;
  noindex: boolean;
  h1: string;
  /** Each JSON-LD block, parsed (a block that does not parse fails the crawl). */
  jsonLd: Array<Record<string, unknown>>;
  hasBreadcrumbs: boolean;
  /** The levels of the page's headings in order (1 for h1, …). */
  headings: number[];
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');

function attribute(tag: string, name: string): string {
  return decode(tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1] ?? '');
}

function metaContent(html: string, pattern: RegExp): string {
  const tag = html.match(pattern)?.[0];
  return tag ? attribute(tag, 'content') : '';
}

export function readPage(url: string, status: number, location: string | null, html: string): CrawledPage {
  const head = html.slice(0, html.indexOf('</head>') + 1 || html.length);
  return {
    url,
    status,
    location,
    html,
    title: decode(head.match(/<title>([^<]*)<\/title>/)?.[1] ?? ''),
    description: metaContent(head, /<meta name="description"[^>]*>/),
    canonical: attribute(head.match(/<link rel="canonical"[^>]*>/)?.[0] ?? '', 'href'),
    ogImage: metaContent(head, /<meta property="og:image"[^>]*>/),
    noindex: /<meta name="robots" content="noindex/.test(head),
    h1: decode((html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? '').replace(/<[^>]+>/g, '').trim()),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => {
      try {
        return JSON.parse(match[1] ?? '') as Record<string, unknown>;
      } catch (error) {
        throw new Error(`${url}: JSON-LD does not parse: ${String(error)}`);
      }
    }),
    hasBreadcrumbs: html.includes('class="breadcrumbs"'),
    headings: [...html.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1])),
  };
}

/** Links a crawler follows: same site, a page (not a file, API or account area); a listing's page number kept. */
function pageLinks(html: string, base: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(/<a\s[^>]*href="([^"#]*)/g)) {
    const href = decode(match[1] ?? '');
    if (!href) continue;
    const target = new URL(href, base);
    if (target.origin !== new URL(base).origin) continue;
    if (/^\/(api|images|assets|admin|account|logout)(\/|$)/.test(target.pathname)) continue;
    if (/\.(xml|txt|jpg|png|webp|svg|pdf|ico)$/.test(target.pathname)) continue;
    const page = target.searchParams.get('page');
    links.add(page ? `${target.pathname}?page=${page}` : target.pathname);
  }
  return [...links];
}

const locations = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(decode(match[1] ?? '')));

/** The page addresses of a sitemap, or of each sitemap a sitemap index lists. */
async function readSitemap(address: string): Promise<string[]> {
  const xml = await (await fetch(address)).text();
  if (xml.includes('<sitemapindex')) {
    const parts = await Promise.all(locations(xml).map((part) => readSitemap(part.href)));
    return parts.flat();
  }
  return locations(xml).map((target) => `${target.pathname}${target.search}`);
}

export async function crawl(origin: string, options: { limit: number }): Promise<Map<string, CrawledPage>> {
  const fromSitemap = await readSitemap(`${origin}/sitemap.xml`);
  const queue = ['/', ...fromSitemap];
  const seen = new Set(queue);
  const pages = new Map<string, CrawledPage>();
  // Two at a time: CI has two cores, and the shop renders each page on the server.
  const worker = async () => {
    for (;;) {
      const url = queue.shift();
      if (!url || pages.size >= options.limit) return;
      const response = await fetch(`${origin}${url}`, {
        redirect: 'manual',
        headers: { accept: 'text/html' },
      });
      const type = response.headers.get('content-type') ?? '';
      const html = type.includes('text/html') ? await response.text() : '';
      const page = readPage(url, response.status, response.headers.get('location'), html);
      pages.set(url, page);
      const next = page.location
        ? [new URL(page.location, `${origin}${url}`).pathname]
        : pageLinks(html, origin);
      for (const link of next) {
        if (seen.has(link)) continue;
        seen.add(link);
        queue.push(link);
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return pages;
}

/** The JSON-LD objects of a page of one schema.org type (an array of types counts each). */
export function jsonLdOfType(page: CrawledPage, type: string): Array<Record<string, unknown>> {
  return page.jsonLd.filter((item) => {
    const types = item['@type'];
    return Array.isArray(types) ? types.includes(type) : types === type;
  });
}
