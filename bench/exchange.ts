// `npm run bench:exchange -- [goods…]` (default: 10000 100000): a 1C package of N goods (import.xml with groups and
// properties, offers.xml with prices and two warehouses) driven through the exchange protocol on a fresh embedded
// database (PGlite, in its worker thread as `npm start` runs it), each size in a process of its own so its peak RSS
// is its own. The package is written to disk in slices and sent in 8 MB chunks, as 1C does, so the bench's own data
// stays out of the figure. Prints seconds for each file, the «progress» answers, the longest another query of the
// shop waited meanwhile (a `select 1` asked every 200 ms: what the shop's pages wait while 1C imports) and the
// process's peak RSS.
import { spawnSync } from 'node:child_process';
import { appendFile, mkdtemp, open, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.ts';
import { createTestConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';
import {
  connect1C,
  type FakeOneC,
  importXml,
  OLD,
  offersXml,
  RETAIL,
} from '../packages/server/src/test/fake-1c.ts';

const sizes = process.argv.slice(2).map(Number);
if (sizes.length !== 1) {
  for (const goods of sizes.length > 0 ? sizes : [10_000, 100_000]) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), String(goods)],
      {
        stdio: 'inherit',
      },
    );
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
  process.exit(0);
}

const goods = sizes[0]!;
const SLICE = 2000;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'efir-bench-exchange-'));
const config = createTestConfig({
  DATA_DIR: dataDir,
  IMAGES_DIR: path.join(dataDir, 'images'),
  EXCHANGE_LOGIN: 'bench',
  EXCHANGE_PASSWORD: 'bench-password',
});
const database = await openDatabase(config);
await database.migrate();
const app = await buildApp(config, { db: database.db });
await app.ready();

/** Writes a document whose records come in slices: the head and tail of the first slice, the records of each. */
async function writePackage(
  file: string,
  slice: (from: number, to: number) => Buffer,
  open: string,
  close: string,
) {
  for (let from = 0; from < goods; from += SLICE) {
    const text = slice(from, Math.min(goods, from + SLICE)).toString('utf8');
    const start = text.indexOf(open) + open.length;
    const end = text.lastIndexOf(close);
    if (from === 0) await appendFile(file, text.slice(0, start));
    await appendFile(file, text.slice(start, end));
    if (from + SLICE >= goods) await appendFile(file, text.slice(end));
  }
}

const groups = Array.from({ length: 20 }, (_, index) => ({ id: `g-${index}`, name: `Группа ${index + 1}` }));
const importFile = path.join(dataDir, 'bench-import.xml');
await writePackage(
  importFile,
  (from, to) =>
    importXml({
      version: '2.10',
      partial: false,
      groups,
      properties: [{ id: 'p-country', name: 'Страна', values: { fr: 'Франция', it: 'Италия' } }],
      goods: Array.from({ length: to - from }, (_, offset) => {
        const index = from + offset;
        return {
          id: `good-${index}`,
          name: `Масло номер ${index + 1}, ${[5, 10, 30][index % 3]} мл`,
          sku: `SKU-${index}`,
          group: `g-${index % 20}`,
          description: 'Описание товара из 1С. '.repeat(10),
          properties: { 'p-country': index % 2 ? 'fr' : 'it' },
        };
      }),
    }),
  '<Товары>',
  '</Товары>',
);
const offersFile = path.join(dataDir, 'bench-offers.xml');
await writePackage(
  offersFile,
  (from, to) =>
    offersXml({
      version: '2.10',
      offers: Array.from({ length: to - from }, (_, offset) => ({
        id: `good-${from + offset}`,
        prices: { [RETAIL]: 300 + ((from + offset) % 500), [OLD]: 900 },
        warehouses: { a: (from + offset) % 7, b: (from + offset) % 3 },
      })),
    }),
  '<Предложения>',
  '</Предложения>',
);

async function send(client: FakeOneC, name: string, file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const chunk = Buffer.alloc(8 * 1024 * 1024);
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length);
      if (bytesRead === 0) break;
      const answer = await client.call(`mode=file&filename=${name}`, chunk.subarray(0, bytesRead));
      if (!answer.body.startsWith('success')) return answer.body;
    }
  } finally {
    await handle.close();
  }
  return client.importFile(name);
}

/** Asks the database every 200 ms while `work` runs; the longest any one answer took, in seconds. */
async function longestWait<T>(work: Promise<T>): Promise<[T, number]> {
  let running = true;
  let longest = 0;
  const probe = (async () => {
    while (running) {
      const asked = process.hrtime.bigint();
      await database.db.execute(sql`select 1`);
      longest = Math.max(longest, Number(process.hrtime.bigint() - asked) / 1e9);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const result = await work.finally(() => {
    running = false;
  });
  // The probe asked last (perhaps still waiting when the work ended) counts too.
  await probe;
  return [result, longest];
}

// The usual exchange after the first: the same offers, one price in a hundred changed.
const repricedFile = path.join(dataDir, 'bench-offers-again.xml');
await writePackage(
  repricedFile,
  (from, to) =>
    offersXml({
      version: '2.10',
      offers: Array.from({ length: to - from }, (_, offset) => ({
        id: `good-${from + offset}`,
        prices: {
          [RETAIL]: 300 + ((from + offset) % 500) + ((from + offset) % 100 === 0 ? 7 : 0),
          [OLD]: 900,
        },
        warehouses: { a: (from + offset) % 7, b: (from + offset) % 3 },
      })),
    }),
  '<Предложения>',
  '</Предложения>',
);

const { client } = await connect1C(app, { type: 'catalog', login: 'bench', password: 'bench-password' });
if (!client) throw new Error('checkauth failed');
for (const [label, name, file] of [
  ['import.xml', 'import.xml', importFile],
  ['offers.xml', 'offers.xml', offersFile],
  ['offers.xml again, 1 % repriced', 'offers.xml', repricedFile],
] as const) {
  const size = (await stat(file)).size;
  const before = client.progressAnswers;
  const started = process.hrtime.bigint();
  const [answer, waited] = await longestWait(send(client, name, file));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(
    `${label}: ${goods} goods, ${(size / 1024 / 1024).toFixed(1)} MB, ${seconds.toFixed(1)} s, ` +
      `${client.progressAnswers - before} «progress» answers, another query waited at most ${waited.toFixed(1)} s — ${answer.trim()}`,
  );
}
console.log(
  `${goods} goods: peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (this process; PGlite runs in its thread)`,
);
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
