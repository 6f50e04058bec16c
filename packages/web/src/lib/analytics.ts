// Yandex Metrika (spec §9 «analytics hits are sent on each navigation»): the counter loads only when METRIKA_ID is
// configured; the tag counts the first page itself, and every client-side navigation after it sends one hit.

/** The server renders `<meta name="efir-metrika" content="<id>">` when METRIKA_ID is set. */
export const METRIKA_META_NAME = 'efir-metrika';
export const METRIKA_TAG_URL = 'https://mc.yandex.ru/metrika/tag.js';

type YmFunction = ((id: number, method: string, ...args: unknown[]) => void) & {
  a?: unknown[][];
  l?: number;
};

export interface MetrikaWindow {
  ym?: YmFunction;
  location: { origin: string };
}

/** Only what loading the tag touches, so tests can hand in a small fake. */
export interface MetrikaDocument {
  createElement(tag: 'script'): { async: boolean; src: string };
  head: { appendChild(node: unknown): unknown };
  querySelector(selector: string): { getAttribute(name: string): string | null } | null;
}

/** The counter id from the page, or null when analytics is off. */
export function readMetrikaId(doc: Pick<MetrikaDocument, 'querySelector'> | null): number | null {
  const content = doc?.querySelector(`meta[name="${METRIKA_META_NAME}"]`)?.getAttribute('content') ?? '';
  return /^\d{1,12}$/.test(content) ? Number(content) : null;
}

/**
 * Yandex's loader, without its inline script (the page's CSP allows no inline code): a queueing `ym` until tag.js
 * arrives and takes the queue over, the tag script itself, and the counter's init (which counts this page).
 */
export function loadMetrikaTag(id: number, win: MetrikaWindow, doc: MetrikaDocument): void {
  if (!win.ym) {
    const queue: YmFunction = (...args: unknown[]) => {
      queue.a ??= [];
      queue.a.push(args);
    };
    queue.l = Date.now();
    win.ym = queue;
    const script = doc.createElement('script');
    script.async = true;
    script.src = METRIKA_TAG_URL;
    doc.head.appendChild(script);
  }
  win.ym(id, 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: false });
}

/** What of a data router the tracker reads; React Router's router fits. */
export interface NavigationSource {
  state: {
    location: { pathname: string; search: string };
    navigation: { state: string };
  };
  subscribe(listener: (state: NavigationSource['state']) => void): () => void;
}

/**
 * Calls `onNavigate(url, previousUrl)` once per completed navigation to another address (path or query), never for
 * the address the tracker started on, nor for the loading steps of one navigation, nor for hash-only moves.
 */
export function trackNavigations(
  router: NavigationSource,
  onNavigate: (url: string, previousUrl: string) => void,
): () => void {
  const addressOf = (state: NavigationSource['state']) =>
    `${state.location.pathname}${state.location.search}`;
  let last = addressOf(router.state);
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle') return;
    const address = addressOf(state);
    if (address === last) return;
    const previous = last;
    last = address;
    onNavigate(address, previous);
  });
}

export interface AnalyticsOptions {
  id: number | null;
  win?: MetrikaWindow;
  doc?: MetrikaDocument;
}

/** Starts Metrika for this tab when a counter is configured; returns a stop function (a no-op without one). */
export function startAnalytics(router: NavigationSource, options: AnalyticsOptions): () => void {
  const { id } = options;
  if (id === null) return () => {};
  const win = options.win ?? (window as unknown as MetrikaWindow);
  loadMetrikaTag(id, win, options.doc ?? (document as unknown as MetrikaDocument));
  return trackNavigations(router, (url, previousUrl) => {
    const origin = win.location.origin;
    win.ym?.(id, 'hit', `${origin}${url}`, { referer: `${origin}${previousUrl}` });
  });
}
