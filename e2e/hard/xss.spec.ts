// The XSS corpus one vector per stored item (`npm run test:hard`; `e2e/xss.spec.ts` batches them for `npm test`):
// every storable vector, as written and with the canary, as its own shop review from its own visitor and as its own
// reply under a product, an article and a recipe — then every page that shows them, in Chromium, with the CSP
// bypassed: no dialog, no canary, no foreign script or frame, no dangerous markup. Needs the build.
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH } from '../support/global-setup.ts';
import { type RunningShop, startShop } from '../support/server.ts';
import {
  type Inspection,
  inspectPage,
  ipSequence,
  oneByOne,
  STORABLE_CORPUS,
  storeReplies,
  storeReviews,
} from '../support/xss.ts';

const hasBrowser = existsSync(CHROMIUM_PATH);
if (!hasBrowser)
  console.warn(`\n\n  !!! Chromium not found at ${CHROMIUM_PATH}: the XSS corpus run is SKIPPED.\n\n`);

const ALL_IDS = STORABLE_CORPUS.map((item) => item.id);
const COMMENTED_PAGES = [
  { type: 'product', url: '/bergamot-10-ml.html' },
  { type: 'article', url: '/articles/efirnye-masla-dlya-sna.html' },
  { type: 'recept', url: '/recept/maslyanaya-syvorotka-dlya-lica.html' },
] as const;

function expectNoScript(results: Inspection[], path: string): void {
  const all = (pick: (result: Inspection) => string[]) => results.flatMap(pick);
  const csp = all((result) => result.cspReports);
  if (csp.length > 0) console.info(`${path}: the CSP blocked ${csp.length} thing(s), e.g. ${csp[0]}`);
  const missing = ALL_IDS.filter((id) =>
    results.every((result) => result.missing.some((label) => label.includes(`«${id}»`))),
  );
  expect(missing, `${path}: vectors that never reached the page`).toEqual([]);
  expect(
    all((result) => result.dialogs),
    `${path}: dialogs`,
  ).toEqual([]);
  expect(
    results.some((result) => result.canary),
    `${path}: canary`,
  ).toBe(false);
  expect(
    all((result) => result.foreignLoads),
    `${path}: foreign loads`,
  ).toEqual([]);
  expect(
    all((result) => result.frames),
    `${path}: frames`,
  ).toEqual([]);
  expect(
    all((result) => result.dangerous),
    `${path}: dangerous markup`,
  ).toEqual([]);
}

describe.skipIf(!hasBrowser)(`XSS corpus, ${STORABLE_CORPUS.length} cases one by one`, () => {
  let shop: RunningShop;
  let browser: Browser;
  const nextIp = ipSequence();

  beforeAll(async () => {
    shop = await startShop({ REVIEWS_AUTOPUBLISH: '1', TRUST_PROXY: '1' });
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('each in a shop review of its own, on every page of /reviews', async () => {
    await storeReviews(shop.url, nextIp, oneByOne(STORABLE_CORPUS));
    // Newest first, ten to a page: ours fill the first pages.
    const pages = Math.ceil(STORABLE_CORPUS.length / 10);
    const results: Inspection[] = [];
    for (let page = 1; page <= pages; page++) {
      results.push(
        await inspectPage(browser, shop.url, `/reviews.html?page=${page}`, '.review__text', ALL_IDS),
      );
    }
    expectNoScript(results, 'reviews');
  });

  for (const { type, url } of COMMENTED_PAGES) {
    it(`each in a reply of its own on the ${type} page`, async () => {
      await storeReplies(shop.url, nextIp, url, oneByOne(STORABLE_CORPUS), type);
      expectNoScript([await inspectPage(browser, shop.url, url, '#comments .comment__text', ALL_IDS)], url);
    });
  }
});
