// One address per page (spec §2): the duplicate forms of a page address — a trailing slash, doubled slashes,
// /index.html, capitals in a lower-case catalogue, /reviews — answer 301 to the one address, so search engines
// index it alone and the guest page cache never keeps a copy under another key.
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './ssr.ts';

/** Files and private links: left as they are (a saved cart's token, an unsubscribe link's signature and the back office's ids keep their case). */
const LEFT_ALONE = ['/assets/', '/images/'];
const KEEPS_CASE = ['/saved/', '/admin/', '/unsubscribe/'];

/** Pages the spec lists under two addresses: the second answers with the first (the spec's static pages). */
const ALIASES: Record<string, string> = { '/reviews': '/reviews.html' };

/** Capital letters, not the hex digits of a percent-escape (`%D0%B0` stays as the browser sent it). */
const CAPITALS_OR_ESCAPES = /%[0-9A-Fa-f]{2}|[A-Z]+/g;

/** The one address of the page `url` (path and query) names, or null when `url` is that address already. */
export function findCleanPageUrl(url: string): string | null {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  // Collapsed first: `//evil.example` must never leave as a protocol-relative Location — nor `/\evil.example`,
  // which a browser reads as the same (it takes «\» for «/»), so backslashes are read as slashes first.
  let clean = path.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  if (isApiPath(clean) || LEFT_ALONE.some((prefix) => clean.startsWith(prefix))) return null;
  if (clean.length > 1) clean = clean.replace(/\/+$/, '') || '/';
  if (clean === '/index.html') clean = '/';
  if (!KEEPS_CASE.some((prefix) => clean.startsWith(prefix))) {
    clean = clean.replace(CAPITALS_OR_ESCAPES, (part) => (part.startsWith('%') ? part : part.toLowerCase()));
  }
  clean = ALIASES[clean] ?? clean;
  return clean === path ? null : clean + query;
}

export function redirectToCleanUrls(app: FastifyInstance): void {
  // Before routing's handlers and the page cache: a duplicate is never rendered nor kept.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const clean = findCleanPageUrl(request.url);
    if (clean === null) return done();
    reply.redirect(clean, 301);
  });
}
