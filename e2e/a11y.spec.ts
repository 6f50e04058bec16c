// Accessibility in the e2e run (issue 10): axe-core audits the shop's main pages — as a guest, logged in, and on a
// phone — and finds no serious or critical violation. A shop of its own, so the registration below does not
// count against the rate limits the other specs share.
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AxeFinding, auditPage } from './support/axe.ts';
import { hasBrowser, waitForAppOnLoads } from './support/browser.ts';
import { type RunningShop, startSeededShop } from './support/server.ts';
import { Visitor } from './support/xss.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const PRODUCT_URL = '/bergamot-10-ml.html';

const GUEST_PAGES = [
  '/',
  '/catalog.html',
  '/efirnye-masla',
  PRODUCT_URL,
  '/articles/efirnye-masla-dlya-sna.html',
  '/recept/maslyanaya-syvorotka-dlya-lica.html',
  `/search?q=${encodeURIComponent('лаванда')}`,
  '/my-cart',
  '/login',
  '/registration',
  '/reviews.html',
  '/add-review',
];

function describeFindings(findings: AxeFinding[]): string[] {
  return findings.map(
    (finding) => `[${finding.impact}] ${finding.id}: ${finding.help} — ${finding.targets.join(', ')}`,
  );
}

describe.skipIf(!hasBrowser)('accessibility (axe-core)', () => {
  let shop: RunningShop;
  let browser: Browser;

  beforeAll(async () => {
    shop = await startSeededShop();
    browser = await chromium.launch({
      executablePath: inject('chromiumPath') ?? undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  async function audit(context: BrowserContext, url: string): Promise<string[]> {
    const page = waitForAppOnLoads(await context.newPage());
    try {
      const answer = await page.goto(`${shop.url}${url}`, { waitUntil: 'networkidle' });
      // An error page or a redirect to /login would be audited in place of the page meant.
      const landed = new URL(page.url()).pathname;
      if (!answer?.ok() || landed !== new URL(url, shop.url).pathname)
        return [`${answer?.status()} at ${landed}`];
      return describeFindings(await auditPage(page));
    } finally {
      await page.close();
    }
  }

  it('guest pages on a desktop', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'ru-RU' });
    const found: Record<string, string[]> = {};
    for (const url of GUEST_PAGES) found[url] = await audit(context, url);
    await context.close();
    expect(found).toEqual(Object.fromEntries(GUEST_PAGES.map((url) => [url, []])));
  });

  it('home and product on a phone (390×844)', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      locale: 'ru-RU',
      isMobile: true,
      hasTouch: true,
    });
    const found = { home: await audit(context, '/'), product: await audit(context, PRODUCT_URL) };
    await context.close();
    expect(found).toEqual({ home: [], product: [] });
  });

  it('the account pages when logged in', async () => {
    const visitor = new Visitor(shop.url, '127.0.0.1');
    await visitor.register('Алёна');
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'ru-RU' });
    await visitor.logIn(waitForAppOnLoads(await context.newPage()));
    const pages = ['/my-account', '/my-personal', '/my-question'];
    const found: Record<string, string[]> = {};
    for (const url of pages) found[url] = await audit(context, url);
    await context.close();
    expect(found).toEqual(Object.fromEntries(pages.map((url) => [url, []])));
  });
});
