// Long on purpose (test support): the corpus, the visitors that store it and the three detectors act as one run.
// The XSS corpus in a real browser (issue 10): the OWASP filter-evasion vectors are stored through the shop's own
// API by many simulated visitors, then the pages that show them are opened in Chromium and poked, and three
// independent detectors must stay silent: a dialog (the vectors call alert/prompt/confirm), a canary global that
// rewritten copies of the vectors assign before they call anything, and any script, frame or stylesheet the page
// tries to fetch from elsewhere (vectors that load xss.js). The browser context bypasses the shop's CSP, so a
// sanitiser hole cannot hide behind it; what the CSP itself reports is printed as information.
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import { XSS_VECTORS } from '@efir/domain/xss-vectors';
import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { waitForAppOnLoads } from './browser.ts';

export interface XssCase {
  /** `v12` for the 12th vector as written, `v12c` for its copy that also sets the canary. */
  id: string;
  html: string;
}

/** What a vector that runs sets, besides calling alert: survives a page that swallows dialogs. */
export const CANARY = '__xss';

/** `alert(1)` → `(top.__xss=1,alert)(1)`: still a call wherever the original was, and it leaves a mark first. */
export function withCanary(vector: string): string {
  return vector.replace(/\b(alert|prompt|confirm)(?=\(|&lpar;)/g, `(top.${CANARY}=1,$1)`);
}

/** Every vector as written, plus its canary copy where the rewrite changed anything. */
export const XSS_CORPUS: readonly XssCase[] = XSS_VECTORS.flatMap((vector, index) => {
  const canary = withCanary(vector);
  const cases = [{ id: `v${index + 1}`, html: vector }];
  return canary === vector ? cases : [...cases, { id: `v${index + 1}c`, html: canary }];
});

/** The NUL character cannot be stored (decision 007): the shop refuses such a body outright with 400. */
export const STORABLE_CORPUS = XSS_CORPUS.filter((item) => !item.html.includes('\u0000'));
export const REFUSED_CORPUS = XSS_CORPUS.filter((item) => item.html.includes('\u0000'));

/** The visible label stored before each vector: a reader (and the test) can tell which one it was. */
export function labelOf(id: string): string {
  return `Вектор «${id}»`;
}

function labelled(item: XssCase): string {
  return `<p>${labelOf(item.id)}</p>${item.html}`;
}

/** The sanitised text keeps the label of every item and what follows the last one. */
function keepsLabels(items: XssCase[], after = '<p>конец</p>'): boolean {
  const clean = sanitizeHtml(`${items.map(labelled).join('\n')}${after}`);
  return clean.includes(after) && items.every((item) => clean.includes(`<p>${labelOf(item.id)}</p>`));
}

/**
 * Groups cases into stored items of at most `maxChars` raw characters such that no vector swallows the labels of
 * the ones after it: the sanitiser itself is asked. The few that take the rest of the text with them (an unclosed
 * attribute quote, <noscript>, <svg>) each go last in an item of their own choosing. So every vector of every
 * item reaches the page, and the test checks that it did.
 */
export function batchCases(cases: readonly XssCase[], maxChars: number): string[][] {
  const swallowers = cases.filter((item) => !keepsLabels([item]));
  const others = cases.filter((item) => !swallowers.includes(item));
  // Spread the others over about as many items as there are swallowers, so each of these can end one.
  const spread = Math.ceil(others.map(labelled).join('\n').length / Math.max(1, swallowers.length));
  const size = Math.min(maxChars, Math.max(spread, 1_000));
  const batches: XssCase[][] = [];
  let current: XssCase[] = [];
  for (const item of others) {
    const next = [...current, item];
    if (current.length > 0 && (next.map(labelled).join('\n').length > size || !keepsLabels(next))) {
      batches.push(current);
      current = [item];
    } else {
      current = next;
    }
  }
  if (current.length > 0) batches.push(current);
  for (const item of swallowers) {
    const host = batches.find(
      (batch) =>
        !batch.some((other) => swallowers.includes(other)) &&
        [...batch, item].map(labelled).join('\n').length <= maxChars &&
        keepsLabels([...batch, item], ''),
    );
    if (host) host.push(item);
    else batches.push([item]);
  }
  return batches.map((batch) => batch.map(labelled));
}

/** One stored item per vector, each with its label: no vector can shield or disturb another. */
export function oneByOne(cases: readonly XssCase[]): string[][] {
  return cases.map((item) => [labelled(item)]);
}

/** Plain-text paths need no care about markup: just chunks of the raw vectors with their labels. */
export function chunkText(cases: readonly XssCase[], maxChars: number): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const item of cases) {
    const piece = `${labelOf(item.id)}: ${item.html}\n`;
    if (current && current.length + piece.length > maxChars) {
      chunks.push(current.trim());
      current = '';
    }
    current += piece;
  }
  if (current.trim()) chunks.push(current.trim());
  return chunks;
}

