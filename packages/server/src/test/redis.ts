// The machine's Redis for tests that run several instances (TEST_REDIS_URL, default the local one).
import { connect as connectTcp } from 'node:net';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something answers on the Redis port within a second. */
async function isRedisReachable(url: string = TEST_REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connectTcp({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Whether the Redis tests can run. On a developer's machine without Redis they are skipped with a warning; in CI
 * (`CI` set, as for PostgreSQL and Chromium) a missing Redis is an error, so those tests never silently skip there.
 */
export async function redisForTests(what: string, url: string = TEST_REDIS_URL): Promise<boolean> {
  if (await isRedisReachable(url)) return true;
  const message = `Redis is not reachable at ${url}: ${what}`;
  if (process.env.CI) throw new Error(`${message} cannot run, and CI must run them (start redis-server).`);
  console.warn(`\n  !!! ${message} are SKIPPED (set TEST_REDIS_URL).\n`);
  return false;
}
