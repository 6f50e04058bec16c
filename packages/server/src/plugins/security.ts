// Security headers (helmet's set), a real Content-Security-Policy and CORS that accepts the client's `ar` header.
import { randomBytes } from 'node:crypto';
import { APP_HEADER, CSRF_HEADER, SUPPRESS_ERRORS_HEADER } from '@efir/domain/http-contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** JSON answers never need to load anything. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The policy of HTML pages: scripts only from our origin or with this response's nonce. */
const METRIKA_SCRIPT_HOSTS = ['https://mc.yandex.ru', 'https://mc.yandex.com', 'https://yastatic.net'];
const METRIKA_HIT_HOSTS = ['https://mc.yandex.ru', 'https://mc.yandex.com'];

/** The policy of HTML pages: scripts only from our origin or with this response's nonce (and Metrika when on). */
export function buildPageCsp(
  nonce: string | null,
  options: { dev?: boolean; metrika?: boolean } = {},
): string {
  const metrika = options.metrika === true;
  // Vite's dev client injects inline scripts and evaluates modules; production pages allow only the nonce.
  const scriptSrc = [
    ...(options.dev
      ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
      : ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : [])]),
    ...(metrika ? METRIKA_SCRIPT_HOSTS : []),
  ];
  const imgSrc = ["'self'", 'data:', 'blob:', ...(metrika ? METRIKA_HIT_HOSTS : [])];
  const connectSrc = ["'self'", 'ws:', 'wss:', ...(metrika ? METRIKA_HIT_HOSTS : [])];
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(' ')}`,
    // React style props become style attributes, which a nonce cannot cover.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imgSrc.join(' ')}`,
    "font-src 'self'",
    `connect-src ${connectSrc.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    options.dev ? '' : 'upgrade-insecure-requests',
  ]
    .filter(Boolean)
    .join('; ');
}

export function createCspNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Helmet 8's defaults (without its CSP, which is ours): the same for every answer, so computed once. */
function buildSecurityHeaders(hsts: boolean): Record<string, string> {
  return {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

const CORS_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const CORS_ALLOWED_HEADERS = [
  'accept',
  'authorization',
  'content-type',
  APP_HEADER,
  CSRF_HEADER,
  SUPPRESS_ERRORS_HEADER,
  'x-requested-with',
].join(', ');
const CORS_MAX_AGE_S = '600';

/**
 * Security headers and CORS on every request. These run on every answer, so they are plain callback hooks
 * over precomputed values (no helmet middleware chain, no per-request option objects or promises). The
 * headers are those @fastify/helmet and @fastify/cors sent before (tests in plugins/error-contract.test.ts).
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const securityHeaders = buildSecurityHeaders(config.isProduction && config.PUBLIC_URL.startsWith('https:'));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  // Pages, the test gateway and the like set their own policy; everything else is locked down. A 304 carries none:
  // the client's copy keeps the policy it came with (a page's nonce is in both).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode === 304) reply.removeHeader('content-security-policy');
    else if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_CSP);
    done(null, payload);
  });

  // CORS: our origin and CORS_ORIGINS get credentialed access (the origin is reflected); a request without
  // an Origin header is same-origin. Other origins get no CORS headers at all, and their preflight a 404.
  const allowedOrigins = new Set([new URL(config.PUBLIC_URL).origin, ...config.CORS_ORIGINS]);
  app.decorateRequest('corsPreflightEnabled', false);
  app.addHook('onRequest', (request, reply, done) => {
    // Answers differ by Origin: shared caches must keep them apart.
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin)) {
      done();
      return;
    }
    if (origin) reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    if (request.method !== 'OPTIONS') {
      // The shop's pages on another origin show it in the «Запрос не выполнен» popup.
      if (origin) reply.header('access-control-expose-headers', 'X-Request-Id');
      done();
      return;
    }
    // A preflight (with or without Access-Control-Request-Method) is answered here, before any other hook.
    request.corsPreflightEnabled = true;
    reply
      .header('access-control-allow-methods', CORS_METHODS)
      .header('access-control-allow-headers', CORS_ALLOWED_HEADERS)
      .header('access-control-max-age', CORS_MAX_AGE_S)
      .code(204)
      .header('content-length', '0')
      .send();
  });
  // Lets Fastify route an OPTIONS request at all; a refused origin's preflight reaches it and gets a 404.
  app.options('*', (request, reply) => {
    if (!request.corsPreflightEnabled) {
      reply.callNotFound();
      return;
    }
    reply.send();
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the CORS hook answered this OPTIONS request as a preflight. */
    corsPreflightEnabled: boolean;
  }
}
