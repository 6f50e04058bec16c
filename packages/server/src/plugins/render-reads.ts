// Public reads a server render makes (the page's data, the shop's menus), answered by the route's own code without
// a simulated HTTP request: a render of a guest's page asks two of them, and `app.inject` (a fake request and
// response, the hooks, the router) cost as much as the answers themselves when those come from the answer cache.

/**
 * The answer's JSON text, or null when the call is not one the read answers (then it goes through the route). It is
 * never wrapped in `{ok, data}` (spec §7's rule for the browser's error-suppressed calls): the render's HTTP client
 * reads both forms alike.
 */
export type RenderRead = (call: { body: unknown; search: URLSearchParams }) => Promise<string | null>;

export interface RenderReads {
  /**
   * Declares that `method path` may be answered by `read` for a guest's render: the same JSON the route sends with
   * status 200. Errors are not answered here: when `read` throws, the call goes through the route, which answers
   * them with the shop's one error format.
   */
  add(method: 'GET' | 'POST', path: string, read: RenderRead): void;
  find(method: string, path: string): RenderRead | undefined;
}

export function createRenderReads(): RenderReads {
  const reads = new Map<string, RenderRead>();
  return {
    add(method, path, read) {
      reads.set(`${method} ${path}`, read);
    },
    find(method, path) {
      return reads.get(`${method} ${path}`);
    },
  };
}
