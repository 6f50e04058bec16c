// The machine's Redis for tests that run several instances (TEST_REDIS_URL, default the local one).
import { connect as connectTcp, createServer } from 'node:net';

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

/** A TCP relay to the test Redis that a test can cut (every connection dropped, new ones refused) and restore. */
export interface RedisRelay {
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startRedisRelay(target: string = TEST_REDIS_URL): Promise<RedisRelay> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<import('node:net').Socket>();
  const relay = createServer((client) => {
    const upstream = connectTcp({ host: hostname, port: Number(port || 6379) });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayPort = (relay.address() as import('node:net').AddressInfo).port;
  const server = relay;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(relayPort, '127.0.0.1', () => resolve());
    });
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    url: `redis://127.0.0.1:${relayPort}`,
    cut: stop,
    async restore() {
      await listen();
    },
    async close() {
      if (server.listening) await stop();
    },
  };
}
