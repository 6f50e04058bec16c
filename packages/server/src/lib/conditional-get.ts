// Conditional GET (RFC 9110 §13): an answer that is the same for every visitor carries an ETag and a Last-Modified
// date, and a client that already holds it gets 304 Not Modified instead of the body again. ETags are strong and
// name the representation: the same content compressed otherwise is other bytes, so each encoding has its own tag
// («"<digest>-br"», «"<digest>-gzip"», «"<digest>"» for plain), and a cache that keeps several of them apart by
// Vary: Accept-Encoding revalidates each with its own.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A digest of the content, for an ETag: 27 characters of SHA-256 in base64url. */
export function contentDigest(...parts: Array<string | Buffer>): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('base64url').slice(0, 27);
}

/** The strong ETag of the content `digest` names, sent in `encoding`. */
export function etagOf(digest: string, encoding: 'br' | 'gzip' | null): string {
  return `"${digest}${encoding ? `-${encoding}` : ''}"`;
}

/** Whether the client's copy is current: If-None-Match decides when sent, else If-Modified-Since. */
export function isNotModified(
  headers: FastifyRequest['headers'],
  etag: string,
  lastModified: Date | null,
): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    // Weak comparison, as If-None-Match wants: W/"x" matches "x".
    return noneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === etag);
  }
  const since = headers['if-modified-since'];
  if (since === undefined || lastModified === null) return false;
  const sinceMs = Date.parse(since);
  // HTTP dates have whole seconds.
  return !Number.isNaN(sinceMs) && Math.floor(lastModified.getTime() / 1000) * 1000 <= sinceMs;
}

/**
 * Sets ETag and Last-Modified on the answer; when the client's copy is current, answers 304 (no body) and returns
 * true. Only for GET and HEAD: other methods always get the answer.
 */
export function answerNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  validators: { etag: string; lastModified: Date | null },
): boolean {
  reply.header('etag', validators.etag);
  if (validators.lastModified) reply.header('last-modified', validators.lastModified.toUTCString());
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!isNotModified(request.headers, validators.etag, validators.lastModified)) return false;
  reply.code(304).send();
  return true;
}
