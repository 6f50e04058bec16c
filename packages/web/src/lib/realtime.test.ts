// The version reload: the 1–17 s delay of spec §9, when a notice reloads, and the client socket's start-up settings.
import { afterEach, describe, expect, it, vi } from 'vitest';

interface FakeSocketOptions {
  path: string;
  autoConnect: boolean;
  transports: string[];
  withCredentials: boolean;
  auth: (send: (data: object) => void) => void;
}

class FakeSocket {
  connected = false;
  active = false;
  connects = 0;
  disconnects = 0;
  readonly handlers = new Map<string, Array<(payload: unknown) => void>>();
  constructor(readonly options: FakeSocketOptions) {}
  on(event: string, handler: (payload: unknown) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  connect() {
    this.connects += 1;
    this.active = true;
    return this;
  }
  disconnect() {
    this.disconnects += 1;
    this.active = false;
    return this;
  }
  fire(event: string, payload: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
}

const created: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: (first: unknown, second?: unknown) => {
    const socket = new FakeSocket((typeof first === 'string' ? second : first) as FakeSocketOptions);
    created.push(socket);
    return socket;
  },
}));

const {
  BUNDLE_VERSION,
  createRealtime,
  createVersionWatcher,
  pickReloadDelayMs,
  RELOAD_DELAY_MAX_MS,
  RELOAD_DELAY_MIN_MS,
  readNoticeVersion,
} = await import('./realtime.ts');

describe('pickReloadDelayMs', () => {
  it('stays within 1–17 s and reaches both ends', () => {
    expect(RELOAD_DELAY_MIN_MS).toBe(1000);
    expect(RELOAD_DELAY_MAX_MS).toBe(17000);
    expect(pickReloadDelayMs(() => 0)).toBe(1000);
    expect(pickReloadDelayMs(() => 0.999_999_999)).toBe(17000);
    expect(pickReloadDelayMs(() => 0.5)).toBe(9000);
    // A broken random source still gives a delay in range.
    expect(pickReloadDelayMs(() => 1)).toBe(17000);
    expect(pickReloadDelayMs(() => -3)).toBe(1000);
    expect(pickReloadDelayMs(() => Number.NaN)).toBe(1000);
  });

  it('spreads over the whole range in whole milliseconds', () => {
    const delays = Array.from({ length: 5000 }, () => pickReloadDelayMs());
    expect(delays.every((delay) => Number.isInteger(delay) && delay >= 1000 && delay <= 17000)).toBe(true);
    expect(Math.min(...delays)).toBeLessThan(1000 + 1600);
    expect(Math.max(...delays)).toBeGreaterThan(17000 - 1600);
    // Each sixteenth of the range gets its share (expected ≈ 312 of 5000).
    const buckets = Array<number>(16).fill(0);
    for (const delay of delays) buckets[Math.min(15, Math.floor((delay - 1000) / 1000))]! += 1;
    expect(Math.min(...buckets)).toBeGreaterThan(200);
  });
});

describe('readNoticeVersion', () => {
  it('reads {version} and a bare string, and nothing else', () => {
    expect(readNoticeVersion({ version: '0.1.0+abc' })).toBe('0.1.0+abc');
    expect(readNoticeVersion('0.1.0+abc')).toBe('0.1.0+abc');
    expect(readNoticeVersion({ version: 5 })).toBeNull();
    expect(readNoticeVersion('')).toBeNull();
    expect(readNoticeVersion(null)).toBeNull();
  });
});

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

