// Starts the built shop as a child process on a free port with its own data folder.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

export interface RunningShop {
  url: string;
  process: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * `from`: a data folder to start from a copy of (migrated and seeded by an earlier start), instead of a fresh database
 * the shop seeds itself — seconds instead of a minute on a busy machine. `npmStart`: started as the owner does,
 * through `npm start` (npm, its shell, scripts/start.mjs, then the server), so `stop` signals npm.
 */
export async function startShop(
  env: Record<string, string> = {},
  options: { from?: string; npmStart?: boolean } = {},
): Promise<RunningShop> {
  // A shop restarted on its data folder keeps its address (PORT given): the browser's session and links still hold.
  const port = env.PORT ? Number(env.PORT) : await findFreePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'efir-e2e-'));
  // cp(1), not fs.cp: the folder is 1 700 files (pictures), which fs.cp copies with several times the CPU.
  if (options.from) await run('cp', ['-R', `${options.from}/.`, env.DATA_DIR ?? dataDir]);
  const url = `http://127.0.0.1:${port}`;
  const [program, ...args] = options.npmStart
    ? ['npm', 'start', '--silent']
    : [process.execPath, path.join(repoRoot, 'packages/server/dist/main.js')];
  const child = spawn(program, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  // A first start seeds the demo content (pictures drawn with sharp): 3 min and more on a busy 2-core machine.
  // The suite does it once (global-setup.ts); the other shops start from a copy in seconds.
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited while starting:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`the shop did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    process: child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** A spec's own shop, started from a copy of the data folder the global setup seeded (global-setup.ts). */
export function startSeededShop(
  env: Record<string, string> = {},
  options: { npmStart?: boolean } = {},
): Promise<RunningShop> {
  return startShop(env, { ...options, from: inject('seededDataDir') });
}
