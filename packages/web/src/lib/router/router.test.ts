// The shop's router: loaders before a page shows, redirects, statuses and error boundaries, the newest navigation
// winning, and hydration data that survive the trip from the server render to the browser.
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  CancelNavigation,
  createRouter,
  data,
  dehydrate,
  hydrate,
  isRouteErrorResponse,
  queryRoutes,
  type RouteObject,
  redirect,
} from './router.ts';

const Page = () => null;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function table(slow?: Promise<unknown>): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Page,
      ErrorBoundary: Page,
      children: [
        { index: true, id: 'home', loader: () => 'home data', Component: Page },
        { path: '/slow', id: 'slow', loader: () => slow, Component: Page },
        { path: '/item/:slug', id: 'item', loader: ({ params }) => ({ slug: params.slug }), Component: Page },
        { path: '/old', id: 'old', loader: () => redirect('/item/new') },
        { path: '/err404', id: 'err404', loader: () => data(null, { status: 404 }), Component: Page },
        {
          path: '/missing',
          id: 'missing',
          loader: () => {
            throw data(null, { status: 404 });
          },
          Component: Page,
        },
        {
          path: '/unreachable',
          id: 'unreachable',
          loader: () => {
            throw new CancelNavigation();
          },
          Component: Page,
        },
        {
          path: '/broken',
          id: 'broken',
          loader: () => {
            throw new Error('boom');
          },
          Component: Page,
        },
      ],
    },
  ];
}

const hydrated = { loaderData: { home: 'home data' }, errors: null };

describe('the server render (queryRoutes)', () => {
  const query = (url: string) => queryRoutes(table(), new Request(`https://efir.test${url}`));

  it('runs the loaders with the params and answers 200 with their data', async () => {
    const result = await query('/item/lavanda');
    if ('redirect' in result) throw new Error('expected a page');
    expect(result.status).toBe(200);
    expect(result.router.state.loaderData).toEqual({ item: { slug: 'lavanda' } });
    expect(result.router.state.matches.map((match) => match.route.id)).toEqual(['root', 'item']);
  });

  it('answers a redirect a loader asked for', async () => {
    const result = await query('/old');
    expect('redirect' in result && result.redirect).toMatchObject({ location: '/item/new', status: 302 });
  });

  it('answers 404 for returned and thrown `data(…, { status: 404 })`, 500 for another error', async () => {
    const returned = await query('/err404');
    const thrown = await query('/missing');
    const broken = await query('/broken');
    if ('redirect' in returned || 'redirect' in thrown || 'redirect' in broken)
      throw new Error('expected pages');
    expect(returned.status).toBe(404);
    expect(returned.router.state.errors).toBeNull();
    expect(thrown.status).toBe(404);
    expect(isRouteErrorResponse(thrown.router.state.errors?.root)).toBe(true);
    expect(broken.status).toBe(500);
    expect(broken.router.state.errors?.root).toBeInstanceOf(Error);
  });

  it('hands the errors to the browser as the boundary rendered them, without the details', async () => {
    const thrown = await query('/missing');
    const broken = await query('/broken');
    if ('redirect' in thrown || 'redirect' in broken) throw new Error('expected pages');
    const trip = (state: typeof thrown.router.state) => hydrate(JSON.parse(JSON.stringify(dehydrate(state))));
    const notFound = trip(thrown.router.state).errors?.root;
    expect(isRouteErrorResponse(notFound) && notFound.status).toBe(404);
    const failed = trip(broken.router.state).errors?.root;
    expect(isRouteErrorResponse(failed)).toBe(false);
    expect(JSON.stringify(dehydrate(broken.router.state))).not.toContain('boom');
  });
});