function watcherWithClock(options: {
  bundleVersion: string;
  random?: () => number;
  storage?: Storage | null;
}) {
  const timers: Array<{ callback: () => void; ms: number; cleared: boolean }> = [];
  const reload = vi.fn();
  const watcher = createVersionWatcher({
    bundleVersion: options.bundleVersion,
    reload,
    random: options.random ?? (() => 0.25),
    storage: options.storage === undefined ? memoryStorage() : options.storage,
    setTimer: (callback, ms) => {
      const timer = { callback, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
  });
  const runTimers = () => {
    for (const timer of timers.splice(0)) if (!timer.cleared) timer.callback();
  };
  return { watcher, reload, timers, runTimers };
}

describe('the version watcher', () => {
  it('does nothing while the server runs the bundle’s own version', () => {
    const { watcher, reload, timers } = watcherWithClock({ bundleVersion: 'b1' });
    watcher.notice({ version: 'b1' });
    watcher.notice({ version: 'b1' });
    expect(timers).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads after the random delay on the first notice of another version, once', () => {
    const { watcher, reload, timers, runTimers } = watcherWithClock({ bundleVersion: 'b1' });
    watcher.notice({ version: 'b2' });
    expect(timers.map((timer) => timer.ms)).toEqual([5000]);
    expect(watcher.scheduledDelayMs).toBe(5000);
    // An update_version while waiting neither reloads at once nor moves the reload.
    watcher.notice({ version: 'b3' });
    expect(timers).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();
    runTimers();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('cancels the reload when the server goes back to the bundle’s version', () => {
    const { watcher, reload, runTimers } = watcherWithClock({ bundleVersion: 'b1' });
    watcher.notice({ version: 'b2' });
    watcher.notice({ version: 'b1' });
    expect(watcher.scheduledDelayMs).toBeNull();
    runTimers();
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload again for a version it just reloaded for (an old build answered)', () => {
    const storage = memoryStorage() as unknown as Storage;
    const first = watcherWithClock({ bundleVersion: 'b1', storage });
    first.watcher.notice({ version: 'b2' });
    first.runTimers();
    expect(first.reload).toHaveBeenCalledTimes(1);
    // The reloaded tab still got the old bundle: no reload loop.
    const second = watcherWithClock({ bundleVersion: 'b1', storage });
    second.watcher.notice({ version: 'b2' });
    expect(second.timers).toEqual([]);
    // A newer build still counts.
    second.watcher.notice({ version: 'b3' });
    expect(second.timers).toHaveLength(1);
  });

  it('never reloads a development bundle', () => {
    const { watcher, timers } = watcherWithClock({ bundleVersion: 'dev' });
    watcher.notice({ version: 'b2' });
    expect(timers).toEqual([]);
    expect(BUNDLE_VERSION).toBe('dev');
  });
});

describe('the client socket', () => {
  afterEach(() => {
    created.splice(0);
  });

  it('is created without connecting, polling and websocket, credentials sent, token read at each connection', () => {
    let token: string | null = 'token-1';
    const realtime = createRealtime({
      getToken: () => token,
      watcher: { notice: () => {}, scheduledDelayMs: null },
    });
    const socket = created[0]!;
    expect(socket.options).toMatchObject({
      path: '/socket.io/',
      autoConnect: false,
      transports: ['polling', 'websocket'],
      withCredentials: true,
    });
    expect(socket.connects).toBe(0);
    const sent: object[] = [];
    socket.options.auth((data) => sent.push(data));
    token = null;
    socket.options.auth((data) => sent.push(data));
    expect(sent).toEqual([{ token: 'token-1' }, { token: null }]);

    realtime.connect();
    realtime.connect();
    expect(socket.connects).toBe(1);
    realtime.reauthenticate();
    expect(socket.disconnects).toBe(1);
    expect(socket.connects).toBe(2);
  });

  it('hands current_version and update_version to the version watcher', () => {
    const notices: unknown[] = [];
    createRealtime({
      getToken: () => null,
      watcher: { notice: (payload) => notices.push(payload), scheduledDelayMs: null },
    });
    const socket = created[0]!;
    socket.fire('current_version', { version: 'a' });
    socket.fire('update_version', { version: 'b' });
    expect(notices).toEqual([{ version: 'a' }, { version: 'b' }]);
  });
});
