// Server render: start-up data, route loaders, then the page HTML with its head tags and embedded data.

import { modulesOfMatches, withLazyModules } from './app/lazy-modules.tsx';
import { createRoutes } from './app/routes.tsx';
import type { AppContextValue } from './lib/app-context.tsx';
import {
  AppShell,
  BOOTSTRAP_ELEMENT_ID,
  ROUTER_DATA_ELEMENT_ID,
  serializeForScript,
} from './lib/app-shell.tsx';
import { type Bootstrap, createAppStore } from './lib/app-state.ts';
import { loadBootstrap } from './lib/bootstrap.ts';
import { createHttpClient, createMemoryTokenStore } from './lib/http-client.ts';
import { canonicalPath, collectMeta, renderHeadTags } from './lib/page-meta.ts';
import { matchCompiled } from './lib/router/match.ts';
import { dehydrate, queryRoutes } from './lib/router/router.ts';
import { RouterView } from './lib/router/router-view.tsx';
import { hasSessionHint } from './lib/session.ts';
import { renderMarkup } from './render-markup.tsx';

export interface RenderInput {
  /** Absolute URL of the page requested. */
  url: string;
  /** Headers forwarded to the in-process API calls (cookies: guest cart, session). */
  forwardHeaders: Record<string, string>;
  /** Answers API calls inside the same process. */
  fetch: typeof fetch;
  /** PUBLIC_URL: the canonical origin. */
  origin: string;
  nonce: string | null;
  /**
   * The visitor's access token when the server resolved them from their refresh cookie: the page is rendered for
   * that user (account pages with their data, guest-only pages redirect). It stays on the server.
   */
  accessToken?: string | null;
}

export type RenderResult =
  | { type: 'redirect'; status: number; location: string }
  | {
      type: 'page';
      status: number;
      head: string;
      html: string;
      data: string;
      /** Source paths of the page code this render used: the shop preloads their chunks. */
      modules: string[];
    };

/** @public Loaded by the server (plugins/ssr.ts) from the built bundle, not imported. */
export async function render(input: RenderInput): Promise<RenderResult> {
  const requestUrl = new URL(input.url);
  const api = createHttpClient({
    baseUrl: requestUrl.origin,
    fetch: input.fetch,
    tokenStore: createMemoryTokenStore(input.accessToken ?? null),
    headers: input.forwardHeaders,
  });
  // The browser's own token lives in its local storage. The server knows the user when it could read the refresh
  // cookie (a same-site request); otherwise the session-hint cookie is all it sees of a login.
  const bootstrap: Bootstrap = {
    ...(await loadBootstrap(api, {
      hasToken: Boolean(input.accessToken),
      // No cookie, no token: a cart can be found by neither, so its empty answer is known without asking.
      noCart: !input.accessToken && !input.forwardHeaders.cookie,
    })),
    sessionHint: hasSessionHint(input.forwardHeaders.cookie),
  };
  const store = createAppStore(bootstrap);
  const context: AppContextValue = {
    api,
    store,
    origin: input.origin,
    isServer: true,
    getCurrentUrl: () => null,
  };
  const result = await queryRoutes(
    withLazyModules(createRoutes(context)),
    new Request(requestUrl, { headers: input.forwardHeaders }),
    matchCompiled,
  );
  if ('redirect' in result) {
    return { type: 'redirect', status: result.redirect.status, location: result.redirect.location };
  }
  const { router, status } = result;
  const html = await renderMarkup(
    <AppShell context={context}>
      <RouterView router={router} />
      {/* The browser renders <HeadSync> here: the same number of children keeps useId values equal at hydration. */}
      {null}
    </AppShell>,
  );
  const { matches, loaderData, errors } = router.state;
  const meta = collectMeta(matches, loaderData, errors);
  const canonical = `${input.origin}${canonicalPath(requestUrl.pathname, meta)}`;
  return {
    type: 'page',
    status,
    head: renderHeadTags(meta, canonical, bootstrap.critical.shop),
    html,
    // The bootstrap and the page's loader data: the browser hydrates with them, running no loader.
    data:
      `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${serializeForScript(bootstrap)}</script>` +
      `<script type="application/json" id="${ROUTER_DATA_ELEMENT_ID}">${serializeForScript(dehydrate(router.state))}</script>`,
    modules: modulesOfMatches(matches, loaderData).flatMap((module) => (module.id ? [module.id] : [])),
  };
}
