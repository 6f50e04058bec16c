// The processes the bench runs: the shop's production build (as `npm start` runs it) and the bare baseline; free
// ports from the operating system; the CPU time and memory of a process from /proc.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const cacheDir = path.join(root, 'node_modules/.cache/efir-bench');
/** The checkout whose shop is measured: this one, or another (`--shop DIR`, e.g. a worktree of an older commit). */
let shopRoot = root;
export function measureShopIn(dir: string): void {
  shopRoot = path.resolve(dir);
}
/**
 * The Node flags and environment `npm start` gives the server (scripts/server-runtime.json), read from the measured
 * checkout; an older checkout without the file ran with the flags it had then.
 */
function shopRuntime(): { nodeFlags: string[]; env: Record<string, string> } {
  const file = path.join(shopRoot, 'scripts/server-runtime.json');
  if (!existsSync(file)) return { nodeFlags: ['--enable-source-maps', '--max-old-space-size=384'], env: {} };
  return JSON.parse(readFileSync(file, 'utf8'));
}

export interface RunningServer {
  name: string;
  pid: number;
  base: string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** Kills every server still running (Ctrl-C, an error): only the processes this bench started. */
export function killAllServers(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/** A port the operating system says is free (listen on 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function newestChange(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

/** Whether the production build is missing or older than the sources (the rule of scripts/start.mjs). */
export function buildIsStale(): boolean {
  const outputs = [
    'packages/server/dist/main.js',
    'packages/web/dist/client/index.html',
    'packages/web/dist/server/entry-server.js',
  ].map((file) => path.join(shopRoot, file));
  if (!outputs.every((file) => existsSync(file))) return true;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return ['packages/domain/src', 'packages/server/src', 'packages/web/src', 'packages/web/index.html']
    .map((source) => path.join(shopRoot, source))
    .some((source) => existsSync(source) && newestChange(source) > built);
}

/** `npm run build`: the browser bundle, the server-render bundle and packages/server/dist/main.js. */
export function runBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(shopRoot, 'scripts/build.mjs')], {
      cwd: shopRoot,
      stdio: 'inherit',
      env: childEnv({}),
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build exited with ${code}`))));
  });
}

/** The bench's own environment minus what would change the server (a tsx loader, a database, Redis). */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['NODE_OPTIONS', 'DATABASE_URL', 'REDIS_URL', 'PORT', 'HOST', 'DATA_DIR', 'IMAGES_DIR'])
    delete env[name];
  return { ...env, ...extra };
}

async function waitUntilHealthy(base: string, child: ChildProcess, name: string, output: () => string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not answer /api/health in 180 s:\n${output()}`);
}

async function startProcess(
  name: string,
  args: string[],
  env: Record<string, string>,
  cwd = root,
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd,
    env: childEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(`[${name}] ${chunk}`);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(base, child, name, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    running.delete(child);
    throw error;
  }
  return {
    name,
    pid: child.pid!,
    base,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      running.delete(child);
    },
  };
}

/** The shop as `npm start` runs it: the production build, NODE_ENV=production, the same Node flags. */
export function startShop(name: string, env: Record<string, string>): Promise<RunningServer> {
  const runtime = shopRuntime();
  return startProcess(
    name,
    [...runtime.nodeFlags, path.join(shopRoot, 'packages/server/dist/main.js')],
    {
      ...runtime.env,
      NODE_ENV: 'production',
      SEED_DEMO: '0',
      SHUTDOWN_TIMEOUT_MS: '2000',
      // A fixed key: without one the shop would write a random key into DATA_DIR.
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      ...env,
    },
    shopRoot,
  );
}

/** The baseline runs as plain Node.js from an esbuild bundle (no tsx loader in the measured process). */
export async function startBaseline(recordedFile: string): Promise<RunningServer> {
  const serverPackage = JSON.parse(readFileSync(path.join(root, 'packages/server/package.json'), 'utf8'));
  mkdirSync(cacheDir, { recursive: true });
  const outfile = path.join(cacheDir, 'baseline-server.mjs');
  await build({
    entryPoints: [path.join(root, 'bench/baseline-server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys({ ...serverPackage.dependencies }),
    logLevel: 'warning',
  });
  return startProcess('baseline', [outfile], { BASELINE_FILE: recordedFile });
}

/** Resident memory of a process, MB. */
export function readRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** User + system CPU time a process (all its threads) has used, in microseconds; null when it is gone. */
export function readCpuMicros(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return null;
  }
}
