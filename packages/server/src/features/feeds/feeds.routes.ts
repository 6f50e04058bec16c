// Product feeds for marketplaces: /yml.xml (Yandex Market, YML) and /google-merchant.xml (Google Merchant Center,
// RSS 2.0 with g: attributes). Built once per change of the catalogue and kept compressed (feed-file.ts).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { answerNotModified, etagOf } from '../../lib/conditional-get.ts';
import { acceptedEncodings } from '../../plugins/page-cache.ts';
import type { ContentService, SettingsSource } from '../content/content.service.ts';
import { createFeed, type Feed, plainFeed } from './feed-file.ts';
import { writeMerchantFeed } from './merchant-feed.ts';
import { writeYmlFeed } from './yml-feed.ts';

export function registerFeedRoutes(
  app: FastifyInstance,
  deps: { db: Database; content: ContentService; config: Config; settings: SettingsSource },
): void {
  const { db } = deps;
  const origin = deps.config.PUBLIC_URL.replace(/\/$/, '');
  const keep = deps.config.PAGE_CACHE_TTL_MS > 0;
  const feeds: Record<string, Feed> = {
    // The shop's name, e-mail and free-delivery thresholds as the owner set them: a save drops the feeds with the
    // content (decision 060), so the next read builds them with the new values.
    '/yml.xml': createFeed(
      async function* (now) {
        yield* writeYmlFeed(db, origin, now, await deps.settings.get());
      },
      { keep },
    ),
    '/google-merchant.xml': createFeed(
      async function* () {
        yield* writeMerchantFeed(db, origin, await deps.settings.get());
      },
      { keep },
    ),
  };
  for (const [path, feed] of Object.entries(feeds)) {
    deps.content.dropWithContent(feed);
    app.get(path, async (request, reply) => {
      const file = await feed.get();
      const gzip = acceptedEncodings(request.headers['accept-encoding']).includes('gzip');
      reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=600')
        .header('vary', 'accept-encoding');
      if (
        answerNotModified(request, reply, {
          etag: etagOf(file.digest, gzip ? 'gzip' : null),
          lastModified: file.builtAt,
        })
      ) {
        return reply;
      }
      if (gzip) return reply.header('content-encoding', 'gzip').send(file.gzip);
      return reply.send(plainFeed(file));
    });
  }
}
