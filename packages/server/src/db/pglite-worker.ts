// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) owns the data folder here and
// answers the PostgreSQL wire protocol over message ports, so that no query blocks the event loop serving requests.
// The main thread talks to it with `pg`, exactly as to a PostgreSQL server (see pglite-thread.ts).
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const { dataDir, sharedBuffers } = workerData as { dataDir: string; sharedBuffers: string };

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
/** Frontend messages after which PostgreSQL answers: Sync, simple Query, Flush, CopyDone, CopyFail. */
const ANSWERED_AFTER = new Set(['S', 'Q', 'H', 'c', 'f'].map((letter) => letter.charCodeAt(0)));
const TERMINATE = 'X'.charCodeAt(0);

/** What a connection leaves behind is undone before the next one starts: its transaction, statements, settings. */
const RESET_SESSION = Buffer.concat([
  Buffer.from([0x53, 0, 0, 0, 4]), // Sync: leaves an extended-protocol error state
  simpleQuery('ROLLBACK'),
  simpleQuery('DISCARD ALL'),
]);

function simpleQuery(text: string): Buffer {
  const body = Buffer.from(`${text}\0`);
  const header = Buffer.alloc(5);
  header[0] = 0x51; // Q
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

const db = new PGlite({
  dataDir,
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
});

/** Every call into PGlite, one after another. A failure inside PGlite leaves it unusable: the thread ends. */
let queue: Promise<unknown> = Promise.resolve();
function serially(task: () => Promise<void>): void {
  queue = queue.then(task).catch((error: unknown) => {
    console.error('The embedded database failed:', error);
    process.exit(1);
  });
}

/** Whether the session is inside a transaction, from the last ReadyForQuery PGlite answered ('I' = idle). */
let inTransaction = false;
/** Backups asked for and waiting for the session to leave its transaction (dumpWhenIdle). */
const dumpsWaiting: MessagePort[] = [];

async function execute(message: Uint8Array): Promise<Uint8Array> {
  const answer = await executeRaw(message);
  // ReadyForQuery ('Z', length 5, status) ends every answer to Sync and Query.
  const at = answer.length - 6;
  if (at >= 0 && answer[at] === 0x5a && answer[at + 4] === 5) inTransaction = answer[at + 5] !== 0x49;
  if (!inTransaction && dumpsWaiting.length > 0) await dumpNow();
  return answer;
}

/**
 * A backup: the data folder as PGlite's own tar, taken between two statements while no transaction is open, after a
 * CHECKPOINT — every committed transaction and nothing half-done, without stopping the shop (decision 030).
 */
async function dumpNow(): Promise<void> {
  const ports = dumpsWaiting.splice(0);
  try {
    await db.exec('CHECKPOINT');
    const dump = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    // Usually one asker: the bytes are handed over, not copied; a second one gets a copy.
    for (const [index, port] of ports.entries()) {
      port.postMessage({ type: 'dump', bytes: dump }, index === ports.length - 1 ? [dump.buffer] : []);
    }
  } catch (error) {
    for (const port of ports) port.postMessage({ type: 'failed', message: String(error) });
  } finally {
    for (const port of ports) port.close();
  }
}

async function executeRaw(message: Uint8Array): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  await db.execProtocolRawStream(message, {
    onRawData(chunk) {
      // The chunk is a view into PGlite's memory, reused by the next write.
      chunks.push(chunk.slice());
      length += chunk.length;
    },
  });
  if (chunks.length === 1) return chunks[0]!;
  const answer = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    answer.set(chunk, offset);
    offset += chunk.length;
  }
  return answer;
}

/** PGlite has one session: the connection holding it keeps it until it closes; others wait their turn. */
let holder: Connection | null = null;
const waiting: Connection[] = [];

class Connection {
  private pending: Buffer = Buffer.alloc(0);
  private started = false;
  private closed = false;

  constructor(private readonly port: MessagePort) {
    port.on('message', (data: Uint8Array) =>
      this.receive(Buffer.from(data.buffer, data.byteOffset, data.byteLength)),
    );
    port.on('close', () => this.close());
    if (holder === null) holder = this;
    else waiting.push(this);
  }

  private receive(data: Buffer): void {
    this.pending = this.pending.length === 0 ? data : Buffer.concat([this.pending, data]);
    if (holder === this) this.take();
  }

  /** Hands whole messages to PGlite, up to the last one that PostgreSQL answers. */
  take(): void {
    if (this.closed) return;
    if (!this.started) {
      if (this.pending.length < 8 || this.pending.length < this.pending.readInt32BE(0)) return;
      const length = this.pending.readInt32BE(0);
      const code = this.pending.readInt32BE(4);
      const startup = this.pending.subarray(0, length);
      this.pending = this.pending.subarray(length);
      if (code === SSL_REQUEST) {
        this.port.postMessage(new TextEncoder().encode('N'));
      } else if (code === CANCEL_REQUEST) {
        this.port.close();
        return;
      } else {
        this.started = true;
        const message = new Uint8Array(startup);
        serially(async () => this.send(await execute(message)));
      }
      this.take();
      return;
    }
    let offset = 0;
    let end = 0;
    while (offset + 5 <= this.pending.length) {
      const type = this.pending[offset]!;
      const next = offset + 1 + this.pending.readInt32BE(offset + 1);
      if (next > this.pending.length) break;
      if (type === TERMINATE) {
        this.pending = this.pending.subarray(0, offset);
        end = offset;
        this.port.close();
        break;
      }
      offset = next;
      if (ANSWERED_AFTER.has(type)) end = offset;
    }
    if (end === 0) return;
    const batch = new Uint8Array(this.pending.subarray(0, end));
    this.pending = this.pending.subarray(end);
    serially(async () => this.send(await execute(batch)));
  }

  private send(answer: Uint8Array): void {
    if (this.closed || answer.length === 0) return;
    this.port.postMessage(answer, [answer.buffer as ArrayBuffer]);
  }

  /** What the client sent before it went is still carried out (a COMMIT among it), then the session is reset. */
  private close(): void {
    if (this.closed) return;
    if (holder === this) this.take();
    this.closed = true;
    const index = waiting.indexOf(this);
    if (index >= 0) waiting.splice(index, 1);
    if (holder !== this) return;
    serially(async () => {
      if (this.started && !db.closed) await execute(RESET_SESSION);
      inTransaction = false;
      holder = waiting.shift() ?? null;
      holder?.take();
    });
  }
}

try {
  await db.waitReady;
} catch (error) {
  parentPort!.postMessage({ type: 'failed', message: String((error as Error).message ?? error) });
  process.exit(1);
}

type Request =
  | { type: 'connect'; port: MessagePort }
  | { type: 'dump'; port: MessagePort }
  | { type: 'close' };
parentPort!.on('message', (message: Request) => {
  if (message.type === 'connect') {
    new Connection(message.port);
    return;
  }
  if (message.type === 'dump') {
    dumpsWaiting.push(message.port);
    // Now if the session is idle; otherwise right after the statement that ends the open transaction.
    serially(async () => {
      if (!inTransaction && dumpsWaiting.length > 0) await dumpNow();
    });
    return;
  }
  serially(async () => {
    await db.close();
    parentPort!.postMessage({ type: 'closed' });
    parentPort!.close();
  });
});
parentPort!.postMessage({ type: 'ready' });
