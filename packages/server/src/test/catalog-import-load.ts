// A big spreadsheet import while the shop is asked for a product page every 200 ms (issue 39.3): used by the heavy
// test (test/hard/catalog-import.hard.ts) and `npm run bench:import`. The file is a supplier's CSV of N new goods
// (артикул, name, volume, category, price, stock), uploaded, dry-run and applied through the back office's API.
import { randomBytes } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import { ADMIN_PREFIX } from '../back-office/admin.routes.ts';
import type { TestAgent } from './test-agent.ts';

export function supplierCsv(goods: number, category: string): Buffer {
  const rows: string[][] = [['Артикул', 'Название', 'Объём', 'Категория', 'Цена', 'Остаток']];
  for (let index = 0; index < goods; index++)
    rows.push([
      `BIG-${index}`,
      `Масло номер ${index + 1}`,
      `${[5, 10, 30][index % 3]} мл`,
      category,
      String(300 + (index % 500)),
      String(index % 7),
    ]);
  return Buffer.from(stringify(rows, { delimiter: ';', bom: true }));
}

interface StepFigures {
  seconds: number;
  /** The slowest product page answered meanwhile, in milliseconds. */
  slowestPageMs: number;
  pages: number;
  failedPages: number;
}

/** Runs `work` while a product page is asked every 200 ms; the slowest answer and how many there were. */
async function underLoad<T>(
  app: FastifyInstance,
  pageUrl: string,
  work: () => Promise<T>,
): Promise<[T, StepFigures]> {
  let running = true;
  let slowest = 0;
  let pages = 0;
  let failed = 0;
  const probe = (async () => {
    while (running) {
      const asked = process.hrtime.bigint();
      const response = await app.inject({ method: 'POST', url: '/api/v1/route', payload: { url: pageUrl } });
      slowest = Math.max(slowest, Number(process.hrtime.bigint() - asked) / 1e6);
      pages++;
      if (response.statusCode !== 200) failed++;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const started = process.hrtime.bigint();
  const result = await work().finally(() => {
    running = false;
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await probe;
  return [result, { seconds, slowestPageMs: Math.round(slowest), pages, failedPages: failed }];
}

export async function importUnderLoad(
  app: FastifyInstance,
  moderator: TestAgent,
  file: { content: Buffer; pageUrl: string },
) {
  const call = async (url: string, payload: unknown) => {
    const response = await moderator.request({
      method: 'POST',
      url: `${ADMIN_PREFIX}${url}`,
      payload: payload as Record<string, unknown>,
    });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const boundary = `----efir${randomBytes(8).toString('hex')}`;
  const [uploaded, upload] = await underLoad(app, file.pageUrl, async () => {
    const response = await moderator.request({
      method: 'POST',
      url: `${ADMIN_PREFIX}/catalog/import`,
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        file.content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    return response.json();
  });
  const run = { token: uploaded.token, mapping: uploaded.mapping };
  const [dry, dryRun] = await underLoad(app, file.pageUrl, () => call('/catalog/import/dry-run', run));
  const [applied, apply] = await underLoad(app, file.pageUrl, () => call('/catalog/import/apply', run));
  return { dry, applied, figures: { upload, dryRun, apply } };
}
