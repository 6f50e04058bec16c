// The realtime channel (spec §1, §4): Socket.IO on the shop's own HTTP server and port, version notices for open
// pages, a room per logged-in user for later pushes, and fan-out across instances through Redis when REDIS_URL is set.
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../../config.ts';
import { countRedisFallback } from '../../lib/redis-fallback.ts';
import { type BuildInfo, resolveBuildInfo } from './build-version.ts';
import {
  createMemoryVersionRegistry,
  createRedisVersionRegistry,
  type VersionClaim,
  type VersionRegistry,
} from './version-registry.ts';

export const REALTIME_PATH = '/socket.io/';

/** What the server sends; `current_version` on connect, `update_version` when a newer build starts. */
export interface ServerToClientEvents {
  current_version(payload: VersionNotice): void;
  update_version(payload: VersionNotice): void;
}

// Clients only listen for now.
type ClientToServerEvents = Record<string, never>;

interface SocketData {
  /** The logged-in user, null for a guest (no token, or one that did not verify). */
  userId: number | null;
}

export interface VersionNotice {
  version: string;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** What a verified access token says (the auth feature's tokens, handed in by app-core.ts). */
interface AccessClaims {
  userId: number;
  tokenVersion: number;
}

export interface RealtimeOptions {
  config: Pick<Config, 'PUBLIC_URL' | 'CORS_ORIGINS' | 'REDIS_URL' | 'BUILD_VERSION' | 'redisPrefix'>;
  tokens: { verify(token: string): Promise<AccessClaims> };
  log: FastifyBaseLogger;
  /**
   * Confirms a verified token is still current (logout and password change retire older tokens); returns the user's
   * id or null. Without it a token that verifies is enough.
   */
  resolveUserId?: (claims: AccessClaims) => Promise<number | null>;
  /** The build announced and sent on connect; by default the Vite build's stamp (see build-version.ts). */
  build?: BuildInfo;
  /** Prefix of the Redis keys and channels; tests use their own so parallel runs never hear each other. */
  redisPrefix?: string;
}

export interface Realtime {
  readonly io: RealtimeServer;
  readonly build: BuildInfo;
  /** Sends `event` to every open page of one user, on every instance. */
  notifyUser(userId: number, event: string, payload: unknown): void;
  /**
   * Tells every open page (on every instance) about this build when it is newer than the last one announced.
   * Runs by itself once the server listens; resolves with what the registry decided.
   */
  announceVersion(): Promise<VersionClaim>;
}

export const userRoom = (userId: number) => `user:${userId}`;

/** Socket.IO's middleware takes any string; only a well-formed JWT is worth verifying. */
function readToken(auth: unknown): string | null {
  if (typeof auth !== 'object' || auth === null) return null;
  const raw = (auth as { token?: unknown }).token;
  if (typeof raw !== 'string') return null;
  const token = raw.startsWith('Bearer ') ? raw.slice(7).trim() : raw.trim();
  return token.length > 0 && token.length <= 4096 ? token : null;
}

/** Redis commands the adapter sends without awaiting must not become unhandled rejections while Redis is away. */
function catchCommandFailures(client: Redis, onError: (error: unknown) => void): Redis {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = (value as (...params: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise)
          result.catch((error: unknown) => {
            // A message that reached only this instance's sockets (decision 048).
            countRedisFallback('realtime');
            onError(error);
          });
        return result;
      };
    },
  });
}

/** One warning per outage rather than one per reconnection attempt. */
function createThrottledWarning(log: FastifyBaseLogger, message: string, everyMs = 30_000) {
  let lastAt = 0;
  return (error: unknown) => {
    const now = Date.now();
    if (now - lastAt < everyMs) return;
    lastAt = now;
    log.warn({ err: error }, message);
  };
}

/**
 * Attaches Socket.IO to the app's HTTP server (same host and port, path /socket.io/). Call it before the app
 * listens; sockets are closed when the app closes.
 */
export function attachRealtime(app: FastifyInstance, options: RealtimeOptions): Realtime {
  const { config, tokens, log } = options;
  const build = options.build ?? resolveBuildInfo(config);
  const prefix = options.redisPrefix ?? config.redisPrefix;
  const allowedOrigins = [new URL(config.PUBLIC_URL).origin, ...config.CORS_ORIGINS];

  const io: RealtimeServer = new Server(app.server, {
    path: REALTIME_PATH,
    serveClient: false,
    transports: ['polling', 'websocket'],
    cors: { origin: allowedOrigins, credentials: true },
    // Pages only listen: nothing they may send is bigger than a handshake.
    maxHttpBufferSize: 16 * 1024,
  });

  let registry: VersionRegistry = createMemoryVersionRegistry();
  const redisClients: Redis[] = [];
  if (config.REDIS_URL) {
    const warn = createThrottledWarning(log, 'realtime: Redis unavailable, events stay on this instance');
    const pub = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    // The subscriber waits for Redis however long it takes and subscribes again after a reconnect.
    const sub = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    for (const client of [pub, sub]) {
      client.on('error', warn);
      redisClients.push(client);
    }
    io.adapter(
      createAdapter(catchCommandFailures(pub, warn), catchCommandFailures(sub, warn), {
        key: `${prefix}:socket.io`,
      }),
    );
    registry = createRedisVersionRegistry(pub, `${prefix}:build-version`);
  }

  io.use(async (socket, next) => {
    socket.data.userId = null;
    const token = readToken(socket.handshake.auth);
    if (token) {
      try {
        const claims = await tokens.verify(token);
        socket.data.userId = options.resolveUserId ? await options.resolveUserId(claims) : claims.userId;
      } catch (error) {
        // An expired or forged token, or a failed lookup: the page still gets version notices as a guest.
        if ((error as { status?: number }).status !== 401)
          log.warn({ err: error }, 'realtime: user lookup failed');
        socket.data.userId = null;
      }
    }
    next();
  });

  io.on('connection', (socket: RealtimeSocket) => {
    if (socket.data.userId !== null) void socket.join(userRoom(socket.data.userId));
    socket.emit('current_version', { version: build.version });
  });

  io.engine.on('connection_error', (error: { code?: number; message?: string }) => {
    log.debug({ code: error.code, reason: error.message }, 'realtime: connection refused');
  });

  async function announceVersion(): Promise<VersionClaim> {
    const outcome = await registry.claim(build);
    if (outcome === 'announce') {
      io.emit('update_version', { version: build.version });
      log.info({ version: build.version }, 'realtime: new build announced');
    }
    return outcome;
  }

  app.addHook('onListen', async () => {
    try {
      await announceVersion();
    } catch (error) {
      log.warn({ err: error }, 'realtime: the build version could not be announced');
    }
  });

  // Before the HTTP server stops: open websockets and held polls would otherwise keep it from closing.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    try {
      await io.of('/').adapter.close();
    } catch {
      // Redis is gone already; nothing is left to unsubscribe from.
    }
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await Promise.all(redisClients.map((client) => client.quit().catch(() => client.disconnect())));
  });

  return {
    io,
    build,
    notifyUser(userId, event, payload) {
      // Later features name their own events; the typed map above covers the version notices only.
      (io as unknown as Server).to(userRoom(userId)).emit(event, payload);
    },
    announceVersion,
  };
}
