// Page code loaded on demand (route-level code splitting) without breaking the server render or hydration: a
// route's loader also loads the modules its page needs, so the page renders synchronously once data is there; the
// server names those modules (the shop adds <link rel="modulepreload"> for their chunks) and the browser loads them
// before hydrating, so the first render in the browser matches the server's HTML.
import type { ComponentType } from 'react';
import { DataWithStatus, type LoaderFunctionArgs, type RouteObject } from '../lib/router/router.ts';

/** The build (packages/web/vite.config.ts) tags each `() => import('…')` with the module's source path. */
type Importer<T> = (() => Promise<T>) & { moduleId?: string };

export interface LazyModule<T = unknown> {
  /** Source path relative to packages/web (a key of the client build manifest); absent outside a build. */
  readonly id: string | undefined;
  load(): Promise<T>;
  /** The module, once loaded; rendering before `load()` settled is a bug in the route wiring. */
  current(): T;
  /** The module if it has loaded, else undefined. */
  peek(): T | undefined;
}

export function lazyModule<T>(importer: Importer<T>): LazyModule<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    id: importer.moduleId,
    load() {
      loading ??= importer().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          // A failed download (offline, new build) may succeed on the next navigation.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    current() {
      if (loaded === undefined)
        throw new Error(`module ${importer.moduleId ?? ''} rendered before it loaded`);
      return loaded;
    },
    peek() {
      return loaded;
    },
  };
}

/** A route component that says which modules it needs to render the given loader data. */
export type ModuleComponent<P = object> = ComponentType<P> & {
  lazyModules(loaderData: unknown): LazyModule[];
};

/** A page component from a module loaded on demand; use it as a route's Component. */
export function lazyComponent<T, P extends object = object>(
  importer: Importer<T>,
  pick: (module: T) => ComponentType<P>,
): ModuleComponent<P> {
  const module = lazyModule(importer);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page at module level, never in a render
  function LazyPage(props: P) {
    const Page = pick(module.current());
    return <Page {...props} />;
  }
  return Object.assign(LazyPage, { lazyModules: () => [module] });
}

/**
 * A page component that also needs other modules before it renders — e.g. its route's loader and head tags, so they
 * stay out of the entry chunk: the route's loader and hydration load them with the page's own code.
 */
export function withModules<P extends object>(
  Component: ModuleComponent<P>,
  ...modules: LazyModule[]
): ModuleComponent<P> {
  function PageWithModules(props: P) {
    return <Component {...props} />;
  }
  return Object.assign(PageWithModules, {
    lazyModules: (loaderData: unknown) => [...modules, ...Component.lazyModules(loaderData)],
  });
}

/** Where withLazyModules notes a route's modules: the router turns `Component` into an element, `handle` stays. */
interface ModuleHandle {
  lazyModules?: ModuleComponent['lazyModules'];
}

function modulesOf(handle: unknown, loaderData: unknown): LazyModule[] {
  const lazyModules = (handle as ModuleHandle | null | undefined)?.lazyModules;
  return typeof lazyModules === 'function' ? lazyModules(loaderData) : [];
}

/** What a loader returned, without the `data(…, { status })` wrapper. */
function unwrapLoaderData(result: unknown): unknown {
  return result instanceof DataWithStatus ? result.data : result;
}

async function loadAll(modules: LazyModule[]): Promise<void> {
  await Promise.all(modules.map((module) => module.load()));
}

/**
 * Gives every route whose Component needs modules a loader that loads them alongside its data (in parallel when
 * they do not depend on the data); applied to the whole route table by both entries.
 */
export function withLazyModules(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const children = route.children ? withLazyModules(route.children) : undefined;
    const Component = route.Component;
    const lazyModules = (Component as Partial<ModuleComponent> | null | undefined)?.lazyModules;
    if (typeof lazyModules !== 'function') return children ? ({ ...route, children } as RouteObject) : route;
    const original = typeof route.loader === 'function' ? route.loader : undefined;
    const loader = async (args: LoaderFunctionArgs) => {
      const [result] = await Promise.all([original ? original(args) : null, loadAll(lazyModules(undefined))]);
      await loadAll(lazyModules(unwrapLoaderData(result)));
      return result;
    };
    const handle: ModuleHandle = { ...(route.handle as object | undefined), lazyModules };
    return { ...route, loader, handle, ...(children ? { children } : {}) } as RouteObject;
  });
}

interface MatchLike {
  route: { id: string; handle?: unknown };
}

/** The modules the matched routes render with their loader data: what the server preloads and hydration awaits. */
export function modulesOfMatches(
  matches: readonly MatchLike[],
  loaderData: Record<string, unknown> | null | undefined,
): LazyModule[] {
  return matches.flatMap((match) => modulesOf(match.route.handle, loaderData?.[match.route.id]));
}

export function loadModules(modules: LazyModule[]): Promise<void> {
  return loadAll(modules);
}
