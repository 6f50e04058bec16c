// What a search engine finds in the built shop (issue 20): a crawl from / and /sitemap.xml over real HTTP, then the
// head tags and structured data of the pages it reached. No browser: a crawler reads the server's HTML.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type CrawledPage, crawl, jsonLdOfType } from './support/crawl.ts';

/** The demo shop has about 180 pages; the cap keeps a runaway link pattern from crawling for ever. */
const PAGE_LIMIT = 400;

function duplicates(pages: CrawledPage[], key: (page: CrawledPage) => string): Array<[string, string[]]> {
  const groups = new Map<string, string[]>();
  for (const page of pages) groups.set(key(page), [...(groups.get(key(page)) ?? []), page.url]);
  return [...groups].filter(([, urls]) => urls.length > 1);
}

describe('the shop as a search engine crawls it', () => {
  const origin = inject('baseUrl');
  let pages: Map<string, CrawledPage>;
  let indexable: CrawledPage[];
  const page = (url: string) => {
    const found = pages.get(url);
    if (!found) throw new Error(`the crawl did not reach ${url}`);
    return found;
  };

  beforeAll(async () => {
    pages = await crawl(origin, { limit: PAGE_LIMIT });
    indexable = [...pages.values()].filter((item) => item.status === 200 && item.html && !item.noindex);
  }, 180_000);

  it('reaches every page of the sitemap and more, each answering 200 or a redirect', () => {
    expect(pages.size).toBeGreaterThan(150);
    expect(pages.size).toBeLessThan(PAGE_LIMIT);
    const broken = [...pages.values()].filter((item) => item.status >= 400).map((item) => item.url);
    expect(broken).toEqual([]);
  });

  it('finds each indexable page calling itself canonical, and no address twice', () => {
    const elsewhere = indexable
      .filter((item) => item.canonical !== `${origin}${item.url}`)
      .map((item) => `${item.url} → ${item.canonical}`);
    expect(elsewhere).toEqual([]);
    expect(duplicates(indexable, (item) => item.canonical)).toEqual([]);
  });

  it('finds no two pages with one title or one description, and no title too short to say what it is', () => {
    expect(duplicates(indexable, (item) => item.title)).toEqual([]);
    expect(duplicates(indexable, (item) => item.description)).toEqual([]);
    expect(indexable.filter((item) => item.title.length < 30).map((item) => item.title)).toEqual([]);
    expect(indexable.filter((item) => item.description.length < 50).map((item) => item.url)).toEqual([]);
  });

  it('finds every description ending as a sentence or with «…» after a whole word, never cut mid-word', () => {
    const unfinished = indexable
      .filter((item) => !/[.!?…»)]$/.test(item.description))
      .map((item) => `${item.url}: …${item.description.slice(-30)}`);
    expect(unfinished).toEqual([]);
    // The word before «…» is a word of the page's own text, not the start of a longer one.
    const midWord = indexable.filter((item) => {
      const last = item.description.match(/([\p{L}\d-]+)…$/u)?.[1];
      if (!last) return false;
      const body = item.html.slice(item.html.indexOf('</head>'));
      return !new RegExp(`(?<![\\p{L}\\d])${last}(?![\\p{L}\\d])`, 'u').test(body);
    });
    expect(midWord.map((item) => `${item.url}: …${item.description.slice(-30)}`)).toEqual([]);
    expect(indexable.some((item) => item.description.endsWith('…'))).toBe(true);
  });

  it('answers 404 to addresses that are not pages, rather than a «not found» page with 200', async () => {
    for (const url of [
      '/no-such-page',
      '/efirnye-masla/no-such-category',
      '/no-such-product-10-ml.html',
      '/recept/no-such-recipe.html',
      '/seminar_po_aromatherapy/no-such-course.html',
      '/efirnye-masla?page=99',
    ]) {
      const response = await fetch(`${origin}${url}`);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).toContain('<meta name="robots" content="noindex');
    }
    const soft = [...pages.values()].filter((item) => item.status === 200 && /не найден/i.test(item.h1));
    expect(soft.map((item) => item.url)).toEqual([]);
  });

  it('gives every page a link-preview picture and every page with breadcrumbs a BreadcrumbList', () => {
    expect(indexable.filter((item) => !item.ogImage.startsWith('http')).map((item) => item.url)).toEqual([]);
    const withoutList = [...pages.values()]
      .filter((item) => item.hasBreadcrumbs && jsonLdOfType(item, 'BreadcrumbList').length !== 1)
      .map((item) => item.url);
    expect(withoutList).toEqual([]);
  });

  it('finds one h1 first on each page and headings going down one level at a time', () => {
    const jumps = [...pages.values()]
      .filter((item) => item.html)
      .filter(
        (item) =>
          item.headings[0] !== 1 ||
          item.headings.filter((level) => level === 1).length !== 1 ||
          item.headings.some((level, index) => index > 0 && level > (item.headings[index - 1] ?? 1) + 1),
      )
      .map((item) => `${item.url}: h${item.headings.join(' h')}`);
    expect(jumps).toEqual([]);
  });

  it('names the volume in the title, description and heading of each volume of one oil', () => {
    const small = page('/lavanda-uzkolistnaya-10-ml.html');
    const large = page('/lavanda-uzkolistnaya-30-ml.html');
    expect(small.h1).toBe('Лаванда узколистная, 10 мл');
    expect(large.h1).toBe('Лаванда узколистная, 30 мл');
    expect(small.description).toMatch(/^Лаванда узколистная, 10 мл /);
    expect(large.description).toMatch(/^Лаванда узколистная, 30 мл /);
    expect(page('/efirnye-masla/pryanye').title).toBe('Пряные эфирные масла — купить в Москве, цены | Эфир');
  });

  it('describes a product with its brand, sku, barcode, return policy, delivery and the special price’s last day', () => {
    const [own] = jsonLdOfType(page('/lavanda-uzkolistnaya-10-ml.html'), 'Product');
    expect(own).toMatchObject({ brand: { '@type': 'Brand', name: 'Эфир' }, sku: expect.any(String) });
    const offer = own?.offers as Record<string, unknown>;
    expect(offer.hasMerchantReturnPolicy).toMatchObject({ merchantReturnDays: 7, applicableCountry: 'RU' });
    const shipping = offer.shippingDetails as Array<Record<string, unknown>>;
    expect(shipping.length).toBeGreaterThan(2);
    for (const way of shipping) {
      expect(way).toMatchObject({
        '@type': 'OfferShippingDetails',
        shippingRate: { currency: 'RUB', value: expect.any(Number) },
        deliveryTime: { transitTime: { unitCode: 'DAY' } },
      });
    }

    const [other] = jsonLdOfType(page('/diffuzor-ultrazvukovoj.html'), 'Product');
    expect(other).toMatchObject({ brand: { name: 'AromaHome' }, gtin: '4601234567893' });

    const specials = indexable.flatMap((item) => jsonLdOfType(item, 'Product'));
    const withSpecial = specials.filter(
      (product) => (product.offers as Record<string, unknown>).priceValidUntil,
    );
    expect(withSpecial.length).toBeGreaterThan(0);
    for (const product of withSpecial) {
      expect((product.offers as { priceValidUntil: string }).priceValidUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('marks the recipes (home cosmetics) as HowTo, never Recipe, and articles with their last change', () => {
    const recipes = indexable.filter((item) => /^\/recept\/.+\.html$/.test(item.url));
    expect(recipes.length).toBeGreaterThan(5);
    for (const recipe of recipes) {
      expect(jsonLdOfType(recipe, 'Recipe'), recipe.url).toEqual([]);
      const [howTo] = jsonLdOfType(recipe, 'HowTo');
      expect(howTo, recipe.url).toMatchObject({
        supply: expect.any(Array),
        dateModified: expect.any(String),
      });
      expect((howTo?.step as unknown[] | undefined)?.length ?? 0, recipe.url).toBeGreaterThan(1);
    }
    const [article] = jsonLdOfType(page('/articles/efirnye-masla-dlya-sna.html'), 'Article');
    expect(article).toMatchObject({ datePublished: expect.any(String), dateModified: expect.any(String) });
  });

  it('introduces the shop on the home and contacts pages, with opening hours, and rates nothing of itself', () => {
    for (const url of ['/', '/kontakt.html']) {
      const [organization] = jsonLdOfType(page(url), 'Organization').concat(
        jsonLdOfType(page(url), 'OnlineStore'),
      );
      expect(organization, url).toMatchObject({
        name: 'Эфир',
        address: { '@type': 'PostalAddress', addressLocality: 'Москва' },
        openingHoursSpecification: [
          {
            dayOfWeek: expect.arrayContaining(['https://schema.org/Monday']),
            opens: '09:00',
            closes: '18:00',
          },
          { dayOfWeek: ['https://schema.org/Friday'], opens: '09:00', closes: '17:00' },
        ],
      });
      expect(jsonLdOfType(page(url), 'WebSite'), url).toHaveLength(1);
    }
    for (const url of ['/reviews', '/reviews.html']) {
      const reviews = pages.get(url);
      if (reviews) expect(JSON.stringify(reviews.jsonLd), url).not.toContain('AggregateRating');
    }
    const [course] = indexable
      .filter((item) => item.url.startsWith('/seminar_po_aromatherapy/'))
      .flatMap((item) => jsonLdOfType(item, 'Course'));
    expect(course).toMatchObject({ image: expect.stringMatching(/^http.*\.png$/) });
  });
});
