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

export function registerCsrf(app: FastifyInstance, options: { secure: boolean }): void {
  // onRequest, so a forged call is refused before its body is even read or validated.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.cookies[CSRF_COOKIE]) issueCsrfCookie(reply, options.secure);
    if (!UNSAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf === false) return;
    // A Bearer token is never sent by the browser on its own, so such calls cannot be forged cross-site.
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !equal(cookie, header)) {
      throw new AppError(419, MESSAGES.csrfMismatch);
    }
  });
}
