// `npm run lint` part: refuses migrations that break a rolling deploy. While new instances start, old ones still
// serve from the same database, and a column or table they read that is dropped, renamed or changed under them
// turns their answers into 500s. Such a change ships in two releases: stop using it, then drop it. For the rare
// intended case, a comment in the statement says why: `-- rolling-deploy: <reason>`.
//
//   tsx packages/server/src/db/lint-migrations.ts [migrations folder]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HAZARDS: Array<{ pattern: RegExp; why: string }> = [
  { pattern: /\bDROP\s+COLUMN\b/i, why: 'drops a column old instances may still read' },
  { pattern: /\bRENAME\s+COLUMN\b/i, why: 'renames a column old instances still read by its old name' },
  { pattern: /\bALTER\s+TABLE\b[^;]*\bRENAME\s+TO\b/i, why: 'renames a table old instances still use' },
  { pattern: /\bDROP\s+TABLE\b/i, why: 'drops a table old instances may still use' },
  { pattern: /\bALTER\s+COLUMN\b[^;]*\bTYPE\b/i, why: 'changes a column type under old instances' },
  { pattern: /\bSET\s+NOT\s+NULL\b/i, why: 'makes a column required that old instances may leave empty' },
  {
    pattern: /\bADD\s+COLUMN\b(?![^;]*\bDEFAULT\b)[^;]*\bNOT\s+NULL\b/i,
    why: 'adds a required column without a default, which old instances do not fill in',
  },
];

const OVERRIDE = /--\s*rolling-deploy:\s*\S/;

const folder = path.resolve(
  process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations'),
);
const problems: string[] = [];
for (const file of readdirSync(folder)
  .filter((name) => name.endsWith('.sql'))
  .sort()) {
  // drizzle-kit separates statements with «--> statement-breakpoint»; a hand-written file may use «;».
  const statements = readFileSync(path.join(folder, file), 'utf8').split(/-->\s*statement-breakpoint|;\s*\n/);
  for (const statement of statements) {
    if (OVERRIDE.test(statement)) continue;
    // Comments say nothing the database runs.
    const code = statement.replace(/--.*$/gm, '');
    for (const hazard of HAZARDS) {
      if (hazard.pattern.test(code)) {
        problems.push(`${file}: ${hazard.why}:\n    ${code.trim().replace(/\s+/g, ' ').slice(0, 160)}`);
      }
    }
  }
}

if (problems.length > 0) {
  console.error(
    `Migrations that break a rolling deploy (old instances still run on the new schema):\n  ${problems.join('\n  ')}\n` +
      'Ship it in two releases (stop using it, then drop it), or add «-- rolling-deploy: <reason>» to the statement.',
  );
  process.exit(1);
}
console.log(`Migrations are safe for a rolling deploy (${folder}).`);
