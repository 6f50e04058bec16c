// The client build's files (dist/client): hashed assets, and what packages/web/public holds — the icons a browser or
// a phone's home screen asks for by fixed name (/favicon.ico, /apple-touch-icon.png) and the web manifest.
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerClientFiles(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    // One route per file found at start: every other address stays a page.
    wildcard: false,
    index: false,
    // scripts/build.mjs writes .br and .gz copies of the text assets.
    preCompressed: true,
    // Set here alone: the library's own header (max-age=0) would otherwise replace the one set below.
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader('cache-control', cacheControlOf(filePath));
    },
  });
}

function cacheControlOf(filePath: string): string {
  // Hashed build assets never change; icons and the manifest change with a release at most; the rest is revalidated.
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (/\.(ico|png|svg|webmanifest)$/.test(filePath)) return 'public, max-age=86400';
  return 'public, max-age=0';
}
