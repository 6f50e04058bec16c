// Brings a database up to date before the shop serves from it: migrations, then the demo content's new steps.
import type { Config } from './config.ts';
import type { DbHandle } from './db/client.ts';
import { seedDemoContent } from './seed/seed.ts';

/**
 * Once per database however many instances start together: the first to take the startup lock migrates and seeds,
 * the others wait for it and then find nothing left to do.
 */
export async function prepareDatabase(
  database: DbHandle,
  config: Pick<Config, 'SEED_DEMO'> & { imagesDir: string | null },
): Promise<void> {
  await database.exclusively(async () => {
    await database.migrate();
    if (config.SEED_DEMO) await seedDemoContent(database.db, { imagesDir: config.imagesDir });
  });
}
