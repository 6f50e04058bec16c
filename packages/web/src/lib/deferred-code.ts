import { useEffect } from 'react';

// Code a server-rendered page can do without at first — the sanitiser of text the server already sanitised, the
// comments form below the fold, warm-ups for the next page — waits for a reason to load, so the first seconds of a
// visit go to showing the page and hydrating it. The server's HTML stays in place (inside a Suspense boundary that
// hydrates later) until then.

let firstInteraction: Promise<void> | undefined;
let interacted: () => void = () => {};

/**
 * Resolves at the visitor's first pointer press, touch or key, or when the page starts to change (a navigation,
 * releaseHeldBackCode): a click can lead to another page, which renders with the held-back code.
 */
export function whenInteracted(): Promise<void> {
  firstInteraction ??= new Promise<void>((resolve) => {
    const events = ['pointerdown', 'touchstart', 'keydown', 'popstate'] as const;
    const done = () => {
      for (const event of events) window.removeEventListener(event, done, true);
      resolve();
    };
    interacted = done;
    for (const event of events) window.addEventListener(event, done, { capture: true, passive: true });
  });
  return firstInteraction;
}

/**
 * The page is about to change (the router has started a navigation): whatever waits for the first interaction loads
 * now. A page update renders as a transition, and React cannot commit a transition past a boundary that still
 * stands in with the server's HTML (any update above it may reach into it): until the held-back code has arrived and
 * that boundary has hydrated, the old page stays on screen. A navigation that came without a press or a key — a
 * select changed by an assistive technology or a test driver, a redirect, a script — must not wait for one.
 */
export function releaseHeldBackCode(): void {
  if (typeof window === 'undefined') return;
  void whenInteracted();
  interacted();
}

/** How close to the screen a held-back section starts loading: about a phone screen ahead of the reader. */
const NEAR_SCREEN_MARGIN = '800px';

/**
 * Resolves when the element comes within a screen of the viewport, or at the first interaction, whichever is
 * first; at once without an element or without IntersectionObserver.
 */
export function whenNearScreen(element: Element | null): Promise<void> {
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return Promise.race([
    whenInteracted(),
    new Promise<void>((resolve) => {
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          resolve();
        },
        { rootMargin: `${NEAR_SCREEN_MARGIN} 0px` },
      );
      observer.observe(element);
    }),
  ]);
}

/**
 * An import held back while the server's HTML stands in for what it renders: `load` (a React.lazy factory) waits
 * for `until`, or for `release()` (on the server it loads at once).
 */
export function heldBackImport<T>(importer: () => Promise<T>, until: () => Promise<void>) {
  let released = false;
  let release: () => void = () => {};
  const whenReleased = new Promise<void>((resolve) => {
    release = () => {
      released = true;
      resolve();
    };
  });
  let loading: Promise<T> | undefined;
  return {
    load(): Promise<T> {
      loading ??= (
        typeof document === 'undefined' || released
          ? Promise.resolve()
          : Promise.race([whenReleased, until()])
      ).then(importer);
      return loading;
    },
    release(): void {
      release();
    },
  };
}

/**
 * The Suspense fallback of a held-back import: React shows a fallback only where no server HTML stands in (a page
 * rendered in the browser, a comment that just arrived), never while it keeps a boundary's server HTML — so there
 * the code must come at once.
 */
export function LoadWhenShown({ code }: { code: { release(): void } }): null {
  useEffect(() => code.release(), [code]);
  return null;
}
