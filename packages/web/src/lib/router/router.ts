// Long on purpose: the router's matching, loaders and navigation state are one small engine (decision 009).
// The shop's own small data router (docs/decisions/009): route loaders run before a page shows, in the server render
// and on every browser navigation, on top of React Router's declarative core (matchRoutes, <Router>, <Link>,
// useNavigate…). React Router's data router does the same with many features the shop does not use, and weighs
// twice as much in the initial JavaScript of a page.

import type { ComponentType } from 'react';
import {
  createPath,
  type Location,
  matchRoutes,
  type NavigationType,
  type Navigator,
  type Params,
  parsePath,
  type To,
  type UNSAFE_createBrowserHistory,
} from 'react-router';
import { mayLeave } from './leave-guard.ts';

export interface LoaderFunctionArgs {
  request: Request;
  params: Params;
}

/** Returns the route's data, or a redirect / `data(…, { status })`; what it throws is the route's error. */
export type LoaderFunction = (args: LoaderFunctionArgs) => unknown;

/** A route of the table (app/routes.tsx): the shape React Router's data routes have, minus what the shop never uses. */
export interface RouteObject {
  id?: string;
  path?: string;
  index?: boolean;
  loader?: LoaderFunction;
  Component?: ComponentType | null;
  /** Renders instead of Component (reading useRouteError()) when this route or one below it failed. */
  ErrorBoundary?: ComponentType | null;
  handle?: unknown;
  children?: RouteObject[];
}

export interface RouteMatch {
  params: Params;
  pathname: string;
  /** The matched part before a splat: what relative links resolve against (React Router's renderMatches). */
  pathnameBase: string;
  route: RouteObject & { id: string };
}

/**
 * A loader's answer «go there instead»: thrown or returned. In the browser the target takes the history entry of the
 * navigation that met it, as after a server's redirect (see createRouter).
 */
export class Redirect {
  constructor(
    readonly location: string,
    readonly status = 302,
  ) {}
}

export const redirect = (location: string): Redirect => new Redirect(location);

/**
 * A loader's answer «stay where you are» (spec §2: a failed route call cancels the navigation): the page on screen
 * stays, with its address; a back/forward step is undone. Thrown or returned; it wins over a redirect.
 */
export class CancelNavigation {}

/** Data with a status code: returned, the page renders with that status; thrown, the error boundary does. */
export class DataWithStatus<T = unknown> {
  constructor(
    readonly data: T,
    readonly status: number,
  ) {}
}

export const data = <T>(value: T, init: { status: number }) => new DataWithStatus(value, init.status);

/** What a route error boundary gets for a thrown `data(…, { status })` (e.g. a 404), as React Router's was. */
export class RouteErrorResponse {
  readonly internal = false;
  constructor(
    readonly status: number,
    readonly data: unknown = null,
  ) {}
}

export function isRouteErrorResponse(error: unknown): error is RouteErrorResponse {
  return error instanceof RouteErrorResponse;
}

export interface Navigation {
  state: 'idle' | 'loading';
  /** Where the navigation in progress goes. */
  location?: Location;
}

export interface RouterState {
  location: Location;
  historyAction: NavigationType;
  matches: RouteMatch[];
  /** Loader data by route id. */
  loaderData: Record<string, unknown>;
  /** The error a route's boundary renders, by the boundary's route id. */
  errors: Record<string, unknown> | null;
  navigation: Navigation;
  /** False until the first page's loaders finished (a page the server did not render). */
  initialized: boolean;
}

/** The loader data and errors the server render embeds in the page for hydration. */
export interface HydrationData {
  loaderData: Record<string, unknown>;
  errors: Record<string, unknown> | null;
}

type History = ReturnType<typeof UNSAFE_createBrowserHistory>;

export interface Router {
  readonly routes: RouteObject[];
  readonly state: RouterState;
  readonly navigator: Navigator;
  /** True in the server render: nothing navigates. */
  readonly isStatic: boolean;
  subscribe(listener: (state: RouterState) => void): () => void;
  navigate(to: To | number, options?: { replace?: boolean; state?: unknown }): Promise<void>;
  /** Settles when the navigation started last has finished (its page shows, or a newer one took over). */
  lastNavigation(): Promise<void>;
  dispose(): void;
}

const IDLE: Navigation = { state: 'idle' };

/** Every route gets an id (its position, when the table names none): loader data and errors are keyed by it. */
function assignIds(routes: RouteObject[], prefix = ''): RouteObject[] {
  return routes.map((route, index) => {
    const id = route.id ?? `${prefix}${index}`;
    return { ...route, id, ...(route.children ? { children: assignIds(route.children, `${id}-`) } : {}) };
  });
}

/** The routes of a table that match a location (React Router's matchRoutes; the server render compiles, match.ts). */
export function matchLocation(routes: RouteObject[], location: Partial<Location> | string): RouteMatch[] {
  return (matchRoutes(routes as Parameters<typeof matchRoutes>[0], location) ??
    []) as unknown as RouteMatch[];
}

