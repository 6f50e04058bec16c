// The rolling-deploy check of `npm run lint`: the shop's migrations pass; a dropped or renamed column fails unless
// the statement says why it is safe.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'lint-migrations.ts');
const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const folders: string[] = [];

async function lint(files?: Record<string, string>): Promise<{ code: number; output: string }> {
  const args = [tsx, script];
  if (files) {
    const folder = mkdtempSync(path.join(tmpdir(), 'efir-migrations-'));
    folders.push(folder);
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
    args.push(folder);
  }
  try {
    const { stdout } = await promisify(execFile)(process.execPath, args);
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('migration lint for rolling deploys', () => {
  it('passes the shop’s migrations', async () => {
    expect(await lint()).toMatchObject({ code: 0 });
  });

  it.each([
    ['a dropped column', 'ALTER TABLE "orders" DROP COLUMN "tel";', 'drops a column'],
    ['a renamed column', 'ALTER TABLE "orders" RENAME COLUMN "tel" TO "phone";', 'renames a column'],
    ['a renamed table', 'ALTER TABLE "orders" RENAME TO "purchases";', 'renames a table'],
    [
      'a changed type',
      'ALTER TABLE "orders" ALTER COLUMN "total" SET DATA TYPE bigint;',
      'changes a column type',
    ],
    [
      'a column made required',
      'ALTER TABLE "orders" ALTER COLUMN "tel" SET NOT NULL;',
      'makes a column required',
    ],
    [
      'a required column without a default',
      'ALTER TABLE "orders" ADD COLUMN "region" text NOT NULL;',
      'adds a required column without a default',
    ],
  ])('fails on %s', async (_name, statement, why) => {
    const result = await lint({
      '0030_ok.sql': 'ALTER TABLE "orders" ADD COLUMN "note" text DEFAULT \'\' NOT NULL;',
      '0031_bad.sql': `CREATE INDEX "x" ON "orders" ("id");\n--> statement-breakpoint\n${statement}`,
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain(`0031_bad.sql: ${why}`);
    expect(result.output).not.toContain('0030_ok.sql');
  });

  it('lets a statement through that says why it is safe', async () => {
    const result = await lint({
      '0031_drop.sql':
        '-- rolling-deploy: no release since 2.3 reads "legacy_note"\nALTER TABLE "orders" DROP COLUMN "legacy_note";',
    });
    expect(result.code).toBe(0);
  });
});
