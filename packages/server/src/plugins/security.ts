// Security headers (helmet), a real Content-Security-Policy and CORS that accepts the client's `ar` header.
import { randomBytes } from 'node:crypto';
import { APP_HEADER, CSRF_HEADER, SUPPRESS_ERRORS_HEADER } from '@efir/domain/http-contract';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
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

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    // Product images and fonts are ours; nothing is embedded cross-origin.
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction && config.PUBLIC_URL.startsWith('https:'),
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_CSP);
    return payload;
  });

  const allowedOrigins = new Set([new URL(config.PUBLIC_URL).origin, ...config.CORS_ORIGINS]);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin === undefined || allowedOrigins.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'accept',
      'authorization',
      'content-type',
      APP_HEADER,
      CSRF_HEADER,
      SUPPRESS_ERRORS_HEADER,
      'x-requested-with',
    ],
    maxAge: 600,
    // A stray OPTIONS without Access-Control-Request-Method is answered like any preflight, not with a bare 400.
    strictPreflight: false,
  });
}
