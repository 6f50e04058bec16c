// The realtime channel over real sockets: guests and users connect (polling and websocket), the version notice on
// connect, bad tokens as guests, pushes to one user, and update_version fanned out across instances through Redis.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { type Socket as ClientSocket, io as connectSocket } from 'socket.io-client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestConfig } from '../../config.ts';
import { type AccessClaims, createAccessTokens } from '../../features/auth/tokens.ts';
import { redisForTests, TEST_REDIS_URL } from '../../test/redis.ts';
import { BUILD_INFO_FILE, type BuildInfo, DEV_BUILD_VERSION, resolveBuildInfo } from './build-version.ts';
import { attachRealtime, type Realtime, type VersionNotice } from './realtime.ts';
import { createMemoryVersionRegistry } from './version-registry.ts';

const SECRET = 'realtime-test-secret-realtime-test-secret-0123';
const tokens = createAccessTokens(SECRET, 900);
const REDIS_URL = TEST_REDIS_URL;

interface Instance {
  app: FastifyInstance;
  realtime: Realtime;
  url: string;
}

const instances: Instance[] = [];
const clients: ClientSocket[] = [];

async function startInstance(
  build: BuildInfo,
  options: {
    redis?: { url: string; prefix: string };
    resolveUserId?: (claims: AccessClaims) => Promise<number | null>;
  } = {},
): Promise<Instance> {
  const app = Fastify({ logger: false });
  const config = createTestConfig(options.redis ? { REDIS_URL: options.redis.url } : {});
  const realtime = attachRealtime(app, {
    config,
    tokens,
    log: app.log,
    build,
    ...(options.redis ? { redisPrefix: options.redis.prefix } : {}),
    ...(options.resolveUserId ? { resolveUserId: options.resolveUserId } : {}),
  });
  app.get('/api/health', async () => ({ status: 'ok' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const instance = { app, realtime, url: `http://127.0.0.1:${port}` };
  instances.push(instance);
  return instance;
}

function openClient(
  url: string,
  options: { token?: string; transports?: Array<'polling' | 'websocket'> } = {},
): ClientSocket {
  const socket = connectSocket(url, {
    path: '/socket.io/',
    transports: options.transports ?? ['polling', 'websocket'],
    withCredentials: true,
    auth: options.token === undefined ? {} : { token: options.token },
    reconnection: false,
    forceNew: true,
  });
  clients.push(socket);
  return socket;
}

function nextEvent<T>(
  socket: ClientSocket,
  event: string,
  options: { timeoutMs?: number; where?: (payload: T) => boolean } = {},
): Promise<T> {
  const { timeoutMs = 5000, where = () => true } = options;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, onEvent);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    function onEvent(payload: T) {
      if (!where(payload)) return;
      clearTimeout(timer);
      socket.off(event, onEvent);
      resolve(payload);
    }
    socket.on(event, onEvent);
  });
}

/** Collects every `event` a socket receives, for checks that something did NOT arrive. */
function recordEvents<T>(socket: ClientSocket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  for (const socket of clients.splice(0)) socket.disconnect();
  await Promise.all(instances.splice(0).map((instance) => instance.app.close()));
});

describe('the realtime channel', () => {
  const build = { version: 'v-test-1', builtAt: 1_000 };

  it('lets a guest connect over long polling and sends current_version on connect', async () => {
    const { url, realtime } = await startInstance(build);
    const guest = openClient(url, { transports: ['polling'] });
    const notice = await nextEvent<VersionNotice>(guest, 'current_version');
    expect(notice).toEqual({ version: 'v-test-1' });
    expect(guest.io.engine.transport.name).toBe('polling');

    const [socket] = await realtime.io.fetchSockets();
    expect(socket?.data.userId).toBeNull();
    expect([...(socket?.rooms ?? [])].some((room) => room.startsWith('user:'))).toBe(false);
  });

  it('authenticates a user from the access token over websocket and can push to that user only', async () => {
    const { url, realtime } = await startInstance(build);
    const { token } = await tokens.issue({ userId: 42, tokenVersion: 0 });
    const user = openClient(url, { token, transports: ['websocket'] });
    const guest = openClient(url);
    await Promise.all([
      nextEvent<VersionNotice>(user, 'current_version'),
      nextEvent<VersionNotice>(guest, 'current_version'),
    ]);
    expect(user.io.engine.transport.name).toBe('websocket');

    const sockets = await realtime.io.fetchSockets();
    expect(sockets.map((socket) => socket.data.userId).sort()).toEqual([42, null]);

    const guestPushes = recordEvents(guest, 'order_status');
    const pushed = nextEvent<{ id: number }>(user, 'order_status');
    realtime.notifyUser(42, 'order_status', { id: 7 });
    expect(await pushed).toEqual({ id: 7 });
    await pause(200);
    expect(guestPushes).toEqual([]);
  });

  it('treats a bad, forged or retired token as a guest connection and keeps serving', async () => {
    const { url, realtime } = await startInstance(build, {
      // The account says this token's version is retired (logout), so it is no user any more.
      resolveUserId: async (claims) => (claims.tokenVersion === 0 ? claims.userId : null),
    });
    const forged = await createAccessTokens('another-secret-another-secret-0123456789', 900).issue({
      userId: 1,
      tokenVersion: 0,
    });
    const retired = await tokens.issue({ userId: 5, tokenVersion: 3 });
    const sockets = [
      openClient(url, { token: 'not-a-jwt' }),
      openClient(url, { token: forged.token }),
      openClient(url, { token: retired.token }),
      openClient(url, { token: '' }),
    ];
    const notices = await Promise.all(
      sockets.map((socket) => nextEvent<VersionNotice>(socket, 'current_version')),
    );
    expect(notices).toEqual(Array(4).fill({ version: 'v-test-1' }));
    expect(sockets.every((socket) => socket.connected)).toBe(true);
    const connected = await realtime.io.fetchSockets();
    expect(connected.map((socket) => socket.data.userId)).toEqual([null, null, null, null]);

    // Still serving: a good token right after the bad ones is a user.
    const { token } = await tokens.issue({ userId: 9, tokenVersion: 0 });
    const user = openClient(url, { token });
    await nextEvent(user, 'current_version');
    const after = await realtime.io.fetchSockets();
    expect(after.map((socket) => socket.data.userId)).toContain(9);
  });

  it('closes open sockets when the app closes', async () => {
    const instance = await startInstance(build);
    const socket = openClient(instance.url, { transports: ['websocket'] });
    await nextEvent(socket, 'current_version');
    const disconnected = nextEvent<string>(socket, 'disconnect');
    await instance.app.close();
    instances.splice(instances.indexOf(instance), 1);
    expect(await disconnected).toBeTruthy();
  });
});

