// A product feed built once and kept gzip-compressed (a 100 000-product feed is ≈ 100 MB of XML, a few MB
// compressed) until the catalogue changes (ContentService.invalidate, on every instance through the cache bus) or
// its lifetime ends: stock sold through orders changes no content, so a feed is rebuilt at least that often.
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { contentDigest } from '../../lib/conditional-get.ts';

/** A kept feed is rebuilt after this long even without a change. */
const FEED_LIFETIME_MS = 15 * 60_000;

export interface FeedFile {
  gzip: Buffer;
  /** Digest of the XML, for its ETag. */
  digest: string;
  /** When the content was first built as it is: Last-Modified. */
  builtAt: Date;
  /** Size of the XML. */
  bytes: number;
}

export interface Feed {
  get(): Promise<FeedFile>;
  invalidate(): void;
}

/** The XML from its chunks, gzip-compressed as it is written: only the compressed bytes are held. */
async function buildFile(chunks: AsyncIterable<string>, builtAt: Date): Promise<FeedFile> {
  const gzip = createGzip({ level: 6 });
  const parts: Buffer[] = [];
  gzip.on('data', (part: Buffer) => parts.push(part));
  const ended = once(gzip, 'end');
  const hash: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const text of chunks) {
      const buffer = Buffer.from(text);
      bytes += buffer.length;
      // The digest of each chunk's digest: the XML itself is never held whole.
      hash.push(Buffer.from(contentDigest(buffer)));
      if (!gzip.write(buffer)) await once(gzip, 'drain');
    }
  } catch (error) {
    gzip.destroy();
    throw error;
  }
  gzip.end();
  await ended;
  return { gzip: Buffer.concat(parts), digest: contentDigest(...hash), builtAt, bytes };
}

/** The plain XML of a kept feed, decompressed as it is sent. */
export function plainFeed(file: FeedFile): Readable {
  return Readable.from([file.gzip]).pipe(createGunzip());
}

export function createFeed(write: (now: Date) => AsyncIterable<string>, options: { keep: boolean }): Feed {
  let kept: { file: Promise<FeedFile>; expires: number } | null = null;
  let previous: FeedFile | null = null;
  let generation = 0;
  const build = async () => {
    const file = await buildFile(write(new Date()), new Date());
    // Rebuilt unchanged (its lifetime ended): the content is as old as it was.
    if (previous?.digest === file.digest) file.builtAt = previous.builtAt;
    previous = file;
    return file;
  };
  return {
    get() {
      if (!options.keep) return build();
      if (kept && kept.expires > Date.now()) return kept.file;
      const started = generation;
      const file = build();
      const entry = { file, expires: Date.now() + FEED_LIFETIME_MS };
      kept = entry;
      file.catch(() => {
        if (generation === started && kept === entry) kept = null;
      });
      return file;
    },
    invalidate() {
      generation += 1;
      kept = null;
    },
  };
}
