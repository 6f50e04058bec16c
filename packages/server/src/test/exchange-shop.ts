// The shop the exchange's test files drive: an app on a fresh database with the 1C exchange on and a DATA_DIR of its
// own (the session folders), and the fake 1C opening a catalogue session the way 1C does (checkauth, then init).
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { products } from '../features/catalog/catalog.table.ts';
import { connect1C, type FakeOneC } from './fake-1c.ts';
import { MODERATOR_ENV } from './moderator.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export interface ExchangeShop {
  readonly app: TestApp['app'];
  readonly database: TestApp['database'];
  readonly dataDir: string;
  /** A catalogue session: checkauth and init answered as 1C expects them. */
  catalog1C(): Promise<FakeOneC>;
  /** The product of a 1C Ид. */
  byExternal(externalId: string): Promise<typeof products.$inferSelect | undefined>;
}

/** Starts the shop before the file's tests and closes it after them; `env` adds settings (price types, steps). */
export function useExchangeShop(options: {
  login: string;
  password: string;
  env?: Record<string, string>;
}): ExchangeShop {
  const { login, password } = options;
  let shop: TestApp | undefined;
  let dataDir = '';
  const started = () => {
    if (!shop) throw new Error('the exchange shop starts in beforeAll');
    return shop;
  };
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'efir-exchange-'));
    shop = await createTestApp({
      env: {
        ...MODERATOR_ENV,
        DATA_DIR: dataDir,
        EXCHANGE_LOGIN: login,
        EXCHANGE_PASSWORD: password,
        ...options.env,
      },
    });
  });
  afterAll(() => shop?.close());
  return {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
    get dataDir() {
      return dataDir;
    },
    async catalog1C() {
      const { client, answer } = await connect1C(started().app, { type: 'catalog', login, password });
      expect(answer).toMatch(/^success\nefir_exchange\n[0-9a-f]{48}\n$/);
      expect((await client!.call('mode=init')).body).toMatch(/^zip=yes\nfile_limit=\d+\n$/);
      return client!;
    },
    async byExternal(externalId) {
      const { db } = started().database;
      return (await db.select().from(products).where(eq(products.externalId, externalId)))[0];
    },
  };
}
