// CANONICAL_HOST: one host for the whole shop. A request for another Host (www or not, an IP, an old domain) gets a
// permanent redirect to https://CANONICAL_HOST with the same path and query (already in its clean form, so one hop
// does both), for deployments where no proxy does this. Health checks answer on any host: a load balancer asks
// them by address.
import type { FastifyInstance } from 'fastify';
import { findCleanPageUrl } from './clean-urls.ts';

/** Answer on every host. */
const EXEMPT = new Set(['/api/health']);

/** Whether `host` (a Host header, maybe with a port) is `canonical`; without a port there, any port is. */
export function isCanonicalHost(host: string, canonical: string): boolean {
  const given = host.toLowerCase().replace(/\.(?=:|$)/, '');
  if (canonical.includes(':')) return given === canonical;
  return given.replace(/:\d+$/, '') === canonical;
}

export function redirectToCanonicalHost(app: FastifyInstance, canonical: string | undefined): void {
  if (!canonical) return;
  app.addHook('onRequest', (request, reply, done) => {
    if (isCanonicalHost(request.host, canonical) || EXEMPT.has(request.url.split('?')[0] ?? ''))
      return done();
    const safe = request.method === 'GET' || request.method === 'HEAD';
    const url = (safe ? findCleanPageUrl(request.url) : null) ?? request.url;
    // 308 keeps a form's POST a POST (301 would turn it into a GET and lose the body).
    reply.redirect(`https://${canonical}${url.startsWith('/') ? url : `/${url}`}`, safe ? 301 : 308);
  });
}
