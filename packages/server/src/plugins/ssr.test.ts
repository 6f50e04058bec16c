// Server-rendered pages: full HTML with title and description, guards, 404s and the embedded start-up data.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { REVIEWS_PER_PAGE } from '@efir/domain/reviews-schemas';
import { LEGAL_PAGE_URLS, STATIC_PAGE_URLS } from '@efir/domain/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopReviews } from '../features/reviews/reviews.table.ts';
import { createSourceSsrOptions } from '../test/page-renderer.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { pickPageEncoding } from './page-cache.ts';
import {
  createPageAssets,
  prepareTemplate,
  readInlineStyles,
  removeStylesheetLinks,
  renderScriptLoader,
  renderStyleTags,
  takeLeadingPreloads,
} from './ssr.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ deps: { ssr: await createSourceSsrOptions() } });
});

afterAll(() => testApp.close());

function getPage(url: string) {
  return testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
}

function textOf(html: string, pattern: RegExp): string | undefined {
  return html.match(pattern)?.[1];
}

describe('server-rendered pages', () => {
  it('renders the home page with layout, catalogue and start-up data', async () => {
    const response = await getPage('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(textOf(html, /<title>([^<]+)<\/title>/)).toBe(
      'Эфир — Натуральные эфирные масла и школа ароматерапии, интернет-магазин в Москве',
    );
    expect(html).toContain('Москва');
    expect(html).toContain('+7 (495) 120-45-67');
    expect(html).toContain('Пн–Чт 9–18, Пт до 17');
    expect(html).toContain('>Эфирные масла<');
    expect(html).toContain('>Каталог<');
    expect(html).toContain('>Обучение<');
    expect(html).toContain('>Рецепты<');
    expect(html).toContain('>Статьи<');
    const data = JSON.parse(textOf(html, /<script[^>]*id="efir-bootstrap"[^>]*>([^<]+)<\/script>/) ?? 'null');
    expect(data.user).toBeNull();
    expect(data.critical.catalogs.length).toBeGreaterThanOrEqual(8);
  });

  it.each([...STATIC_PAGE_URLS, ...LEGAL_PAGE_URLS])(
    'renders %s with its own title, description and text',
    async (url) => {
      const response = await getPage(url);
      expect(response.statusCode).toBe(200);
      const title = textOf(response.body, /<title>([^<]+)<\/title>/);
      const h1 = textOf(response.body, /<h1>([^<]+)<\/h1>/);
      expect(h1).toBeTruthy();
      // A short name says what the shop sells; the shop's name follows «|».
      expect(title).toMatch(new RegExp(`^${h1}( — магазин эфирных масел в Москве)? \\| Эфир$`));
      expect(title?.length).toBeGreaterThanOrEqual(30);
      const description = textOf(response.body, /<meta name="description" content="([^"]+)"/);
      expect(description?.length).toBeGreaterThan(80);
      expect(response.body).toContain(`<link rel="canonical" href="http://localhost:3000${url}"`);
      expect(response.body).toMatch(/<p class="lead">/);
    },
  );

  it('answers an unknown path with HTTP 404 and the not-found page', async () => {
    const response = await getPage('/no-such-page-here');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Страница не найдена');
    expect(response.body).toContain('noindex');
  });

  it('serves /err404 itself with status 404', async () => {
    const response = await getPage('/err404');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Страница не найдена');
  });

  it('sends a guest from an account page to /login, on the server render', async () => {
    const response = await getPage('/my-orders');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?from=%2Fmy-orders');
  });

  it('lets a guest open the guest-only pages', async () => {
    for (const url of ['/login', '/registration', '/forgot-password']) {
      const response = await getPage(url);
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('protects pages with a nonce-based CSP that covers every script that runs', async () => {
    const response = await getPage('/kontakt.html');
    const csp = String(response.headers['content-security-policy']);
    const nonce = textOf(csp, /'nonce-([^']+)'/);
    expect(nonce).toBeTruthy();
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain('unsafe-inline');
    const scripts = response.body.match(/<script[^>]*>/g) ?? [];
    const running = scripts.filter((tag) => !/type="application\/(ld\+)?json"/.test(tag));
    expect(running.length).toBeGreaterThan(0);
    for (const tag of running) expect(tag).toContain(`nonce="${nonce}"`);
    // Data blocks do not run; a nonce there would only differ from the DOM at hydration (browsers hide it).
    for (const tag of scripts.filter((tag) => !running.includes(tag))) expect(tag).not.toContain('nonce');
    const second = await getPage('/kontakt.html');
    expect(String(second.headers['content-security-policy'])).not.toContain(nonce!);
  });

  it('puts a product into the HTML itself: name, price, description, JSON-LD and Open Graph (no JavaScript needed)', async () => {
    const response = await getPage('/lavanda-uzkolistnaya-10-ml.html');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(textOf(html, /<h1[^>]*>([^<]+)<\/h1>/)).toBe('Лаванда узколистная, 10 мл');
    expect(html).toMatch(/490\s?₽/);
    expect(html).toMatch(/<title>Лаванда узколистная, 10 мл — купить в Москве, цена \| Эфир<\/title>/);
    expect(html).toContain('Lavandula angustifolia');
    // A sentence from the description, rendered as text.
    const description = html.match(/<meta name="description" content="([^"]+)"/)?.[1] ?? '';
    expect(description.length).toBeGreaterThan(60);
    expect(html).toContain(
      'og:image" content="http://localhost:3000/images/products/lavanda-uzkolistnaya-10-ml.jpg',
    );
    const blocks = [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!),
    );
    const product = blocks.find((block) => block['@type'] === 'Product');
    expect(product.name).toMatch(/^Лаванда узколистная/);
    expect(product.offers).toMatchObject({ priceCurrency: 'RUB', price: 490 });
    expect(String(product.offers.availability)).toMatch(/schema\.org\/(InStock|OutOfStock)/);
    expect(blocks.some((block) => block['@type'] === 'BreadcrumbList')).toBe(true);
  });

  it('preloads the product picture from the top of the head, in the size the phone or the desktop shows', async () => {
    const html = (await getPage('/lavanda-uzkolistnaya-10-ml.html')).body;
    const head = html.slice(0, html.indexOf('</head>'));
    const preload = head.match(/<link rel="preload" as="image"[^>]*>/)?.[0] ?? '';
    expect(preload).toContain('fetchPriority="high"');
    expect(preload).toContain(
      'imageSrcSet="/images/products/lavanda-uzkolistnaya-10-ml-400w.webp 400w, /images/products/lavanda-uzkolistnaya-10-ml.webp 800w"',
    );
    expect(head.indexOf(preload)).toBeLessThan(head.indexOf('<title>'));
    // The markup React hydrates starts with the page itself.
    expect(html).toMatch(/<div id="root"><(?!link)/);
  });

  it('renders articles with Article and recipes (home cosmetics) with HowTo JSON-LD', async () => {
    const listing = JSON.parse(
      (await testApp.app.inject({ method: 'POST', url: '/api/v1/route', payload: { url: '/recept.html' } }))
        .body,
    );
    const recipe = listing.recepts[0];
    const html = (await getPage(recipe.url)).body;
    expect(html).toContain(recipe.title);
    expect(html).toContain('"@type":"HowTo"');
    expect(html).not.toContain('"@type":"Recipe"');
    const articles = JSON.parse(
      (
        await testApp.app.inject({
          method: 'POST',
          url: '/api/v1/route',
          payload: { url: '/articles-new.html' },
        })
      ).body,
    );
    const articleHtml = (await getPage(articles.articles[0].url)).body;
    expect(articleHtml).toContain('"@type":"Article"');
  });

  it('renders a category with its products and honours the filter cookie on the server', async () => {
    const plain = await getPage('/efirnye-masla');
    expect(plain.statusCode).toBe(200);
    const filtered = await testApp.app.inject({
      method: 'GET',
      url: '/efirnye-masla',
      headers: {
        accept: 'text/html',
        cookie: `filter_product=${encodeURIComponent('{"icons":[],"anywhere":1}')}`,
      },
    });
    const count = (html: string) => (html.match(/class="product-card"/g) ?? []).length;
    expect(count(plain.body)).toBeGreaterThan(0);
    const data = JSON.parse(
      (
        await testApp.app.inject({
          method: 'POST',
          url: '/api/v1/route',
          payload: { url: '/efirnye-masla', filter: { anywhere: 1 } },
        })
      ).body,
    );
    for (const product of data.products.slice(0, 3)) expect(filtered.body).toContain(product.url);
    expect(filtered.body).not.toContain('Нет в наличии</span>');
  });

  it('gives each page of a listing its own canonical address, title and description', async () => {
    const first = (await getPage('/efirnye-masla')).body;
    const second = await getPage('/efirnye-masla?page=2');
    expect(second.statusCode).toBe(200);
    const html = second.body;
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/efirnye-masla?page=2" />');
    expect(html).toContain('<meta property="og:url" content="http://localhost:3000/efirnye-masla?page=2" />');
    const title = textOf(html, /<title>([^<]+)<\/title>/);
    const description = textOf(html, /<meta name="description" content="([^"]+)"/);
    expect(title).toBe(`${textOf(first, /<title>([^<]+) \| Эфир<\/title>/)} — страница 2 | Эфир`);
    expect(description).toMatch(/ — страница 2\.$/);
    expect(description).not.toBe(textOf(first, /<meta name="description" content="([^"]+)"/));
    // The first page is the listing's address itself, with or without ?page=1.
    for (const url of ['/efirnye-masla', '/efirnye-masla?page=1', '/efirnye-masla?utm_source=ya']) {
      expect((await getPage(url)).body).toContain(
        '<link rel="canonical" href="http://localhost:3000/efirnye-masla" />',
      );
    }
  });

  it.each([
    '/efirnye-masla?page=99',
    '/akcii?page=99',
    '/articles-new.html?page=99',
    '/reviews.html?page=99',
  ])('answers %s, past the last page, with 404 and the not-found page', async (url) => {
    const response = await getPage(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<meta name="robots" content="noindex, follow" />');
  });

  it('numbers the pages of the shop reviews too', async () => {
    const rows = Array.from({ length: REVIEWS_PER_PAGE + 1 }, (_, index) => ({
      name: `Покупатель ${index + 1}`,
      rating: 5,
      html: '<p>Всё пришло вовремя.</p>',
      status: 'published' as const,
    }));
    await testApp.database.db.insert(shopReviews).values(rows);
    const second = (await getPage('/reviews.html?page=2')).body;
    expect(second).toContain('<link rel="canonical" href="http://localhost:3000/reviews.html?page=2" />');
    expect(textOf(second, /<title>([^<]+)<\/title>/)).toBe(
      'Отзывы покупателей о магазине эфирных масел — страница 2 | Эфир',
    );
  });

  it('keeps API paths JSON even when the page does not exist', async () => {
    const response = await getPage('/api/v1/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found' });
  });
});

