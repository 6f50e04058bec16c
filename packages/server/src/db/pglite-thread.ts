// The embedded database in a thread of its own (pglite-worker.ts): starts it, holds the data folder's lock, and
// gives `pg` connections to it — streams carrying the PostgreSQL wire protocol over a message port, no network.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Duplex } from 'node:stream';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';

export interface PgliteThread {
  /** A new connection for `pg` (its `stream` option); one at a time is served, the others wait. */
  connect(): Duplex;
  /** The data folder as PGlite's tar, taken while no transaction is open (pglite-worker.ts, dumpNow). */
  dump(): Promise<Uint8Array>;
  /** Closes the database (after the connections are gone) and ends the thread. */
  close(): Promise<void>;
}

/** Data folders open in this process; the lock file tells other processes. */
const openHere = new Set<string>();

/**
 * `<dataDir>.lock` holds the pid of the process that has the folder open: a second shop on the same folder would
 * corrupt it. A lock whose process is gone (killed, crashed) is taken over; so is one bearing our own or our
 * parent's pid, as PostgreSQL does with postmaster.pid (a container restarts with the same pids).
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  if (openHere.has(dataDir)) throw inUse(dataDir, process.pid);
  for (;;) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
    } catch {
      // Removed meanwhile: try again.
    }
    if (isAlive(holder)) throw inUse(dataDir, holder);
    rmSync(file, { force: true });
  }
  openHere.add(dataDir);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    openHere.delete(dataDir);
    rmSync(file, { force: true });
    process.off('exit', release);
  };
  process.on('exit', release);
  return release;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || pid === process.ppid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function inUse(dataDir: string, pid: number): Error {
  return new Error(
    `Встроенная база ${dataDir} уже открыта другим процессом (pid ${pid}): остановите его или укажите другой DATA_DIR. ` +
      `The embedded database ${dataDir} is already open in process ${pid}.`,
  );
}

/** The thread's module beside this one: built (scripts/build.mjs), or its source through tsx's loader. */
const workerUrl = import.meta.url.endsWith('.ts')
  ? new URL('./pglite-worker.dev.mjs', import.meta.url)
  : new URL('./pglite-worker.js', import.meta.url);

/**
 * PostgreSQL's default of 128 MB would be resident from the start; the files are read through the OS page cache
 * anyway, and the demo catalogue's searches run as fast with 16 MB (docs/decisions/017-pglite-worker.md).
 */
const SHARED_BUFFERS = '16MB';

/** Opens `dataDir` (created on first start) in its own thread; resolves once the database is ready. */
export async function startPgliteThread(dataDir: string): Promise<PgliteThread> {
  const release = lockDataDir(dataDir);
  let worker: Worker;
  try {
    worker = new Worker(workerUrl, { workerData: { dataDir, sharedBuffers: SHARED_BUFFERS } });
  } catch (error) {
    release();
    throw error;
  }
  const connections = new Set<WorkerConnection>();
  let closing = false;
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  let failure: Error | null = null;
  worker.on('error', (error) => {
    failure = error;
  });

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: { type: string; message?: string }) => {
      if (message.type === 'ready') resolve();
      if (message.type === 'failed')
        reject(new Error(`PGlite could not open ${dataDir}: ${message.message}`));
    });
    void exited.then((code) => reject(failure ?? new Error(`the database thread exited with code ${code}`)));
  });
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    release();
    throw error;
  }

  void exited.then((code) => {
    release();
    if (closing) return;
    // The database is gone with its thread: fail what waits on it, and the process with it (loudly, not a shop
    // that answers 500 to everything).
    const error = failure ?? new Error(`the embedded database thread stopped (exit code ${code})`);
    for (const connection of connections) connection.destroy(error);
    setImmediate(() => {
      throw error;
    });
  });

  return {
    connect() {
      const channel = new MessageChannel();
      const connection = new WorkerConnection(channel.port1, () => {
        if (closing) throw new Error('the embedded database is closed');
        worker.postMessage({ type: 'connect', port: channel.port2 }, [channel.port2]);
      });
      connections.add(connection);
      connection.once('close', () => connections.delete(connection));
      return connection;
    },
    dump() {
      if (closing) return Promise.reject(new Error('the embedded database is closed'));
      const channel = new MessageChannel();
      const answer = new Promise<Uint8Array>((resolve, reject) => {
        channel.port1.once('message', (message: { type: string; bytes?: Uint8Array; message?: string }) => {
          if (message.type === 'dump') resolve(message.bytes!);
          else reject(new Error(`the embedded database could not be dumped: ${message.message}`));
        });
        channel.port1.once('close', () => reject(new Error('the embedded database closed during a dump')));
      });
      worker.postMessage({ type: 'dump', port: channel.port2 }, [channel.port2]);
      return answer.finally(() => channel.port1.close());
    },
    async close() {
      if (closing) return exited.then(() => undefined);
      closing = true;
      for (const connection of connections) connection.destroy();
      worker.postMessage({ type: 'close' });
      await exited;
      release();
    },
  };
}

/** A `pg` connection's socket, made of a message port to the database thread. */
class WorkerConnection extends Duplex {
  constructor(
    private readonly port: MessagePort,
    private readonly open: () => void,
  ) {
    super();
    port.on('message', (data: Uint8Array) => {
      this.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    });
    port.once('close', () => {
      this.push(null);
      this.destroy();
    });
  }

  // The socket methods `pg` calls.
  connect(): this {
    try {
      this.open();
      process.nextTick(() => this.emit('connect'));
    } catch (error) {
      process.nextTick(() => this.destroy(error as Error));
    }
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    this.port.ref();
    return this;
  }
  unref(): this {
    this.port.unref();
    return this;
  }

  override _read(): void {}

  /**
   * `pg` writes a query as several messages in one go (Parse, Bind, Describe, Execute, Sync, each its own write):
   * they are sent to the database thread as one message at the end of the tick — a port message costs more than
   * the copy that joins them.
   */
  private queued: Buffer[] = [];

  private readonly flush = (): void => {
    const chunks = this.queued;
    if (chunks.length === 0) return;
    this.queued = [];
    // A copy of the bytes alone (a small Buffer shares a larger pool), handed over without another copy.
    const bytes = new Uint8Array(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    this.port.postMessage(bytes, [bytes.buffer]);
  };

  private queue(chunk: Buffer): void {
    if (this.queued.push(chunk) === 1) queueMicrotask(this.flush);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.queue(chunk);
    callback();
  }

  override _writev(chunks: Array<{ chunk: Buffer }>, callback: (error?: Error | null) => void): void {
    for (const { chunk } of chunks) this.queue(chunk);
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flush();
    this.port.close();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.port.close();
    callback(error);
  }
}
