// `npm run backup [FILE] [--force]`: a backup of the shop's database and files to FILE (default: BACKUP_DIR or the current
// folder, efir-<time>.tar.gz) and FILE.sha256 (decision 030).
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { backupFileName, makeBackup } from './modules/backup/index.ts';

try {
  const config = loadConfig();
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const named = args.find((arg) => arg !== '--force');
  const file = path.resolve(named ?? path.join(config.BACKUP_DIR ?? '.', backupFileName()));
  const result = await makeBackup(config, file, { force });
  const megabytes = (result.size / 1024 / 1024).toLocaleString('ru-RU', { maximumFractionDigits: 1 });
  console.log(
    `Резервная копия: ${file} (${megabytes} МБ)\nSHA-256: ${result.sha256} (${path.basename(file)}.sha256)`,
  );
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
