// Double-submit CSRF protection (Laravel names): calls that rely on cookies rather than a Bearer token must echo
// the XSRF-TOKEN cookie in the X-XSRF-TOKEN header, else 419 'CSRF token mismatch.'.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, MESSAGES } from '@efir/domain/http-contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for POST routes that only read (page data, search): they change nothing a forged request could abuse. */
    csrf?: boolean;
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

export function registerCsrf(app: FastifyInstance, options: { secure: boolean }): void {
  // onRequest, so a forged call is refused before its body is even read or validated. A callback hook: it runs
  // on every request, and most of them (reads) pass straight through.
  app.addHook('onRequest', (request, reply, done) => {
    const cookie = request.cookies[CSRF_COOKIE];
    const exempt = !UNSAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf === false;
    // Pages and account calls hand out the cookie the web client will echo; a read of the public API does
    // not (a first visit gets it with the page, GET /refresh re-issues it, and a refused call carries one).
    if (!cookie && !(exempt && (request.url.startsWith(READ_API_PREFIX) || MACHINE_FILE.test(request.url))))
      issueCsrfCookie(reply, options.secure);
    // A Bearer token is never sent by the browser on its own, so such calls cannot be forged cross-site.
    if (exempt || request.headers.authorization?.startsWith('Bearer ')) {
      done();
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
