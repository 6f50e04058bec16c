// The browser's realtime channel (spec §1, §2, §4): a Socket.IO client created at start-up without connecting,
// connected once the app is shown; version notices reload the page onto a new build after a random 1–17 s delay.
import { io, type Socket } from 'socket.io-client';

// Vite replaces it with the build's version (packages/web/vite.config.ts `define`); absent in tests.
declare const __BUILD_VERSION__: string | undefined;

/** Without a build (development, tests) there is nothing to reload onto. */
export const DEV_BUILD_VERSION = 'dev';

/** The version of the bundle running in this tab. */
export const BUNDLE_VERSION: string =
  typeof __BUILD_VERSION__ === 'string' && __BUILD_VERSION__ ? __BUILD_VERSION__ : DEV_BUILD_VERSION;

/** Spec §9: the reload after a version notice waits a random 1–17 s, so many tabs do not reload at once. */
export const RELOAD_DELAY_MIN_MS = 1_000;
export const RELOAD_DELAY_MAX_MS = 17_000;

/** A whole number of milliseconds from 1000 to 17000, both ends included; `random` returns [0, 1). */
export function pickReloadDelayMs(random: () => number = Math.random): number {
  const value = random();
  const unit = Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0;
  const span = RELOAD_DELAY_MAX_MS - RELOAD_DELAY_MIN_MS + 1;
  return Math.min(RELOAD_DELAY_MAX_MS, RELOAD_DELAY_MIN_MS + Math.floor(unit * span));
}

/** The version a notice carries: `{version}` from our server, a bare string from older ones. */
export function readNoticeVersion(payload: unknown): string | null {
  if (typeof payload === 'string') return payload || null;
  if (typeof payload === 'object' && payload !== null) {
    const { version } = payload as { version?: unknown };
    if (typeof version === 'string' && version) return version;
  }
  return null;
}

/** Where the tab notes the version it reloaded for; a reload that lands on the old bundle again is not repeated soon. */
const RELOAD_MARK_KEY = 'efir:version-reload';
const RELOAD_MARK_TTL_MS = 5 * 60_000;

type MarkStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface VersionWatcherOptions {
  bundleVersion?: string;
  reload: () => void;
  random?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Session storage; null where it is unavailable. */
  storage?: MarkStorage | null;
  now?: () => number;
}

export interface VersionWatcher {
  /** A `current_version` or `update_version` payload. */
  notice(payload: unknown): void;
  /** The delay of the scheduled reload, or null when none is scheduled. */
  readonly scheduledDelayMs: number | null;
}

/**
 * Reloads once the server's version differs from the bundle's: the first notice that calls for it schedules the
 * reload after a random 1–17 s; later notices while it waits change nothing (the reload fetches the newest build
 * anyway), and a notice naming the bundle's own version again (a rollback) cancels it.
 */
export function createVersionWatcher(options: VersionWatcherOptions): VersionWatcher {
  const bundleVersion = options.bundleVersion ?? BUNDLE_VERSION;
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const now = options.now ?? Date.now;
  let timer: unknown = null;
  let scheduledDelayMs: number | null = null;

  function reloadedForRecently(version: string): boolean {
    try {
      const mark = JSON.parse(options.storage?.getItem(RELOAD_MARK_KEY) ?? 'null') as {
        version?: unknown;
        at?: unknown;
      } | null;
      return mark?.version === version && typeof mark.at === 'number' && now() - mark.at < RELOAD_MARK_TTL_MS;
    } catch {
      return false;
    }
  }

  function reloadFor(version: string): void {
    timer = null;
    scheduledDelayMs = null;
    try {
      options.storage?.setItem(RELOAD_MARK_KEY, JSON.stringify({ version, at: now() }));
    } catch {
      // Without the mark a stale build behind the balancer may cost one more reload; no harm beyond that.
    }
    options.reload();
  }

  return {
    get scheduledDelayMs() {
      return scheduledDelayMs;
    },
    notice(payload) {
      const version = readNoticeVersion(payload);
      if (!version || bundleVersion === DEV_BUILD_VERSION) return;
      if (version === bundleVersion) {
        if (timer !== null) clearTimer(timer);
        timer = null;
        scheduledDelayMs = null;
        return;
      }
      if (timer !== null || reloadedForRecently(version)) return;
      scheduledDelayMs = pickReloadDelayMs(options.random);
      timer = setTimer(() => reloadFor(version), scheduledDelayMs);
    },
  };
}

export interface RealtimeOptions {
  /** The access token, read at every (re)connection so the server knows the user (spec §4 Token). */
  getToken: () => string | null;
  /** Another origin; by default the page's own host. */
  url?: string;
  watcher?: VersionWatcher;
}

export interface RealtimeClient {
  readonly socket: Socket;
  /** Connects once; later calls do nothing while connected or connecting. */
  connect(): void;
  /** After login or logout: reconnects so the server sees the current token. */
  reauthenticate(): void;
  disconnect(): void;
}

function browserSessionStorage(): MarkStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function createRealtime(options: RealtimeOptions): RealtimeClient {
  const settings = {
    path: '/socket.io/',
    autoConnect: false,
    transports: ['polling', 'websocket'],
    withCredentials: true,
    // A function, so every reconnection sends the token as it is now.
    auth: (send: (data: object) => void) => send({ token: options.getToken() }),
  };
  const socket = options.url ? io(options.url, settings) : io(settings);
  const watcher =
    options.watcher ??
    createVersionWatcher({
      reload: () => window.location.reload(),
      storage: browserSessionStorage(),
    });
  socket.on('current_version', (payload: unknown) => watcher.notice(payload));
  socket.on('update_version', (payload: unknown) => watcher.notice(payload));

  let wanted = false;
  return {
    socket,
    connect() {
      wanted = true;
      if (!socket.connected && !socket.active) socket.connect();
    },
    reauthenticate() {
      if (!wanted) return;
      socket.disconnect();
      socket.connect();
    },
    disconnect() {
      wanted = false;
      socket.disconnect();
    },
  };
}

let current: RealtimeClient | null = null;

/** Spec §1: created at start-up, not connected. One per tab. */
export function startRealtime(options: RealtimeOptions): RealtimeClient {
  current ??= createRealtime(options);
  return current;
}

/** Connects the tab's channel; called once the app is shown. */
export function connectRealtime(): void {
  current?.connect();
}