// The shop's API as a visitor from one IP (the test shop trusts X-Forwarded-For, as behind the real proxy).

export class Visitor {
  private readonly cookies = new Map<string, string>();
  private token: string | null = null;

  constructor(
    private readonly base: string,
    private readonly ip: string,
  ) {}

  async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const csrf = this.cookies.get('XSRF-TOKEN');
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ar: '1',
        'x-forwarded-for': this.ip,
        ...(this.cookies.size > 0
          ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
        ...(csrf ? { 'x-xsrf-token': decodeURIComponent(csrf) } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    // The first unsafe call of a new visitor is refused with a fresh CSRF cookie (as the shop's client learns it).
    if (response.status === 419 && !csrf && this.cookies.has('XSRF-TOKEN'))
      return this.call(method, path, body);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the error message
    }
    return { status: response.status, body: parsed };
  }

  /** Calls and insists on 200, with the answer in the error otherwise. */
  async post<Answer = unknown>(path: string, body: unknown): Promise<Answer> {
    const answer = await this.call('POST', path, body);
    if (answer.status !== 200) {
      throw new Error(`POST ${path} → ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
    }
    return answer.body as Answer;
  }

  /** Set by register(): what the visitor types into /login. */
  email = '';
  readonly password = 'лавандовое-поле-2026';

  async register(name: string): Promise<void> {
    this.email = `xss.${Date.now()}.${Math.random().toString(36).slice(2)}@example.ru`;
    const answer = await this.post<{ access_token: string }>('/v1/user', {
      name,
      email: this.email,
      password: this.password,
      agree: true,
    });
    this.token = answer.access_token;
  }

  /** Logs a browser page in as this visitor through the shop's own /login form. */
  async logIn(page: Page): Promise<void> {
    await page.goto(`${this.base}/login`);
    const form = page.getByRole('form', { name: 'Вход' });
    await form.getByRole('textbox', { name: 'E-mail' }).fill(this.email);
    await form.getByRole('textbox', { name: 'Пароль', exact: true }).fill(this.password);
    await form.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL('**/my-account');
  }
}

/** 10.x.y.z addresses, a new one per call: each simulated visitor comes from its own IP. */
export function ipSequence(): () => string {
  let next = 1;
  return () => {
    const n = next++;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
}

/** The id of a product, article or recipe, as the page data gives it. */
export async function itemIdOf(visitor: Visitor, url: string): Promise<number> {
  const answer = await visitor.post<{ page: { com_data: { id: number } } }>('/api/v1/route', { url });
  return answer.page.com_data.id;
}

// In the browser.

export interface ScriptWatch {
  dialogs: string[];
  /** Scripts, frames, stylesheets and objects the page tried to load from another origin. */
  foreignLoads: string[];
  /** Whatever the CSP blocked (information: the assertions run with the CSP bypassed). */
  cspReports: string[];
  navigations: string[];
}

export async function newWatchedPage(
  browser: Browser,
  base: string,
  options: { bypassCSP: boolean; viewport?: { width: number; height: number } },
): Promise<{ context: BrowserContext; page: Page; watch: ScriptWatch }> {
  const context = await browser.newContext({
    bypassCSP: options.bypassCSP,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    locale: 'ru-RU',
  });
  const page = waitForAppOnLoads(await context.newPage());
  const watch: ScriptWatch = { dialogs: [], foreignLoads: [], cspReports: [], navigations: [] };
  page.on('dialog', (dialog: Dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      watch.cspReports.push(message.text().slice(0, 300));
    }
  });
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) watch.navigations.push(`frame: ${frame.url()}`);
  });
  // Nothing leaves the machine; a foreign image is harmless (the sanitiser allows https pictures), anything else
  // a vector made the page fetch is a finding.
  const origin = new URL(base).origin;
  await context.route('**/*', (route) => {
    const request = route.request();
    if (request.url().startsWith(origin) || request.url().startsWith('data:')) return route.continue();
    if (!['image', 'media', 'font'].includes(request.resourceType())) {
      watch.foreignLoads.push(`${request.resourceType()}: ${request.url()}`);
    }
    return route.abort();
  });
  return { context, page, watch };
}

/**
 * Pokes every element of the rendered rich text as a reader would (hover, focus, click), so handlers such as
 * onmouseover and javascript: links get their chance; clicks on ordinary web links are kept from leaving the page.
 */
export async function exercise(page: Page, selector: string): Promise<number> {
  const touched = await page.evaluate((scope) => {
    const isWebLink = (target: EventTarget | null) => {
      const link = target instanceof Element ? target.closest('a[href]') : null;
      return link !== null && /^(https?:|mailto:|tel:|\/|#)/i.test(link.getAttribute('href') ?? '');
    };
    document.addEventListener(
      'click',
      (event) => {
        if (isWebLink(event.target)) event.preventDefault();
      },
      true,
    );
    const elements = Array.from(document.querySelectorAll(`${scope}, ${scope} *`));
    for (const element of elements) {
      for (const type of ['mouseover', 'mouseenter', 'mousemove', 'mousedown', 'mouseup', 'click']) {
        element.dispatchEvent(new MouseEvent(type, { bubbles: type !== 'mouseenter', cancelable: true }));
      }
      if (element instanceof HTMLElement) element.focus();
    }
    return elements.length;
  }, selector);
  await page.waitForTimeout(300);
  return touched;
}

/** Markup inside `selector` that could run script: handlers, script-like URLs, script/svg/frame elements. */
export function findDangerousMarkup(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll(`${scope} *`))) {
      const tag = element.tagName.toLowerCase();
      if (
        [
          'script',
          'svg',
          'math',
          'iframe',
          'frame',
          'object',
          'embed',
          'style',
          'link',
          'meta',
          'base',
          'form',
        ].includes(tag)
      ) {
        found.push(tag);
      }
      for (const attribute of element.getAttributeNames()) {
        const value = element.getAttribute(attribute) ?? '';
        if (attribute.startsWith('on') || attribute === 'style' || attribute === 'srcdoc') {
          found.push(`${tag}[${attribute}]`);
        }
        // The browser ignores control characters and whitespace inside a scheme: so does this check.
        const compact = Array.from(value)
          .filter((character) => character.charCodeAt(0) > 32)
          .join('');
        if (/^(javascript|vbscript|livescript|data):/i.test(compact)) {
          found.push(`${tag}[${attribute}=${value.slice(0, 60)}]`);
        }
      }
    }
    return found;
  }, selector);
}

/** True when any frame of the page carries the canary. */
export async function canarySet(page: Page): Promise<boolean> {
  for (const frame of page.frames()) {
    const set = await frame.evaluate((name) => name in window, CANARY).catch(() => false);
    if (set) return true;
  }
  return false;
}

/** The labels of `ids` that the page does not show inside `selector`. */
export function missingLabels(page: Page, selector: string, ids: readonly string[]): Promise<string[]> {
  return page.evaluate(
    ({ scope, labels }) => {
      const text = Array.from(document.querySelectorAll(scope))
        .map((element) => element.textContent ?? '')
        .join('\n');
      return labels.filter((label) => !text.includes(label));
    },
    { scope: selector, labels: ids.map(labelOf) },
  );
}

// The paths: store, then look.

const REVIEW_NAME = 'Проверка';

/** Shop reviews as guests, each from its own IP (5 an hour per IP is the shop's limit). */
export async function storeReviews(base: string, nextIp: () => string, items: string[][]): Promise<void> {
  for (const parts of items) {
    await new Visitor(base, nextIp()).post('/api/v1/review', {
      name: REVIEW_NAME,
      rating: 5,
      text: parts.join('\n'),
      website: '',
    });
  }
}

/** Replies under one top comment of a product, article or recipe page: all of a thread shows on one page load. */
export async function storeReplies(
  base: string,
  nextIp: () => string,
  url: string,
  items: string[][],
  type: 'product' | 'article' | 'recept',
): Promise<void> {
  const COMMENTS_PER_USER = 20;
  let author = new Visitor(base, nextIp());
  await author.register('Тестировщик');
  const id = await itemIdOf(author, url);
  const top = await author.post<{ comment: { id: number } }>('/v1/user/comment', {
    type,
    id,
    text: '<p>Корпус XSS: ответы ниже</p>',
  });
  let used = 1;
  for (const parts of items) {
    if (used === COMMENTS_PER_USER) {
      author = new Visitor(base, nextIp());
      await author.register('Тестировщик');
      used = 0;
    }
    await author.post('/v1/user/comment', { type, id, text: parts.join('\n'), parent_id: top.comment.id });
    used++;
  }
}

/** Questions are plain text; they show only on the asker's /my-question (10 questions an hour per asker). */
export async function storeQuestions(
  base: string,
  nextIp: () => string,
  chunks: string[],
): Promise<Array<{ asker: Visitor; questions: string[] }>> {
  const QUESTIONS_PER_USER = 10;
  const askers: Array<{ asker: Visitor; questions: string[] }> = [];
  for (let index = 0; index < chunks.length; index += QUESTIONS_PER_USER) {
    const asker = new Visitor(base, nextIp());
    await asker.register('Спрашивающий');
    const questions = chunks.slice(index, index + QUESTIONS_PER_USER);
    for (const text of questions) await asker.post('/v1/user/question', { text });
    askers.push({ asker, questions });
  }
  return askers;
}

export interface Inspection {
  /** Elements of the rich text that were hovered, focused and clicked. */
  touched: number;
  dialogs: string[];
  canary: boolean;
  foreignLoads: string[];
  frames: string[];
  dangerous: string[];
  missing: string[];
  cspReports: string[];
  url: string;
}

/**
 * A key press is a visitor's first interaction: the code held back until then (lib/deferred-code.ts) loads — the
 * browser's own copy of the sanitiser, through which the rich text then hydrates, and the comments section, which
 * then fetches its comments. Waits for the sanitiser's chunk and a moment for React to hydrate with it.
 */
export async function interactAndLetHeldBackCodeRun(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.includes('/sanitized-html-')),
  );
  await page.waitForTimeout(300);
}

/**
 * Opens `url` with the CSP bypassed (so only the sanitiser and React stand between a vector and the page), waits
 * for the stored items, pokes them, and reports every sign of script; then once more with the CSP on, for its
 * reports alone.
 */
export async function inspectPage(
  browser: Browser,
  base: string,
  url: string,
  scope: string,
  ids: readonly string[],
  /** Who must be logged in to see the page (questions are shown only to their asker). */
  visitor?: Visitor,
): Promise<Inspection> {
  const looked = await newWatchedPage(browser, base, { bypassCSP: true });
  const withCsp = await newWatchedPage(browser, base, { bypassCSP: false });
  try {
    const { page, watch } = looked;
    if (visitor) await visitor.logIn(page);
    await page.goto(`${base}${url}`, { waitUntil: 'load' });
    await interactAndLetHeldBackCodeRun(page);
    await page.locator(scope).first().waitFor();
    await page.waitForLoadState('networkidle');
    const missing = await missingLabels(page, scope, ids);
    const touched = await exercise(page, scope);

    if (visitor) await visitor.logIn(withCsp.page);
    await withCsp.page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
    await interactAndLetHeldBackCodeRun(withCsp.page);
    await exercise(withCsp.page, scope);

    return {
      touched,
      dialogs: [...watch.dialogs, ...withCsp.watch.dialogs],
      canary: (await canarySet(page)) || (await canarySet(withCsp.page)),
      foreignLoads: [...watch.foreignLoads, ...withCsp.watch.foreignLoads],
      frames: [
        ...watch.navigations,
        ...page
          .frames()
          .slice(1)
          .map((frame) => `frame: ${frame.url()}`),
      ],
      dangerous: await findDangerousMarkup(page, scope),
      missing,
      cspReports: withCsp.watch.cspReports,
      url: page.url(),
    };
  } finally {
    await looked.context.close();
    await withCsp.context.close();
  }
}
