// The run's one Chromium (global-setup.ts), a connection to it per spec file; a failing test leaves a screenshot in
// test-results/.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject, type TestContext } from 'vitest';
import { repoRoot } from './server.ts';

export const baseUrl = inject('baseUrl');
const browserEndpoint = inject('browserEndpoint');
export const hasBrowser = browserEndpoint !== null;
export const resultsDir = path.join(repoRoot, 'test-results');

export interface BrowserFixture {
  page: Page;
  context: BrowserContext;
}

/**
 * A shop page starts its scripts after it is shown (plugins/ssr.ts), so the load event can come before the app
 * works: goto() and reload() also wait for <html data-hydrated> (entry-client.tsx), as a person waits for a page
 * to respond. Documents that are not the app (no #root) are not waited for.
 */
export function waitForAppOnLoads(page: Page): Page {
  trackRequests(page);
  const waitForApp = () =>
    page.waitForFunction(
      () => !document.getElementById('root') || document.documentElement.hasAttribute('data-hydrated'),
      null,
      { timeout: 15_000 },
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForApp();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForApp();
    return response;
  };
  return page;
}

/** The realtime channel's long polls (socket.io): one is always waiting for the server, so it never counts as work. */
const REALTIME_REQUEST = /\/socket\.io\//;
interface RequestTracker {
  inFlight: Set<Request>;
  /** How many have started: a request that starts and ends between two looks changed the page all the same. */
  started: number;
}
const trackers = new WeakMap<Page, RequestTracker>();

/** Counts the page's requests from now on (what waitForSettled waits out); once a page. */
function trackRequests(page: Page): RequestTracker {
  const known = trackers.get(page);
  if (known) return known;
  const tracker: RequestTracker = { inFlight: new Set(), started: 0 };
  page.on('request', (request) => {
    if (REALTIME_REQUEST.test(request.url())) return;
    tracker.inFlight.add(request);
    tracker.started += 1;
  });
  page.on('requestfinished', (request) => tracker.inFlight.delete(request));
  page.on('requestfailed', (request) => tracker.inFlight.delete(request));
  trackers.set(page, tracker);
  return tracker;
}

/**
 * Waits until the page has loaded and rendered what it starts after it is shown — the parts held back until they
 * near the screen, the product page's delivery estimate, the filters, the code loaded once the browser is idle:
 * no request in flight and none started from an idle moment of the page over the two animation frames after it,
 * so a response's render has committed and any request it starts is seen. Unlike the load state 'networkidle' it
 * does not wait out 500 ms of silence after each page, which the realtime channel's polls kept restarting
 * (decision 032). The page must be tracked (waitForAppOnLoads) before its navigation.
 */
export async function waitForSettled(page: Page, timeout = 15_000): Promise<void> {
  const tracker = trackRequests(page);
  const deadline = Date.now() + timeout;
  for (;;) {
    if (tracker.inFlight.size === 0) {
      const started = tracker.started;
      await page.evaluate(
        () =>
          new Promise((resolve) =>
            requestIdleCallback(() => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          ),
      );
      if (tracker.inFlight.size === 0 && tracker.started === started) return;
    } else if (Date.now() > deadline) {
      const pending = [...tracker.inFlight].map((request) => request.url());
      throw new Error(`the page did not settle in ${timeout} ms; still loading: ${pending.join(', ')}`);
    } else await page.waitForEvent('requestfinished', { timeout: 1_000 }).catch(() => {});
  }
}

/** A random benchmark-range address (198.18.0.0/15) for each browser context: test files run in fresh workers. */
export function visitorAddress(): string {
  const [high = 0, low = 0] = randomBytes(2);
  return `198.${18 + (high & 1)}.${high >> 1}.${low}`;
}

/** A connection to the run's Chromium; close() ends the connection and the contexts opened through it. */
export function connectBrowser(): Promise<Browser> {
  if (!browserEndpoint) throw new Error('no Chromium in this run');
  return chromium.connect(browserEndpoint);
}

/** Opens a fresh browser context (no cookies, no storage) before each test. */
export function useBrowser(viewport = { width: 1280, height: 900 }): BrowserFixture {
  let browser: Browser;
  const fixture = {} as BrowserFixture;
  beforeAll(async () => {
    if (!browserEndpoint) return;
    browser = await connectBrowser();
  });
  beforeEach(async () => {
    if (!browserEndpoint) return;
    fixture.context = await browser.newContext({
      viewport,
      baseURL: baseUrl,
      locale: 'ru-RU',
      // Each test is another customer at another address (the shared shop trusts the header: global-setup.ts).
      extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
    });
    fixture.page = waitForAppOnLoads(await fixture.context.newPage());
  });
  afterEach(async (context: TestContext) => {
    if (!browserEndpoint) return;
    if (context.task.result?.state === 'fail') {
      mkdirSync(resultsDir, { recursive: true });
      const name = context.task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
      await fixture.page
        .screenshot({ path: path.join(resultsDir, `failed-${name}.png`), fullPage: true })
        .catch(() => {});
    }
    await fixture.context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return fixture;
}