describe('the page code and styles a render used', () => {
  const manifest = {
    'index.html': {
      file: 'assets/index-1.js',
      isEntry: true,
      imports: ['_vendor-1.js'],
      css: ['assets/index-1.css', 'assets/shared-1.css'],
    },
    '_vendor-1.js': { file: 'assets/vendor-1.js' },
    'src/features/catalog/product-page.tsx': {
      file: 'assets/product-page-1.js',
      isDynamicEntry: true,
      imports: ['index.html', '_card-1.js'],
      css: ['assets/product-page-1.css', 'assets/shared-1.css'],
    },
    '_card-1.js': { file: 'assets/card-1.js', imports: ['_vendor-1.js'], css: ['assets/card-1.css'] },
  };

  it("lists the entry styles, then the page modules' own, and the chunks the entry does not load", () => {
    expect(createPageAssets(manifest)(['src/features/catalog/product-page.tsx'])).toEqual({
      styles: ['assets/index-1.css', 'assets/shared-1.css', 'assets/product-page-1.css', 'assets/card-1.css'],
      chunks: ['assets/product-page-1.js', 'assets/card-1.js'],
    });
  });

  it('gives only the entry styles for a page without modules of its own or for an unknown module', () => {
    const assets = createPageAssets(manifest);
    const entryOnly = { styles: ['assets/index-1.css', 'assets/shared-1.css'], chunks: [] };
    expect(assets([])).toEqual(entryOnly);
    expect(assets(['src/unknown.tsx'])).toEqual(entryOnly);
  });

  it("inlines a stylesheet with a disabled link to it, which Vite's chunk loader finds and the browser never loads", () => {
    const tags = renderStyleTags(
      ['assets/index-1.css', 'assets/fonts-1.css'],
      new Map([['assets/index-1.css', 'body{color:#222}']]),
    );
    expect(tags).toBe(
      '<style>body{color:#222}</style><link rel="stylesheet" crossorigin href="/assets/index-1.css" disabled>' +
        '<link rel="stylesheet" crossorigin href="/assets/fonts-1.css">',
    );
  });

  it("reads the build's stylesheets, but not one whose URLs are relative to its file", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'efir-styles-'));
    try {
      await mkdir(path.join(dir, 'assets'));
      await writeFile(path.join(dir, 'assets/index-1.css'), 'a::after{content:"</style>"}');
      await writeFile(path.join(dir, 'assets/shared-1.css'), 'b{background:url(data:image/png;base64,AA)}');
      await writeFile(path.join(dir, 'assets/product-page-1.css'), '@font-face{src:url(./font-1.woff2)}');
      await writeFile(path.join(dir, 'assets/card-1.css'), 'c{background:url("/images/c.webp")}');
      const styles = readInlineStyles(manifest, dir);
      expect(Object.fromEntries(styles)).toEqual({
        'assets/index-1.css': 'a::after{content:"<\\/style>"}',
        'assets/shared-1.css': 'b{background:url(data:image/png;base64,AA)}',
        'assets/card-1.css': 'c{background:url("/images/c.webp")}',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('takes the preloads React put before the markup, and nothing else', () => {
    const preload = '<link rel="preload" as="image" fetchPriority="high" href="/images/a.webp"/>';
    expect(takeLeadingPreloads(`${preload}<div><link rel="preload" href="/b"/></div>`)).toEqual({
      preloads: preload,
      html: '<div><link rel="preload" href="/b"/></div>',
    });
    expect(takeLeadingPreloads('<div></div>')).toEqual({ preloads: '', html: '<div></div>' });
  });

  it('takes out of the template the links to the given stylesheets only', () => {
    const template =
      '<head><script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
      '    <link rel="stylesheet" crossorigin href="/assets/index-1.css">\n' +
      '    <link rel="stylesheet" href="/print.css">\n  </head>';
    expect(removeStylesheetLinks(template, ['assets/index-1.css'])).toBe(
      '<head><script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
        '    <link rel="stylesheet" href="/print.css">\n  </head>',
    );
  });

  it("takes the entry's stylesheet links, script and preloads out of the template; the loader lists them after the page's chunks", () => {
    const template =
      '<head><!--app-head-->\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/react-1.js">\n' +
      '    <link rel="stylesheet" crossorigin href="/assets/index-1.css">\n' +
      '    <link rel="stylesheet" href="/print.css">\n  </head>';
    const prepared = prepareTemplate(template, ['assets/index-1.css']);
    expect(prepared).toEqual({
      template: '<head><!--app-head-->\n    <link rel="stylesheet" href="/print.css">\n  </head>',
      entry: '/assets/index-1.js',
      preloads: ['/assets/react-1.js'],
    });
    expect(renderScriptLoader(prepared, ['assets/product-page-1.js'])).toMatch(
      /^<script data-entry="\/assets\/index-1\.js" data-preload="\/assets\/product-page-1\.js \/assets\/react-1\.js">\(function\(tag\)/,
    );
    // A template without an entry script stays as it is and gets no loader.
    const bare = prepareTemplate('<head></head>', []);
    expect(bare).toEqual({ template: '<head></head>', entry: '', preloads: [] });
    expect(renderScriptLoader(bare, [])).toBe('');
  });

  it('sends a page with the entry styles inlined at the end of its head, not linked', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'efir-styles-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets/index-1.css'), 'body{margin:0}');
    const app = await createTestApp({
      deps: {
        ssr: {
          ...(await createSourceSsrOptions()),
          loadTemplate: async () =>
            '<!doctype html><html><head><!--app-head--><script type="module" crossorigin src="/assets/index-1.js"></script>' +
            '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
            '<body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
          clientManifest: {
            'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
          },
          clientDir: dir,
        },
      },
    });
    try {
      const response = await app.app.inject({ method: 'GET', url: '/kontakt.html' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(
        '<style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index-1.css" disabled></head>',
      );
      expect(response.body.match(/href="\/assets\/index-1\.css"/g)).toHaveLength(1);
      // The scripts start from a loader at the end of <body>, which carries the page's nonce.
      expect(response.body).not.toMatch(/<script[^>]*type="module"/);
      expect(response.body).toMatch(
        /<script nonce="[^"]+" data-entry="\/assets\/index-1\.js"[^>]*>[^<]+<\/script><\/body>/,
      );
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('compressed pages', () => {
  it('sends a page with Brotli or gzip as the browser accepts, and plain otherwise', async () => {
    const plain = await getPage('/kontakt.html');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decompress] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/kontakt.html',
        headers: { accept: 'text/html', 'accept-encoding': accept },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(decompress(response.rawPayload).toString('utf8')).toContain('<title>');
    }
  });

  it('reads the Accept-Encoding header with its weights', () => {
    expect(pickPageEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickPageEncoding('identity')).toBeNull();
    expect(pickPageEncoding(undefined)).toBeNull();
  });
});
