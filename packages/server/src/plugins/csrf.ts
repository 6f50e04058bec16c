// Double-submit CSRF protection (Laravel names): calls that rely on cookies rather than a Bearer token must echo
// the XSRF-TOKEN cookie in the X-XSRF-TOKEN header, else 419 'CSRF token mismatch.'.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, MESSAGES } from '@efir/domain/http-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false for POST routes that only read (page data, search): they change nothing a forged request could abuse.
     * 'same-origin' for plain HTML forms, which cannot send the header: the browser's own Sec-Fetch-Site or Origin
     * must say the form was on one of our pages (decision 044).
     */
    csrf?: boolean | 'same-origin';
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function issueCsrfCookie(reply: FastifyReply, secure: boolean): string {
  const token = randomBytes(24).toString('base64url');
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
    maxAge: 60 * 60 * 24 * 7,
  });
  return token;
}

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The public read API (catalogue, search, filters): its reads never need the cookie, and they are the hot path. */
const READ_API_PREFIX = '/api/';
/** Files for crawlers and marketplaces (sitemap, feeds, robots.txt): public and shared by caches, so no cookie. */
const MACHINE_FILE = /^\/[\w-]+\.(?:xml|txt)(?:\?|$)/;

/**
 * A browser's form post from one of our own pages: Sec-Fetch-Site says so where the browser sends it (every current
 * one), else the Origin names this host (the request's, or the configured public one). Neither: refused — a browser
 * that sends neither is too old to trust, and a client that is not a browser has no cookie to abuse.
 */
export function isSameOriginPost(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return false;
  try {
    const host = new URL(origin).host;
    // Both through URL, so a default port written out (localhost:80) compares equal to one left out.
    return host === new URL(`${request.protocol}://${request.host}`).host || host === new URL(publicUrl).host;
  } catch {
    return false;
  }
}

export function registerCsrf(app: FastifyInstance, options: { secure: boolean; publicUrl: string }): void {
  // onRequest, so a forged call is refused before its body is even read or validated. A callback hook: it runs
  // on every request, and most of them (reads) pass straight through.
  app.addHook('onRequest', (request, reply, done) => {
    const cookie = request.cookies[CSRF_COOKIE];
    const rule = request.routeOptions.config?.csrf;
    const exempt = !UNSAFE_METHODS.has(request.method) || rule === false;
    // Pages and account calls hand out the cookie the web client will echo; a read of the public API does
    // not (a first visit gets it with the page, GET /refresh re-issues it, and a refused call carries one).
    if (!cookie && !(exempt && (request.url.startsWith(READ_API_PREFIX) || MACHINE_FILE.test(request.url))))
      issueCsrfCookie(reply, options.secure);
    // A Bearer token is never sent by the browser on its own, so such calls cannot be forged cross-site.
    if (exempt || request.headers.authorization?.startsWith('Bearer ')) {
      done();
      return;
    }
    if (rule === 'same-origin') {
      done(
        isSameOriginPost(request, options.publicUrl) ? undefined : new AppError(419, MESSAGES.csrfMismatch),
      );
      return;
    }
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !equal(cookie, header)) {
      done(new AppError(419, MESSAGES.csrfMismatch));
      return;
    }
    done();
  });
}