interface LoadResult extends HydrationData {
  redirect?: Redirect;
  cancelled?: boolean;
  /** The page's status: that of the first error, else of a `data(…, { status })`, else 200. */
  status: number;
}

/**
 * Runs the loaders of the matched routes in parallel. A route that failed puts its error on the nearest route with
 * an ErrorBoundary (itself or above); a redirect from any loader wins over everything else.
 */
export async function runLoaders(matches: RouteMatch[], request: Request): Promise<LoadResult> {
  const outcomes = await Promise.all(
    matches.map(async ({ route, params }) => {
      if (!route.loader) return { ok: true, value: undefined };
      try {
        return { ok: true, value: await route.loader({ request, params }) };
      } catch (error) {
        return { ok: false, value: error };
      }
    }),
  );
  const result: LoadResult = { loaderData: {}, errors: null, status: 200 };
  let failedAt = matches.length;
  outcomes.forEach(({ ok, value }, index) => {
    const route = matches[index]!.route;
    if (value instanceof CancelNavigation) result.cancelled = true;
    else if (value instanceof Redirect) result.redirect ??= value;
    else if (ok) {
      if (value instanceof DataWithStatus) {
        if (result.status === 200) result.status = value.status;
        result.loaderData[route.id] = value.data;
      } else if (route.loader) result.loaderData[route.id] = value;
    } else if (index < failedAt) {
      failedAt = index;
      const error =
        value instanceof DataWithStatus ? new RouteErrorResponse(value.status, value.data) : value;
      let boundary = index;
      while (boundary > 0 && !matches[boundary]!.route.ErrorBoundary) boundary--;
      result.errors = { [matches[boundary]!.route.id]: error };
      result.status = isRouteErrorResponse(error) ? error.status : 500;
      // The boundary's route and those below it render no data of their own.
      for (const { route: below } of matches.slice(boundary)) delete result.loaderData[below.id];
    }
  });
  // Routes below a failed one keep no data either (their loaders may have finished later in the list).
  if (result.errors) for (const { route } of matches.slice(failedAt)) delete result.loaderData[route.id];
  return result;
}

/** The server render: the page's matches, loader data and status, or the redirect a loader asked for. */
export async function queryRoutes(
  table: RouteObject[],
  request: Request,
  match: typeof matchLocation = matchLocation,
): Promise<{ redirect: Redirect } | { router: Router; status: number }> {
  const routes = assignIds(table);
  const url = new URL(request.url);
  const location: Location = {
    pathname: url.pathname,
    search: url.search,
    hash: '',
    state: null,
    key: 'default',
  };
  const matches = match(routes, location);
  const result = await runLoaders(matches, request);
  if (result.redirect) return { redirect: result.redirect };
  const state: RouterState = {
    location,
    historyAction: 'POP' as NavigationType,
    matches,
    loaderData: result.loaderData,
    errors: result.errors,
    navigation: IDLE,
    initialized: true,
  };
  const refuse = () => {
    throw new Error('the server render cannot navigate');
  };
  const navigator: Navigator = {
    createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
    go: refuse,
    push: refuse,
    replace: refuse,
  };
  return {
    status: result.status,
    router: {
      routes,
      state,
      navigator,
      isStatic: true,
      subscribe: () => () => {},
      navigate: async () => refuse(),
      lastNavigation: async () => {},
      dispose: () => {},
    },
  };
}

/** Same page and query, another (or a new) hash: the page stays, no loader runs. As React Router decides it. */
function isHashChangeOnly(a: Location, b: Location): boolean {
  if (a.pathname !== b.pathname || a.search !== b.search) return false;
  if (a.hash === '') return b.hash !== '';
  return a.hash === b.hash || b.hash !== '';
}

/**
 * The browser's router (or a memory one in tests): each navigation runs the loaders of its routes while the
 * current page stays on screen (`navigation.state` is 'loading'), then commits the address and the data together.
 * The newest navigation wins: a slower one started before it is dropped when it finishes.
 */
