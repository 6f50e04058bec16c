// The backup module's public face (decision 051): what the rest of the server may use of it. Nothing else
// in this folder is imported from outside it (only schema.ts reads a module's *.table.ts, for drizzle-kit).

export { registerBackups } from './backup.routes.ts';
export { backupFileName } from './backup.ts';
export { makeBackup } from './make-backup.ts';
export { RestoreRefused, restoreBackup } from './restore.ts';
