// The run's one Chromium (global-setup.ts), a connection to it per spec file; a failing test leaves a screenshot in
// test-results/.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
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
