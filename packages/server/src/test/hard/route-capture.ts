// Lists every route of the app as Fastify registers it: an onRoute hook planted in each Fastify instance at birth.
//
// Why not printRoutes or a hook added afterwards: buildApp registers most routes on the root instance before a
// test can touch it, so an onRoute hook added later misses them; printRoutes' tree misses wildcard routes such
// as /images/* (checked in fuzz-kit). A test file mocks 'fastify' with wrapFastify (vi.mock), so the hook exists
// before the first route and sees every one, also those registered inside plugins.
import type { FastifyInstance, RouteOptions } from 'fastify';

export interface CapturedRoute {
  method: string;
  /** The full pattern, prefix included: /v1/user/:id/address. */
  url: string;
  /** false when the route opted out of CSRF (read-only POSTs, webhooks). */
  csrf: boolean;
  /** Which parts of the request the route validates with a schema. */
  validates: { body: boolean; params: boolean; querystring: boolean; headers: boolean };
}

export const capturedRoutes: CapturedRoute[] = [];

function record(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const schema = route.schema ?? {};
  for (const method of methods) {
    capturedRoutes.push({
      method: String(method).toUpperCase(),
      url: route.url,
      csrf: (route.config as { csrf?: boolean } | undefined)?.csrf !== false,
      validates: {
        body: schema.body !== undefined,
        params: schema.params !== undefined,
        querystring: schema.querystring !== undefined,
        headers: schema.headers !== undefined,
      },
    });
  }
}

type FastifyModule = typeof import('fastify');

/** The fastify module with its factory wrapped: every instance records its routes into capturedRoutes. */
export function wrapFastify(original: FastifyModule): FastifyModule {
  const factory = original.default as unknown as (...args: unknown[]) => FastifyInstance;
  const wrapped = Object.assign((...args: unknown[]) => {
    const app = factory(...args);
    app.addHook('onRoute', record);
    return app;
  }, factory);
  return { ...original, default: wrapped, fastify: wrapped } as unknown as FastifyModule;
}

/** Routes of the app, one per method and pattern (HEAD twins of GET routes dropped: they share the handler). */
export function listRoutes(): CapturedRoute[] {
  const seen = new Map<string, CapturedRoute>();
  for (const route of capturedRoutes) {
    if (route.method === 'HEAD') continue;
    seen.set(`${route.method} ${route.url}`, route);
  }
  return [...seen.values()].sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
}

/**
 * Routes read back from printRoutes' tree, for a cross-check of the capture: each line is a path piece whose
 * parent is the nearest line above with less indentation; the full path is the pieces joined.
 */
export function parsePrintedRoutes(printed: string): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const stack: Array<{ depth: number; path: string }> = [];
  for (const line of printed.split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const piece = match[2]!;
    while (stack.length > 0 && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const path = `${stack[stack.length - 1]?.path ?? ''}${piece}`;
    stack.push({ depth, path });
    for (const method of match[3]?.split(',').map((name) => name.trim()) ?? []) {
      if (path.startsWith('/')) routes.push({ method, url: path });
    }
  }
  return routes;
}