describe('the build version', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  function clientDirWith(content: string | null): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'efir-build-'));
    dirs.push(dir);
    if (content !== null) writeFileSync(path.join(dir, BUILD_INFO_FILE), content);
    return dir;
  }

  it('is the stamp the web build wrote, «dev» without a build, BUILD_VERSION when named', () => {
    const stamped = clientDirWith(JSON.stringify({ version: '0.1.0+abc', builtAt: 1_700_000_000_000 }));
    expect(resolveBuildInfo({}, { clientDir: stamped })).toEqual({
      version: '0.1.0+abc',
      builtAt: 1_700_000_000_000,
    });
    expect(resolveBuildInfo({}, { clientDir: clientDirWith(null), now: 5 })).toEqual({
      version: DEV_BUILD_VERSION,
      builtAt: 5,
    });
    expect(resolveBuildInfo({}, { clientDir: clientDirWith('{broken'), now: 5 }).version).toBe(
      DEV_BUILD_VERSION,
    );
    expect(resolveBuildInfo({ BUILD_VERSION: 'commit-1' }, { clientDir: stamped, now: 9 })).toEqual({
      version: 'commit-1',
      builtAt: 9,
    });
  });

  it('is announced when newer than the last announced build, never for the same or an older one', async () => {
    const registry = createMemoryVersionRegistry();
    expect(await registry.claim({ version: 'a', builtAt: 10 })).toBe('announce');
    expect(await registry.claim({ version: 'a', builtAt: 10 })).toBe('same');
    expect(await registry.claim({ version: 'b', builtAt: 20 })).toBe('announce');
    expect(await registry.claim({ version: 'a', builtAt: 10 })).toBe('older');
    expect(await registry.claim({ version: 'b', builtAt: 20 })).toBe('same');
  });
});

const redisUp = await redisForTests('the cross-instance realtime tests', REDIS_URL);

describe.skipIf(!redisUp)('several instances on one Redis', () => {
  const prefix = `efir-test-${randomBytes(6).toString('hex')}`;
  const redis = { url: REDIS_URL, prefix };

  afterAll(async () => {
    const client = new Redis(REDIS_URL);
    await client.del(`${prefix}:build-version`);
    await client.quit();
  });

  it('fans update_version from a newer instance out to the pages of every instance', async () => {
    const a = await startInstance({ version: 'v1', builtAt: 1_000 }, { redis });
    const b = await startInstance({ version: 'v1', builtAt: 1_000 }, { redis });
    // B started with the build A already announced: it stays quiet.
    expect(await b.realtime.announceVersion()).toBe('same');
    expect(await a.realtime.announceVersion()).toBe('same');

    const onA = openClient(a.url, { transports: ['websocket'] });
    const onB = openClient(b.url);
    await Promise.all([nextEvent(onA, 'current_version'), nextEvent(onB, 'current_version')]);
    const isV2 = (notice: VersionNotice) => notice.version === 'v2';
    const updatesOnA = nextEvent<VersionNotice>(onA, 'update_version', { where: isV2 });
    const updatesOnB = nextEvent<VersionNotice>(onB, 'update_version', { where: isV2 });

    // A newer build starts on a third instance; its announcement reaches the pages on A and B.
    const c = await startInstance({ version: 'v2', builtAt: 2_000 }, { redis });
    expect(await updatesOnA).toEqual({ version: 'v2' });
    expect(await updatesOnB).toEqual({ version: 'v2' });
    expect(c.realtime.build.version).toBe('v2');

    // A user's push from one instance reaches that user's page on another.
    const { token } = await tokens.issue({ userId: 77, tokenVersion: 0 });
    const userOnA = openClient(a.url, { token });
    await nextEvent(userOnA, 'current_version');
    const pushed = nextEvent<{ text: string }>(userOnA, 'notice');
    c.realtime.notifyUser(77, 'notice', { text: 'Заказ собран' });
    expect(await pushed).toEqual({ text: 'Заказ собран' });
  });

  it('does not announce an older build restarting after a newer one', async () => {
    const newer = await startInstance({ version: 'v3', builtAt: 3_000 }, { redis });
    const page = openClient(newer.url);
    await nextEvent(page, 'current_version');
    const updates = recordEvents<VersionNotice>(page, 'update_version');
    const older = await startInstance({ version: 'v0', builtAt: 500 }, { redis });
    expect(await older.realtime.announceVersion()).toBe('older');
    await pause(300);
    expect(updates.filter((notice) => notice.version === 'v0')).toEqual([]);
  });
});