describe('browser navigations (createRouter)', () => {
  it('hydrates without running a loader, then runs the loaders before the page changes', async () => {
    let calls = 0;
    const routes = table();
    routes[0]!.children![2]!.loader = ({ params }) => {
      calls++;
      return { slug: params.slug };
    };
    const router = createRouter(routes, createMemoryHistory({ initialEntries: ['/'] }), hydrated);
    expect(router.state.loaderData).toEqual({ home: 'home data' });
    const states: string[] = [];
    router.subscribe((state) => states.push(`${state.navigation.state} ${state.location.pathname}`));
    await router.navigate('/item/roza');
    expect(calls).toBe(1);
    // The current page stays while the data loads; then the address and the data change together.
    expect(states).toEqual(['loading /', 'idle /item/roza']);
    expect(router.state.loaderData).toEqual({ item: { slug: 'roza' } });
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('lets the newest navigation win over a slower one started before it', async () => {
    const slow = deferred<string>();
    const router = createRouter(
      table(slow.promise),
      createMemoryHistory({ initialEntries: ['/'] }),
      hydrated,
    );
    const first = router.navigate('/slow');
    await router.navigate('/item/a');
    slow.resolve('late');
    await first;
    expect(router.state.location.pathname).toBe('/item/a');
    expect(router.state.navigation.state).toBe('idle');
  });

  it('follows a redirect, and moves to another hash without running a loader', async () => {
    let calls = 0;
    const routes = table();
    routes[0]!.children![0]!.loader = () => {
      calls++;
      return 'home data';
    };
    const router = createRouter(routes, createMemoryHistory({ initialEntries: ['/'] }), hydrated);
    await router.navigate('/old');
    expect(router.state.location.pathname).toBe('/item/new');
    await router.navigate('/');
    expect(calls).toBe(1);
    await router.navigate('/#reviews');
    expect(calls).toBe(1);
    expect(router.state.location.hash).toBe('#reviews');
  });

  it('stays on the page, without a history entry, when a loader cancels the navigation', async () => {
    const history = createMemoryHistory({ initialEntries: ['/'] });
    const router = createRouter(table(), history, hydrated);
    await router.navigate('/item/a');
    const states: string[] = [];
    router.subscribe((state) => states.push(`${state.navigation.state} ${state.location.pathname}`));
    await router.navigate('/unreachable');
    expect(states).toEqual(['loading /item/a', 'idle /item/a']);
    expect(router.state.loaderData).toEqual({ item: { slug: 'a' } });
    expect(history.location.pathname).toBe('/item/a');
    expect(history.index).toBe(1);
    await router.navigate('/unreachable', { replace: true });
    expect(history.location.pathname).toBe('/item/a');
  });

  it('undoes a back step whose page cannot load, and keeps the page on screen', async () => {
    const history = createMemoryHistory({ initialEntries: ['/unreachable', '/item/a'], initialIndex: 1 });
    const router = createRouter(table(), history, { loaderData: { item: { slug: 'a' } }, errors: null });
    history.go(-1);
    await router.lastNavigation();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(history.location.pathname).toBe('/item/a');
    expect(history.index).toBe(1);
    expect(router.state.location.pathname).toBe('/item/a');
    expect(router.state.navigation.state).toBe('idle');
    // The next step is a navigation of its own again.
    await router.navigate('/');
    expect(router.state.location.pathname).toBe('/');
  });

  it('puts a redirect met on a back step in that entry, not in a new one on top of it', async () => {
    const history = createMemoryHistory({ initialEntries: ['/', '/old', '/item/a'], initialIndex: 2 });
    const router = createRouter(table(), history, { loaderData: { item: { slug: 'a' } }, errors: null });
    history.go(-1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await router.lastNavigation();
    expect(router.state.location.pathname).toBe('/item/new');
    expect(history.index).toBe(1);
    history.go(-1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router.state.location.pathname).toBe('/');
    // A link's redirect still adds one entry.
    await router.navigate('/old');
    expect(history.index).toBe(1);
    expect(history.location.pathname).toBe('/item/new');
  });

  it('renders a failed page through the nearest error boundary', async () => {
    const router = createRouter(table(), createMemoryHistory({ initialEntries: ['/'] }), hydrated);
    await router.navigate('/broken');
    expect(router.state.location.pathname).toBe('/broken');
    expect(router.state.errors?.root).toBeInstanceOf(Error);
    expect(router.state.loaderData).toEqual({});
  });
});
