// Browser start-up in the order of spec §1: filters (not awaited), then user, cart and critical data, then the
// router, then the app. A server-rendered page brings that data along, so nothing is fetched twice.
import './styles/global.css';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { HeadSync } from './app/head-sync.tsx';
import { loadModules, modulesOfMatches, withLazyModules } from './app/lazy-modules.tsx';
import { createRoutes } from './app/routes.tsx';
import { readMetrikaId, startAnalytics } from './lib/analytics.ts';
import type { AppContextValue } from './lib/app-context.tsx';
import { AppShell, BOOTSTRAP_ELEMENT_ID, ROUTER_DATA_ELEMENT_ID } from './lib/app-shell.tsx';
import { type AppState, type Bootstrap, createAppStore } from './lib/app-state.ts';
import { loadBootstrap, loadCart, startFilterLoads } from './lib/bootstrap.ts';
import { announceCartNotices } from './lib/cart-core.ts';
import { persistCheckout, readStoredCheckout } from './lib/checkout-draft.ts';
import { whenInteracted } from './lib/deferred-code.ts';
import { createHttpClient, createLocalStorageTokenStore, readCsrfCookie } from './lib/http-client.ts';
import type { RealtimeClient } from './lib/realtime.ts';
import { createRouter, type HydrationData, hydrate } from './lib/router/router.ts';
import { RouterView } from './lib/router/router-view.tsx';
import {
  adoptServerSession,
  expireSession,
  followOtherTabs,
  guardTokenLoss,
  restoreSession,
} from './lib/session.ts';

/** How long after the first render the realtime channel waits (then for an idle moment) before it starts. */
const REALTIME_DELAY_MS = 10_000;

function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 1000);
}

/**
 * Marks <html data-hydrated> once the app's first render has committed: the page works from then on (tests and
 * monitoring wait for it; the module scripts start only after the page is shown, see plugins/ssr.ts).
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    sendHeldForm();
  }, []);
  return null;
}

declare global {
  interface Window {
    /** A form sent before the app hydrated it, held back by the server's script loader (plugins/ssr.ts). */
    efirHeldSubmit?: { form: HTMLFormElement; submitter: HTMLElement | null };
  }
}

/**
 * Sends the form the visitor sent before the app's code had arrived, now that the app handles it: after the task
 * in which the first render (and the adoption of what was typed early, useEarlyInput) has committed.
 */
function sendHeldForm(): void {
  const held = window.efirHeldSubmit;
  if (!held) return;
  delete window.efirHeldSubmit;
  setTimeout(() => {
    if (!held.form.isConnected) return;
    const submitter = held.submitter && held.form.contains(held.submitter) ? held.submitter : undefined;
    held.form.requestSubmit(submitter);
  }, 0);
}

/**
 * The shop's canonical origin (PUBLIC_URL), from the canonical link the server wrote: JSON-LD and canonical links
 * then hydrate as rendered, also when the shop is browsed under another address (a port in development, a proxy).
 */
function readCanonicalOrigin(): string {
  const href = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return href ? new URL(href).origin : window.location.origin;
}

/** JSON the server render embedded in the page (app-shell.tsx), or null. */
function readEmbedded<T>(id: string): T | null {
  const element = document.getElementById(id);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as T;
  } catch {
    return null;
  }
}

