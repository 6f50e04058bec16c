// The shop's API on PostgreSQL, as the benchmark measures it (no page rendering, logging off).
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openPostgres } from '../packages/server/src/db/client.ts';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: '0' });
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required');
const database = openPostgres(config.DATABASE_URL, 10);
const app = await buildApp(config, { db: database.db });
await app.listen({ host: '127.0.0.1', port: config.PORT });
process.send?.({ ready: true });
