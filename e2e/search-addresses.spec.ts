// What a search engine's crawler meets on the built shop (issue 20): one address per page (duplicates answer 301),
// listing pages that are pages of their own, no soft 404 past the last page, the icons and the web manifest.
import { describe, expect, it } from 'vitest';
import { baseUrl, hasBrowser, useBrowser } from './support/browser.ts';

const fetchRaw = (path: string) => fetch(`${baseUrl}${path}`, { redirect: 'manual' });
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]+)<\/title>/.exec(html)?.[1];

describe('addresses a crawler meets', () => {
  it.each([
    ['/index.html', '/'],
    ['/help/?utm_source=yandex', '/help?utm_source=yandex'],
    ['/catalog.html/', '/catalog.html'],
    ['/lavanda-uzkolistnaya-10-ml.html/', '/lavanda-uzkolistnaya-10-ml.html'],
    ['//efirnye-masla//citrusovye?page=1', '/efirnye-masla/citrusovye?page=1'],
    ['/Lavanda-Uzkolistnaya-10-ml.html', '/lavanda-uzkolistnaya-10-ml.html'],
    ['/reviews', '/reviews.html'],
  ])('%s answers 301 to %s', async (from, to) => {
    const response = await fetchRaw(from);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(to);
  });

  it('gives the second page of a category its own canonical address and title, and 404 past the last', async () => {
    const second = await (await fetchRaw('/efirnye-masla?page=2')).text();
    expect(canonicalOf(second)).toBe(`${baseUrl}/efirnye-masla?page=2`);
    expect(titleOf(second)).toMatch(/ — страница 2 \| Эфир$/);
    expect((await fetchRaw('/efirnye-masla?page=99')).status).toBe(404);
  });

  it('serves the favicon, the apple-touch-icon and the manifest from the build', async () => {
    for (const [path, type] of [
      ['/favicon.ico', /^image\//],
      ['/apple-touch-icon.png', /^image\/png/],
      ['/manifest.webmanifest', /^application\/manifest\+json/],
    ] as const) {
      const response = await fetchRaw(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(type);
    }
  });
});

describe.skipIf(!hasBrowser)('a listing page in the browser', () => {
  const browser = useBrowser();

  it('moves the canonical link and the title with the page number on a client-side step', async () => {
    const { page } = browser;
    await page.goto('/efirnye-masla');
    const canonical = () => page.locator('link[rel="canonical"]').getAttribute('href');
    expect(await canonical()).toBe(`${baseUrl}/efirnye-masla`);
    await page
      .getByRole('navigation', { name: 'Страницы' })
      .getByRole('link', { name: '2', exact: true })
      .click();
    await page.waitForURL('**/efirnye-masla?page=2');
    await expect.poll(canonical).toBe(`${baseUrl}/efirnye-masla?page=2`);
    expect(await page.title()).toMatch(/ — страница 2 \| Эфир$/);
  });
});
