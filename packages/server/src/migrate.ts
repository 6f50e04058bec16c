// `npm run migrate`: migrations and the demo content's new steps, without starting the shop — for deploy pipelines
// that migrate once before rolling the instances out (they still take the same lock when they start).
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './prepare.ts';

try {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database, config);
  } finally {
    await database.close();
  }
  console.log(`База данных готова (${database.kind})`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
