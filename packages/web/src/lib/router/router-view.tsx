// The React side of app/router/router.ts: renders the router's state through React Router's declarative <Router>
// and its renderMatches (so Link, NavLink, Outlet, useParams… work as usual), and the hooks of its data.
import {
  Component,
  type ComponentProps,
  createContext,
  type FormEvent,
  type ReactNode,
  type Ref,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import {
  Router as DeclarativeRouter,
  type RouteObject as ElementRoute,
  type NavigateOptions,
  Outlet,
  renderMatches,
  type To,
  useNavigate as useDeclarativeNavigate,
} from 'react-router';
import { releaseHeldBackCode } from '../deferred-code.ts';
import type { Navigation, RouteObject, Router, RouterState } from './router.ts';

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
/** The id of the route whose element renders below; useLoaderData reads that route's data. */
const RouteIdContext = createContext('');
const ErrorContext = createContext<unknown>(undefined);

function useRouterState(): RouterState {
  const state = useContext(StateContext);
  if (!state) throw new Error('router hooks need <RouterView>');
  return state;
}

export function useLoaderData(): unknown {
  return useRouterState().loaderData[useContext(RouteIdContext)];
}

export function useNavigation(): Navigation {
  return useRouterState().navigation;
}

/**
 * React Router's useNavigate, whose navigate() returns a promise that settles once the new page shows (or a newer
 * navigation took over), as the data router's did: «go to the thank-you page, then clear the checkout».
 */
export function useNavigate(): (to: To | number, options?: NavigateOptions) => Promise<void> {
  const navigate = useDeclarativeNavigate();
  const router = useContext(RouterContext);
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      if (typeof to === 'number') navigate(to);
      else navigate(to, options);
      return router?.lastNavigation() ?? Promise.resolve();
    },
    [navigate, router],
  );
}

/**
 * Whether the page that renders it is still the router's page. A navigation commits in the router first and its
 * page renders in a transition: until then the page being left is still on screen, and an update in it (a logout
 * while it goes home) must not make it navigate as if the visitor were still there.
 */
export function useIsCurrentPage(): () => boolean {
  const router = useContext(RouterContext);
  const { location } = useRouterState();
  return useCallback(() => !router || router.state.location.key === location.key, [router, location]);
}

/** Inside an ErrorBoundary: what the route's loader threw (or its page threw while rendering). */
export function useRouteError(): unknown {
  return useContext(ErrorContext);
}

/** Catches what a page throws while rendering in the browser: its route's ErrorBoundary shows instead. */
class RenderErrorBoundary extends Component<
  { fallback: ReactNode; location: unknown; children: ReactNode },
  { error: unknown; location: unknown }
> {
  override state = { error: undefined as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { location: unknown },
    state: { error: unknown; location: unknown },
  ) {
    // Another page: try rendering again.
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }

  override render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <ErrorContext.Provider value={this.state.error}>{this.props.fallback}</ErrorContext.Provider>
    );
  }
}

function RouteElement({ route }: { route: RouteObject & { id: string } }) {
  const state = useRouterState();
  const { Component: Page, ErrorBoundary } = route;
  const error = state.errors?.[route.id];
  // A route without a page of its own (a layout of pathless children) shows its child.
  let element: ReactNode = Page ? <Page /> : <Outlet />;
  if (ErrorBoundary) {
    const fallback = <ErrorBoundary />;
    element =
      error === undefined ? (
        <RenderErrorBoundary fallback={fallback} location={state.location}>
          {element}
        </RenderErrorBoundary>
      ) : (
        <ErrorContext.Provider value={error}>{fallback}</ErrorContext.Provider>
      );
  }
  return <RouteIdContext.Provider value={route.id}>{element}</RouteIdContext.Provider>;
}

/**
 * Each route of the table as React Router's element route, by id: it renders through RouteElement (its data, its
 * error boundary).
 */
function toElementRoutes(
  routes: RouteObject[],
  into = new Map<string, ElementRoute>(),
): Map<string, ElementRoute> {
  for (const route of routes) {
    const { id, path, index } = route as RouteObject & { id: string };
    const element = <RouteElement key={id} route={route as RouteObject & { id: string }} />;
    into.set(id, (index ? { id, index: true, element } : { id, path, element }) as ElementRoute);
    if (route.children) toElementRoutes(route.children, into);
  }
  return into;
}

/**
 * The matches the router already made, rendered as React Router's <Routes> would (Outlet, useParams and relative
 * links work as usual) without matching the table a second time.
 */
function MatchedRoutes({
  matches,
  routes,
}: {
  matches: RouterState['matches'];
  routes: Map<string, ElementRoute>;
}) {
  return renderMatches(
    matches.map((match) => ({ ...match, route: routes.get(match.route.id) as ElementRoute })) as Parameters<
      typeof renderMatches
    >[0],
  );
}

/** Renders the router's current page; the same tree in the server render and in the browser (hydration). */
export function RouterView({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  useEffect(() => {
    setState(router.state);
    // As a transition, like React Router's RouterProvider: a page whose lazy parts (rich text) are about to arrive
    // renders once they have, instead of committing their empty fallbacks first. Such a transition also waits for
    // every boundary still showing the server's HTML to hydrate, and their code is held back until the visitor
    // interacts: a navigation is that moment, whatever started it, or the page would never change (issue 35).
    return router.subscribe((next) => {
      releaseHeldBackCode();
      startTransition(() => setState(next));
    });
  }, [router]);
  const routes = useMemo(() => toElementRoutes(router.routes), [router]);
  if (!state.initialized) return null;
  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={state}>
        <DeclarativeRouter
          location={state.location}
          navigationType={state.historyAction}
          navigator={router.navigator}
          static={router.isStatic}
        >
          <MatchedRoutes matches={state.matches} routes={routes} />
        </DeclarativeRouter>
      </StateContext.Provider>
    </RouterContext.Provider>
  );
}

/**
 * A GET form that navigates in the app (to `action?field=value…`) instead of loading a new document; without
 * JavaScript (or before hydration) it is the plain HTML form it renders.
 */
export function Form({
  action,
  ref,
  ...props
}: Omit<ComponentProps<'form'>, 'action' | 'method' | 'onSubmit'> & {
  action: string;
  method: 'get';
  ref?: Ref<HTMLFormElement>;
}) {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const fields = new FormData(event.currentTarget, submitter);
    const query = new URLSearchParams(fields as unknown as Record<string, string>).toString();
    void navigate(`${action}${query ? `?${query}` : ''}`);
  };
  return <form ref={ref} action={action} onSubmit={submit} {...props} />;
}
