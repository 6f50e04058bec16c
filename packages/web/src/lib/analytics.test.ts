// Metrika: nothing without a counter id; with one, the tag loads once and each client-side navigation is one hit.
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  METRIKA_TAG_URL,
  type MetrikaDocument,
  type MetrikaWindow,
  readMetrikaId,
  startAnalytics,
  trackNavigations,
} from './analytics.ts';
import { createRouter as createAppRouter } from './router/router.ts';

function fakePage(metaContent: string | null = null) {
  const appended: Array<{ async: boolean; src: string }> = [];
  const doc: MetrikaDocument = {
    createElement: () => ({ async: false, src: '' }),
    head: {
      appendChild: (node) => {
        appended.push(node as { async: boolean; src: string });
        return node;
      },
    },
    querySelector: (selector) =>
      metaContent !== null && selector === 'meta[name="efir-metrika"]'
        ? { getAttribute: (name) => (name === 'content' ? metaContent : null) }
        : null,
  };
  const calls: unknown[][] = [];
  const win: MetrikaWindow = { location: { origin: 'https://efir.example' } };
  return { doc, win, appended, calls };
}

/** A page whose tag already arrived: `window.ym` records every call. */
function pageWithLoadedTag() {
  const page = fakePage();
  page.win.ym = (...args: unknown[]) => {
    page.calls.push(args);
  };
  return page;
}

function createRouter(initial = '/') {
  const page = () => null;
  // Loaders make every navigation pass through «loading» before «idle», as the shop's routes do.
  const loader = async () => null;
  const router = createAppRouter(
    [
      { path: '/', Component: page, loader },
      { path: '/catalog.html', Component: page, loader },
      { path: '/search', Component: page, loader },
    ],
    createMemoryHistory({ initialEntries: [initial] }),
    // As a server-rendered page starts: with its data, no loader runs.
    { loaderData: {}, errors: null },
  );
  return router;
}

const hits = (calls: unknown[][]) => calls.filter((call) => call[1] === 'hit');

describe('readMetrikaId', () => {
  it('reads a numeric counter id from the page, null otherwise', () => {
    expect(readMetrikaId(fakePage('12345678').doc)).toBe(12345678);
    expect(readMetrikaId(fakePage(null).doc)).toBeNull();
    expect(readMetrikaId(fakePage('').doc)).toBeNull();
    expect(readMetrikaId(fakePage('12ab').doc)).toBeNull();
    expect(readMetrikaId(null)).toBeNull();
  });
});

describe('startAnalytics', () => {
  it('loads nothing and sends nothing without a counter id', async () => {
    const page = fakePage();
    const router = createRouter();
    startAnalytics(router, { id: null, win: page.win, doc: page.doc });
    await router.navigate('/catalog.html');
    expect(page.appended).toEqual([]);
    expect(page.win.ym).toBeUndefined();
    router.dispose();
  });

  it('loads the tag once and initialises the counter, which counts the first page itself', async () => {
    const page = fakePage();
    const router = createRouter();
    startAnalytics(router, { id: 4242, win: page.win, doc: page.doc });
    expect(page.appended).toEqual([{ async: true, src: METRIKA_TAG_URL }]);
    // Until tag.js arrives, calls wait in Yandex's queue.
    expect(page.win.ym?.a).toEqual([[4242, 'init', expect.objectContaining({ trackLinks: true })]]);
    router.dispose();
  });

  it('sends exactly one hit per client-side navigation, none for the initial load', async () => {
    const page = pageWithLoadedTag();
    const router = createRouter();
    startAnalytics(router, { id: 4242, win: page.win, doc: page.doc });
    expect(hits(page.calls)).toEqual([]);

    await router.navigate('/catalog.html');
    expect(hits(page.calls)).toEqual([
      [4242, 'hit', 'https://efir.example/catalog.html', { referer: 'https://efir.example/' }],
    ]);
    await router.navigate('/search?q=%D0%BB%D0%B0%D0%B2%D0%B0%D0%BD%D0%B4%D0%B0');
    await router.navigate(-1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hits(page.calls).map((call) => call[2])).toEqual([
      'https://efir.example/catalog.html',
      'https://efir.example/search?q=%D0%BB%D0%B0%D0%B2%D0%B0%D0%BD%D0%B4%D0%B0',
      'https://efir.example/catalog.html',
    ]);
    // A hash-only move is no new page.
    await router.navigate('/catalog.html#filters');
    expect(hits(page.calls)).toHaveLength(3);
    router.dispose();
  });
});

describe('trackNavigations', () => {
  it('ignores the loading steps of a navigation and a navigation to the same address', async () => {
    const router = createRouter('/catalog.html');
    const seen: string[] = [];
    const states: string[] = [];
    router.subscribe((state) => states.push(state.navigation.state));
    const stop = trackNavigations(router, (url) => seen.push(url));
    await router.navigate('/');
    await router.navigate('/');
    expect(states).toContain('loading');
    expect(seen).toEqual(['/']);
    stop();
    await router.navigate('/search');
    expect(seen).toEqual(['/']);
    router.dispose();
  });
});