export function createRouter(table: RouteObject[], history: History, hydrationData?: HydrationData): Router {
  const routes = assignIds(table);
  const listeners = new Set<(state: RouterState) => void>();
  let state: RouterState = {
    location: history.location,
    historyAction: history.action,
    matches: matchLocation(routes, history.location),
    loaderData: hydrationData?.loaderData ?? {},
    errors: hydrationData?.errors ?? null,
    navigation: IDLE,
    initialized: hydrationData !== undefined,
  };
  let pending: AbortController | null = null;
  let redirects = 0;
  let latest: Promise<void> = Promise.resolve();

  const update = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener(state);
  };

  /** A back/forward step the router makes itself to undo a cancelled one: not a navigation of its own. */
  let undoingPop = false;

  /**
   * `popDelta`: for a back/forward step (the address already changed), how far it went (null: not known), so that a
   * cancelled step can be undone; undefined for the router's own navigations.
   */
  async function load(
    location: Location,
    action: NavigationType,
    replaceEntry: boolean,
    popDelta?: number | null,
  ): Promise<void> {
    const matches = matchLocation(routes, location);
    if (state.initialized && isHashChangeOnly(state.location, location)) {
      pending?.abort();
      pending = null;
      commit(location, action, { matches });
      return;
    }
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    if (state.initialized) update({ navigation: { state: 'loading', location } });
    const request = new Request(history.createURL(location), { signal: controller.signal });
    const result = await runLoaders(matches, request);
    if (pending !== controller) return; // a newer navigation took over
    pending = null;
    if (result.cancelled && state.initialized) {
      redirects = 0;
      // The page on screen stays; a back/forward step already moved the address, so it goes back where it was.
      if (popDelta) {
        undoingPop = true;
        history.go(-popDelta);
      } else if (popDelta === null) history.replace(state.location, state.location.state);
      update({ navigation: IDLE });
      return;
    }
    if (result.redirect && redirects < 10) {
      redirects++;
      const target = result.redirect.location;
      if (/^[a-z][a-z\d+.-]*:\/\//i.test(target)) {
        window.location.assign(target);
        return;
      }
      // The target takes the entry of the navigation that met the redirect, as a server's redirect does: a new
      // entry for a link, the same entry for a replacing navigation and for a back/forward step (pushing one there
      // would drop the forward entries, and every Back would come to the redirect again: an /err404 trap).
      const push = action === 'PUSH' && !replaceEntry;
      return load(toLocation(target, null), (push ? 'PUSH' : 'REPLACE') as NavigationType, !push, popDelta);
    }
    redirects = 0;
    commit(location, action, { matches, loaderData: result.loaderData, errors: result.errors });
  }

  function commit(location: Location, action: NavigationType, next: Partial<RouterState>) {
    if (action === 'PUSH') history.push(location, location.state);
    else if (action === 'REPLACE') history.replace(location, location.state);
    update({
      ...next,
      location: history.location,
      historyAction: action,
      navigation: IDLE,
      initialized: true,
    });
  }

  const toLocation = (to: To, locationState: unknown): Location => ({
    pathname: state.location.pathname,
    search: '',
    hash: '',
    ...(typeof to === 'string' ? parsePath(to) : to),
    state: locationState ?? null,
    key: Math.random().toString(36).slice(2, 10),
  });

  const navigate: Router['navigate'] = async (to, options = {}) => {
    if (typeof to === 'number') {
      // The back/forward listener below asks, as for the browser's own buttons.
      history.go(to);
      return;
    }
    // A form with unsaved changes asks first; «stay» leaves everything as it is.
    if (!mayLeave()) return;
    redirects = 0;
    const replaceEntry = options.replace === true;
    latest = load(
      toLocation(to, options.state),
      (replaceEntry ? 'REPLACE' : 'PUSH') as NavigationType,
      replaceEntry,
    );
    await latest;
  };

  // Back and forward: the address already changed; the page follows once its data is there.
  const stopListening = history.listen(({ location, delta }) => {
    if (undoingPop) {
      undoingPop = false;
      return;
    }
    redirects = 0;
    // Back or forward from a form with unsaved changes: «stay» steps back to where the address was.
    if (!mayLeave()) {
      if (delta) {
        undoingPop = true;
        history.go(-delta);
      } else history.replace(state.location, state.location.state);
      return;
    }
    void load(location, 'POP' as NavigationType, false, delta);
  });
  if (!state.initialized) void load(history.location, 'POP' as NavigationType, false);

  return {
    routes,
    get state() {
      return state;
    },
    navigator: {
      createHref: (to) => history.createHref(to),
      createURL: (to: To) => history.createURL(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => void navigate(delta),
      push: (to, locationState) => void navigate(to, { state: locationState }),
      replace: (to, locationState) => void navigate(to, { replace: true, state: locationState }),
    } as Navigator,
    isStatic: false,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate,
    lastNavigation: () => latest,
    dispose() {
      pending?.abort();
      stopListening();
      listeners.clear();
    },
  };
}

/** The loader data and errors of a server-rendered page, as JSON for the browser (errors without their details). */
export function dehydrate(state: RouterState): HydrationData {
  const errors = state.errors
    ? Object.fromEntries(
        Object.entries(state.errors).map(([id, error]) => [
          id,
          isRouteErrorResponse(error) ? { status: error.status, data: error.data } : { status: null },
        ]),
      )
    : null;
  return { loaderData: state.loaderData, errors };
}

/** The other half of dehydrate(): the errors become what the error boundaries rendered on the server. */
export function hydrate(embedded: HydrationData): HydrationData {
  const errors = embedded.errors
    ? Object.fromEntries(
        Object.entries(embedded.errors).map(([id, error]) => {
          const { status, data } = error as { status: number | null; data?: unknown };
          return [
            id,
            status === null ? new Error('the server render failed') : new RouteErrorResponse(status, data),
          ];
        }),
      )
    : null;
  return { loaderData: embedded.loaderData, errors };
}
