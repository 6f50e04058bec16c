// Valid HTML (issue 20): the Nu HTML Checker (the W3C validator, run locally from the vnu-jar package) finds no
// error on a page of each kind as the server sends it. Complaints about CSS are left aside: the checker's CSS
// grammar lags behind what browsers accept.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
// The package's main export is the path of the checker's jar (a require named so, for knip to see the dependency).
const require = createRequire(import.meta.url);
const vnuJar = String(require('vnu-jar'));

const PAGES = {
  home: '/',
  category: '/efirnye-masla/pryanye',
  listing: '/efirnye-masla?page=2',
  product: '/lavanda-uzkolistnaya-10-ml.html',
  set: '/nabor-dlya-nachinayushchih-6x5-ml.html',
  article: '/articles/efirnye-masla-dlya-sna.html',
  recipe: '/recept/roller-dlya-sna.html',
  courses: '/seminar_po_aromatherapy.html',
  course: '/seminar_po_aromatherapy/aromaterapiya-s-nulya.html',
  static: '/dostavka.html',
  contacts: '/kontakt.html',
  reviews: '/reviews.html',
  articles: '/articles-new.html',
  search: `/search?q=${encodeURIComponent('лаванда')}`,
  cart: '/my-cart',
  notFound: '/no-such-page',
};

interface VnuMessage {
  type: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

async function hasJava(): Promise<boolean> {
  try {
    await run('java', ['-version']);
    return true;
  } catch {
    return false;
  }
}

const javaFound = await hasJava();
// On CI a missing Java must fail the run, not pass it quietly (.ci/run installs one).
const required = process.env.CI !== undefined || process.env.REQUIRE_E2E === '1';
if (!javaFound) {
  const message =
    '\n\n  !!! Java not found: the HTML validity test (Nu HTML Checker) needs it. Install it with: apt-get install openjdk-17-jre-headless\n\n';
  if (required) throw new Error(message);
  console.warn(message);
}

describe.skipIf(!javaFound)('valid HTML (Nu HTML Checker)', () => {
  const origin = inject('baseUrl');
  let folder: string;
  let messages: VnuMessage[];

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'efir-vnu-'));
    const files: string[] = [];
    for (const [kind, url] of Object.entries(PAGES)) {
      const response = await fetch(`${origin}${url}`);
      expect(response.status, url).toBe(kind === 'notFound' ? 404 : 200);
      const file = path.join(folder, `${kind}.html`);
      await writeFile(file, await response.text());
      files.push(file);
    }
    // One run of the checker for all pages: the JVM starts once. It exits 1 when it finds an error; the report
    // (JSON on stdout) is what the test reads.
    const result = await run('java', ['-jar', vnuJar, '--format', 'json', '--stdout', ...files], {
      maxBuffer: 32 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    messages = (JSON.parse(result.stdout) as { messages: VnuMessage[] }).messages;
  }, 180_000);

  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('finds no error on a page of any kind', () => {
    const errors = messages
      .filter((message) => message.type === 'error' && !message.message.startsWith('CSS:'))
      .map(
        (message) =>
          `${path.basename(message.url ?? '')}:${message.lastLine ?? '?'} ${message.message} — ${message.extract ?? ''}`,
      );
    expect(errors).toEqual([]);
  });

  it('checked every page', () => {
    // A file the checker could not read would be a «non-document-error», not silence.
    expect(messages.filter((message) => message.type === 'non-document-error')).toEqual([]);
  });
});
