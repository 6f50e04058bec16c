// Code splitting keeps hydration exact (issue 10): the pages whose code loads on demand hydrate without a mismatch
// or another console error, keep the server's rich text while its sanitiser arrives, and navigate in the browser.
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser, waitForSettled } from './support/browser.ts';

const PAGES = [
  { url: '/', heading: null },
  { url: '/efirnye-masla/citrusovye', heading: 'Цитрусовые' },
  { url: '/bergamot-10-ml.html', heading: null },
  { url: '/articles/efirnye-masla-dlya-sna.html', heading: null },
];

describe.skipIf(!hasBrowser)('hydration of pages loaded on demand', () => {
  const browser = useBrowser();

  it.each(PAGES)('hydrates $url without console errors and keeps its content', async ({ url, heading }) => {
    const { page } = browser;
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('404')) problems.push(message.text());
    });
    const serverHtml = await (await page.request.get(url)).text();
    await page.goto(url);
    await waitForSettled(page);
    expect(problems).toEqual([]);
    if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    // Rich text hydrates once the sanitiser's code arrives: every block the server sent is still there, with text.
    const serverBlocks = serverHtml.match(/class="rich-text\b/g)?.length ?? 0;
    const blocks = await page.locator('.rich-text').allTextContents();
    expect(blocks.length).toBeGreaterThanOrEqual(serverBlocks);
    expect(blocks.filter((text) => text.trim() === '')).toEqual([]);
  });

  it('holds back the code a reader may never need: the comments form until it nears the screen', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 412, height: 823 });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const heldBack = () =>
      requested.filter((path) => /\/(comments-section|sanitize-html|zod-ru)-/.test(path));
    await page.goto('/bergamot-10-ml.html');
    await waitForSettled(page);
    expect(heldBack()).toEqual([]);
    // The server's HTML of the comments is there all along.
    await page.getByRole('heading', { level: 2, name: 'Отзывы покупателей' }).waitFor({ state: 'attached' });

    await page.locator('#comments').scrollIntoViewIfNeeded();
    await expect.poll(() => heldBack().some((path) => path.includes('comments-section'))).toBe(true);
  });

  it('holds back the footer until it nears the screen, then its links open pages in the browser', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 412, height: 823 });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const footerCode = () => requested.filter((path) => /\/site-footer-[\w-]+\.js$/.test(path));
    await page.goto('/bergamot-10-ml.html');
    await waitForSettled(page);
    expect(footerCode()).toEqual([]);
    // The server's footer is there all along, with the networks' marks.
    const footer = page.locator('.site-footer');
    expect(await footer.getByRole('link', { name: 'Telegram', exact: true }).locator('svg').count()).toBe(1);

    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await footer.scrollIntoViewIfNeeded();
    await expect.poll(() => footerCode().length).toBe(1);
    // Hydrated: React has taken over the server's links (it marks the nodes it owns).
    await page.waitForFunction(() => {
      const link = document.querySelector('.site-footer a');
      return link !== null && Object.keys(link).some((key) => key.startsWith('__reactFiber'));
    });
    await footer.getByRole('link', { name: 'Доставка и оплата' }).click();
    await page.getByRole('heading', { level: 1, name: 'Доставка и оплата' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  it('opens a product from a category in the browser, with its page code loaded on demand', async () => {
    const { page } = browser;
    await page.goto('/efirnye-masla/citrusovye');
    await waitForSettled(page);
    // A full page load would lose this mark; a client navigation keeps it.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const first = page.locator('.product-card').first();
    const name = (await first.getByRole('heading').textContent())!.trim();
    await first.getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // Its rich text shows once the sanitiser's code is there (asked for at the click).
    await page.locator('.rich-text').first().waitFor();
    expect(await page.locator('.rich-text').count()).toBeGreaterThan(0);
  });
});