async function start(): Promise<void> {
  let store: ReturnType<typeof createAppStore> | null = null;
  const tokenStore = guardTokenLoss(createLocalStorageTokenStore(), () => store);
  // The realtime channel (socket.io), the list filters' schemas (zod) and the sanitiser are not needed to show the
  // page. The channel carries the new build's version notice (a reload 1–17 s later, spec §9): its code (socket.io's
  // set-up and first polls, ~90 ms of a slow phone's main thread) loads when the browser is idle REALTIME_DELAY_MS
  // after the first render, not among the page's start-up tasks, where a first tap would wait behind it
  // (docs/performance.md, Lighthouse). The others are warmed for the first navigation (the catalogue's loaders and
  // every rich text need them) once the visitor starts to interact.
  let realtime: RealtimeClient | null = null;
  const startAfterFirstRender = () => {
    setTimeout(
      () =>
        whenIdle(() => {
          void import('./lib/realtime.ts').then(({ connectRealtime, startRealtime }) => {
            realtime = startRealtime({ getToken: () => tokenStore.get() });
            connectRealtime();
          });
        }),
      REALTIME_DELAY_MS,
    );
    // At once, not when idle: a press is often the start of a click to another page, which needs them.
    void whenInteracted().then(() => {
      void import('./lib/read-list-preferences.ts');
      void import('./components/ui/sanitized-html.tsx');
    });
  };
  const api = createHttpClient({
    baseUrl: '',
    tokenStore,
    getCsrfToken: readCsrfCookie,
    notify: (notice) => store?.getState().showNotice(notice),
    onSessionExpired: () => {
      if (store) expireSession(store);
    },
  });

  const pendingFilters: Array<Parameters<AppState['setFilters']>> = [];
  startFilterLoads(api, (kind, options) => {
    if (store) store.getState().setFilters(kind, options);
    else pendingFilters.push([kind, options]);
  });

  const embedded = readEmbedded<Bootstrap>(BOOTSTRAP_ELEMENT_ID);
  const routerData = embedded ? readEmbedded<HydrationData>(ROUTER_DATA_ELEMENT_ID) : null;
  const hasToken = tokenStore.get() !== null;
  store = createAppStore(embedded ?? (await loadBootstrap(api, { hasToken })));
  for (const [kind, options] of pendingFilters) store.getState().setFilters(kind, options);
  // The checkout of this tab survives a reload; nothing renders it before hydration (the steps wait for the browser).
  const checkout = readStoredCheckout();
  if (checkout) store.getState().setCheckout(checkout);
  persistCheckout(store);

  let currentUrl: string | null = null;
  const context: AppContextValue = {
    api,
    store,
    origin: readCanonicalOrigin(),
    isServer: false,
    getCurrentUrl: () => currentUrl,
  };
  const router = createRouter(
    withLazyModules(createRoutes(context)),
    createBrowserHistory(),
    routerData ? hydrate(routerData) : undefined,
  );
  const rememberLocation = () => {
    if (router.state.navigation.state !== 'idle' || !router.state.initialized) return;
    currentUrl = `${router.state.location.pathname}${router.state.location.search}`;
  };
  rememberLocation();
  router.subscribe(rememberLocation);
  startAnalytics(router, { id: readMetrikaId(document) });
  // Deferred: socket work inside the store's update would run while React is still committing the navigation.
  store.subscribe((state, previous) => {
    if (state.user?.id !== previous.user?.id) setTimeout(() => realtime?.reauthenticate(), 0);
  });

  const app = (
    <StrictMode>
      <AppShell context={context}>
        <RouterView router={router} />
        {/* One child where the server renders one null: useId values stay equal at hydration. */}
        {/* biome-ignore lint/complexity/noUselessFragments: the fragment is that one child (see above) */}
        <>
          <HeadSync router={router} origin={context.origin} />
          <HydratedMark />
        </>
      </AppShell>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  followOtherTabs(api, store);
  if (!routerData) {
    createRoot(root).render(app);
    startAfterFirstRender();
    return;
  }
  // The server rendered the page with its code loaded: load the same code first, so hydration renders the same.
  await loadModules(modulesOfMatches(router.state.matches, router.state.loaderData));
  // In a transition, hydration yields to the browser every few milliseconds instead of one long task.
  startTransition(() => {
    hydrateRoot(root, app);
  });
  startAfterFirstRender();
  // A page the server rendered for the user (it read the refresh cookie) came with their user and cart.
  if (embedded?.user) {
    announceCartNotices(store, store.getState().cart.notices);
    await adoptServerSession(api, store);
    return;
  }
  // Otherwise the server render could not know the visitor (a link from another site carries no refresh cookie):
  // a logged-in visitor's user and cart come now, after hydration, so the markup hydrates exactly as the server
  // rendered it. Until the user is known, account pages show their loading frame (the server saw the session hint)
  // and guards wait; the cart page and the checkout wait for the cart the same way.
  if (hasToken) store.getState().setCartPending(true);
  const [user, cart] = await Promise.all([
    restoreSession(api, store),
    hasToken ? loadCart(api).catch(() => null) : Promise.resolve(null),
  ]);
  if (user && cart) store.getState().setCart(cart);
  else store.getState().setCartPending(false);
  announceCartNotices(store, store.getState().cart.notices);
}

// A task of its own: evaluating the modules and starting the app would otherwise be one long task.
setTimeout(() => void start(), 0);
