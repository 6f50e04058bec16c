// PostgreSQL's own dump and restore programs (pg_dump, pg_restore from the postgresql-client package), run with the
// shop's DATABASE_URL. The password goes through the environment, not the command line others can read in `ps`.
import { spawn } from 'node:child_process';

function connection(url: string): { uri: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { uri: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `Программа ${program} не найдена: установите клиент PostgreSQL той же или более новой версии, что и сервер ` +
                `(Debian/Ubuntu: apt install postgresql-client). ${program} was not found: install the PostgreSQL client tools.`,
            )
          : error,
      );
    });
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} завершился с кодом ${code}: ${errors.trim()}`)),
    );
  });
}

/** The whole database in pg_dump's custom format (one consistent snapshot, the shop keeps running). */
export function pgDump(url: string, file: string): Promise<void> {
  const { uri, env } = connection(url);
  return run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${uri}`],
    env,
  );
}

/** Loads a pg_dump file in one transaction; `clean` drops the objects it contains first (restore --force). */
export function pgRestore(url: string, file: string, clean: boolean): Promise<void> {
  const { uri, env } = connection(url);
  return run(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      ...(clean ? ['--clean', '--if-exists'] : []),
      `--dbname=${uri}`,
      file,
    ],
    env,
  );
}
