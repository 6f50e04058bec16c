// `npm run bench:exchange -- [goods=10000]`: a 1C package of N goods (import.xml with groups, offers.xml with prices
// and two warehouses) driven through the exchange protocol on a fresh embedded database (PGlite, in its worker
// thread as `npm start` runs it). Prints seconds for each file and the process's peak RSS.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../packages/server/src/app.ts';
import { createTestConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { connect1C, importXml, OLD, offersXml, RETAIL } from '../packages/server/src/test/fake-1c.ts';

const goods = Number(process.argv[2] ?? 10_000);
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

const groups = Array.from({ length: 20 }, (_, index) => ({ id: `g-${index}`, name: `Группа ${index + 1}` }));
const catalogue = importXml({
  version: '2.10',
  partial: false,
  groups,
  goods: Array.from({ length: goods }, (_, index) => ({
    id: `good-${index}`,
    name: `Масло номер ${index + 1}, ${[5, 10, 30][index % 3]} мл`,
    sku: `SKU-${index}`,
    group: `g-${index % 20}`,
    description: 'Описание товара из 1С. '.repeat(10),
  })),
});
const offers = offersXml({
  version: '2.10',
  offers: Array.from({ length: goods }, (_, index) => ({
    id: `good-${index}`,
    prices: { [RETAIL]: 300 + (index % 500), [OLD]: 900 },
    warehouses: { a: index % 7, b: index % 3 },
  })),
});

const { client } = await connect1C(app, { type: 'catalog', login: 'bench', password: 'bench-password' });
if (!client) throw new Error('checkauth failed');
for (const [name, content] of [
  ['import.xml', catalogue],
  ['offers.xml', offers],
] as const) {
  const started = process.hrtime.bigint();
  const answer = await client.upload(name, content, 8 * 1024 * 1024);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(
    `${name}: ${goods} goods, ${(content.length / 1024 / 1024).toFixed(1)} MB, ${seconds.toFixed(1)} s — ${answer.trim()}`,
  );
}
console.log(
  `peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (this process; PGlite runs in its thread)`,
);
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
