// `npm run restore FILE [--force]`: a backup of `npm run backup` into this configuration's DATA_DIR or DATABASE_URL,
// which must hold no data unless --force (decision 030); an embedded database's backup may go into PostgreSQL.
// Start the shop afterwards; it migrates a backup of an older version as usual.
import path from 'node:path';
import { formatCount, type PluralForms } from '@efir/domain/plural';
import { ConfigError, loadConfig } from './config.ts';
import { RestoreRefused, restoreBackup } from './modules/backup/index.ts';

const TABLE_FORMS: PluralForms = ['таблица', 'таблицы', 'таблиц'];
const ROW_FORMS: PluralForms = ['строка', 'строки', 'строк'];

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((arg) => !arg.startsWith('--'));

try {
  if (!file) throw new RestoreRefused('Укажите файл: npm run restore efir-….tar.gz [--force]');
  const config = loadConfig();
  const result = await restoreBackup(path.resolve(file), config, { force });
  if (!result.checksumVerified)
    console.warn(`Нет файла ${path.basename(file)}.sha256: контрольная сумма не проверена`);
  const where = result.into === 'postgres' ? 'в базу DATABASE_URL' : `в ${path.resolve(config.DATA_DIR)}`;
  console.log(`Восстановлена копия от ${new Date(result.createdAt).toLocaleString('ru-RU')} ${where}`);
  if (result.copied) {
    console.log(
      `Встроенная база перенесена в PostgreSQL: ${formatCount(result.copied.tables, TABLE_FORMS)}, ${formatCount(result.copied.rows, ROW_FORMS)}`,
    );
  }
} catch (error) {
  const known = error instanceof ConfigError || error instanceof RestoreRefused || error instanceof Error;
  console.error(known ? error.message : error);
  process.exit(1);
}
