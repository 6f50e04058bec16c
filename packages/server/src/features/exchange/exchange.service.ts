// Long on purpose: one protocol session (checkauth → init → file → import, query → success) in one closure.
// The 1C ↔ site exchange protocol (CommerceML 2, the «1c_exchange.php» convention 1C's «Обмен с сайтом» speaks):
// checkauth → init → file (chunks) → import, and for orders query → success. Answers are plain text lines.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { storeProductImage } from '../catalog/product-image-files.ts';
import type { MailService } from '../mail/mail.service.ts';
import { markOrdersExported } from '../orders/orders.service.ts';
import type { OrderStatus } from '../orders/orders.table.ts';
import {
  appendFileResult,
  type ExchangeSessionRow,
  findSessionByHash,
  firstSessionStart,
  insertSession,
  setSentOrders,
  touchSession,
} from './exchange.repo.ts';
import type { ExchangeFileResult } from './exchange.table.ts';
import { applyCatalogFile } from './exchange-apply.ts';
import { applySaleFile, exportOrders } from './exchange-sale.ts';
import { PackageError } from './exchange-xml.ts';
import { unpackZip } from './exchange-zip.ts';

export const EXCHANGE_COOKIE = 'efir_exchange';
/** A session older than this is gone: 1C starts a new one with checkauth. */
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** All files of one session together. */
const SESSION_BYTES_MAX = 1536 * 1024 * 1024;
const PICTURE_BYTES_MAX = 20 * 1024 * 1024;
/** A zip package: most entries (100 000 goods with a picture each fit) and most bytes unpacked. */
const ZIP_LIMITS = { entries: 250_000, bytes: SESSION_BYTES_MAX };

export interface ExchangeDeps {
  db: Database;
  config: Pick<
    Config,
    | 'EXCHANGE_LOGIN'
    | 'EXCHANGE_PASSWORD'
    | 'EXCHANGE_PRICE_TYPE'
    | 'EXCHANGE_OLD_PRICE_TYPE'
    | 'EXCHANGE_FILE_LIMIT'
    | 'EXCHANGE_STEP_SECONDS'
    | 'EXCHANGE_ORDERS_FROM'
    | 'DATA_DIR'
    | 'imagesDir'
  >;
  limiter: RateLimiter;
  content: { invalidate(): void };
  mail: MailService;
  origin: string;
  log: FastifyBaseLogger;
  /** What a moderator's order actions do (letters, stock, audit), for the changes 1C sends back. */
  orders: {
    changeStatus(orderId: number, status: OrderStatus): Promise<void>;
    markPaid(orderId: number): Promise<void>;
  };
}

interface ImportJob {
  done: boolean;
  answer: string;
  /** Records (goods, offers, groups) read so far, for the «progress» answer. */
  records: number;
  promise: Promise<string>;
}

const failure = (reason: string) => `failure\n${reason}`;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function sameSecret(given: string, expected: string): boolean {
  const left = createHash('sha256').update(given).digest();
  const right = createHash('sha256').update(expected).digest();
  return timingSafeEqual(left, right);
}

/** A name 1C gives a file: «import.xml», «import_files/ab/ab12.jpg». Anything leaving the folder is refused. */
export function safeRelativePath(filename: string): string | null {
  if (!filename || filename.length > 300 || filename.includes('\\') || filename.includes('\0')) return null;
  const parts = filename.split('/');
  if (
    parts.some((part) => part === '' || part === '.' || part === '..' || !/^[\p{L}\p{N}_. -]+$/u.test(part))
  )
    return null;
  return parts.join('/');
}

export function createExchangeService(deps: ExchangeDeps) {
  const { db, config, log } = deps;
  const enabled = Boolean(config.EXCHANGE_LOGIN && config.EXCHANGE_PASSWORD);
  const root = path.resolve(config.DATA_DIR, 'exchange');
  const folderOf = (session: ExchangeSessionRow) => path.join(root, String(session.id));

  function resolveInFolder(session: ExchangeSessionRow, filename: string): string | null {
    const relative = safeRelativePath(filename);
    if (!relative) return null;
    const folder = folderOf(session);
    const full = path.resolve(folder, relative);
    return full.startsWith(folder + path.sep) ? full : null;
  }

  async function storePicture(session: ExchangeSessionRow, productId: number, relative: string) {
    const file = resolveInFolder(session, relative);
    if (!file) return null;
    try {
      if ((await stat(file)).size > PICTURE_BYTES_MAX) return null;
      return await storeProductImage(config.imagesDir, productId, await readFile(file));
    } catch {
      // A missing or broken picture leaves the product without it; the goods still come in.
      return null;
    }
  }

  /** Imports under way in this process (the session's files live on this instance's disk too). */
  const jobs = new Map<string, ImportJob>();
  /** Sessions with an import under way, by token hash. */
  const busySessions = new Map<string, ExchangeSessionRow>();

  /** Zips 1C sent (zip=yes) are unpacked into the session folder before its first import; a refused one is gone. */
  async function unpackPending(session: ExchangeSessionRow): Promise<void> {
    const folder = folderOf(session);
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      return;
    }
    for (const name of names.filter((item) => item.toLowerCase().endsWith('.zip')).sort()) {
      const started = Date.now();
      const zip = path.join(folder, name);
      try {
        const written = await unpackZip(zip, folder, ZIP_LIMITS, safeRelativePath);
        await appendFileResult(db, session.id, {
          filename: name,
          kind: `Архив: файлов — ${written.length}`,
          created: 0,
          updated: 0,
          hidden: 0,
          restocked: 0,
          ms: Date.now() - started,
        });
      } finally {
        await rm(zip, { force: true });
      }
    }
  }

  async function runImport(
    session: ExchangeSessionRow,
    filename: string,
    job: { records: number },
  ): Promise<string> {
    try {
      await unpackPending(session);
    } catch (error) {
      const reason = error instanceof PackageError ? error.message : 'Архив не распакован';
      if (!(error instanceof PackageError)) log.error({ err: error, filename }, 'exchange unzip failed');
      await appendFileResult(db, session.id, failedResult(filename, reason));
      return failure(reason);
    }
    // A zip named in mode=import itself: unpacking was the whole step.
    if (filename.toLowerCase().endsWith('.zip')) return 'success\n';
    const file = resolveInFolder(session, filename);
    if (!file) return failure('Недопустимое имя файла');
    // A folder of the session (made by a name like «dir/x.xml») is not a file 1C sent.
    const sent = await stat(file).then(
      (found) => found.isFile(),
      () => false,
    );
    if (!sent) {
      await appendFileResult(db, session.id, failedResult(filename, 'Файл не был передан'));
      return failure(`Файл ${filename} не был передан`);
    }
    try {
      const result =
        session.type === 'sale'
          ? await applySaleFile(db, deps.orders, filename, file)
          : await applyCatalogFile(
              {
                ...deps,
                folder: folderOf(session),
                storePicture: (id, relative) => storePicture(session, id, relative),
              },
              session,
              filename,
              file,
              job,
            );
      await appendFileResult(db, session.id, result);
      // The file is applied; it is removed so a repeated import of the same name starts clean.
      await rm(file, { force: true });
      return 'success\n';
    } catch (error) {
      const reason =
        error instanceof PackageError ? error.message : 'Файл не загружен: ошибка при записи в базу магазина';
      if (!(error instanceof PackageError)) log.error({ err: error, filename }, 'exchange import failed');
      await appendFileResult(db, session.id, failedResult(filename, reason));
      await rm(file, { force: true });
      return failure(reason);
    }
  }

  const manualRunning = new Set<number>();

  /** Every file of a manual upload in 1C's own order: archives, the catalogue (import*), then offers and prices. */
  async function importFolder(session: ExchangeSessionRow): Promise<void> {
    try {
      const unpacked = await runImport(session, 'package.zip', { records: 0 });
      if (unpacked.startsWith('failure')) return;
      const names = (await readdir(folderOf(session))).filter((name) => /\.xml$/i.test(name));
      const rank = (name: string) => (/^import/i.test(name) ? 0 : /^offers/i.test(name) ? 1 : 2);
      const ordered = names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true }));
      if (ordered.length === 0)
        await appendFileResult(
          db,
          session.id,
          failedResult('—', 'В пакете нет файлов import.xml или offers.xml'),
        );
      for (const name of ordered) await runImport(session, name, { records: 0 });
    } catch (error) {
      log.error({ err: error }, 'exchange manual upload failed');
    }
  }

  return {
    enabled,

    async checkauth(authorization: string | undefined, ip: string, type: string) {
      if (!enabled)
        return { body: failure('Обмен с 1С выключен: не заданы EXCHANGE_LOGIN и EXCHANGE_PASSWORD') };
      const limitKey = `exchange:ip:${ip}`;
      if (!(await deps.limiter.hit(limitKey, 20, 15 * 60 * 1000)))
        return { body: failure('Слишком много попыток входа. Попробуйте через 15 минут'), status: 429 };
      const basic = authorization?.match(/^Basic\s+([A-Za-z0-9+/=]+)$/i);
      const decoded = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') : '';
      const colon = decoded.indexOf(':');
      const login = colon >= 0 ? decoded.slice(0, colon) : '';
      const password = colon >= 0 ? decoded.slice(colon + 1) : '';
      const ok =
        sameSecret(login, config.EXCHANGE_LOGIN ?? '') &&
        sameSecret(password, config.EXCHANGE_PASSWORD ?? '');
      if (!ok) return { body: failure('Неверный логин или пароль обмена'), status: 401 };
      // Only failures count: a 1C that exchanges every minute is never locked out by its own logins.
      await deps.limiter.forgive(limitKey);
      const token = randomBytes(24).toString('hex');
      await insertSession(db, hashToken(token), type);
      return { body: `success\n${EXCHANGE_COOKIE}\n${token}\n`, token };
    },

    async findSession(token: string | undefined): Promise<ExchangeSessionRow | null> {
      if (!enabled || !token || token.length > 100) return null;
      // While a file of the session is being imported, 1C's next call is answered from memory: «progress» at once,
      // without a turn on the database the import keeps busy (PGlite has one connection).
      const busy = busySessions.get(hashToken(token));
      if (busy) return busy;
      const session = await findSessionByHash(db, hashToken(token));
      if (!session || Date.now() - session.startedAt.getTime() > SESSION_TTL_MS) return null;
      return session;
    },

    init(session: ExchangeSessionRow) {
      void touchSession(db, session.id);
      return `zip=yes\nfile_limit=${config.EXCHANGE_FILE_LIMIT}\n`;
    },

    /** One chunk of a file: appended to what came before under the same name. */
    async receiveFile(session: ExchangeSessionRow, filename: string, body: Readable): Promise<string> {
      const file = resolveInFolder(session, filename);
      if (!file) {
        body.resume();
        await appendFileResult(db, session.id, failedResult(filename, 'Недопустимое имя файла'));
        return failure('Недопустимое имя файла');
      }
      if (session.bytes > SESSION_BYTES_MAX) {
        body.resume();
        return failure('Сеанс обмена передал слишком много данных');
      }
      let bytes = 0;
      let tooBig = false;
      // Past the limit the rest of the chunk is read and dropped, not cut off: 1C then gets its answer instead of a
      // reset connection.
      const withinLimit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (bytes > config.EXCHANGE_FILE_LIMIT) tooBig = true;
          done(null, tooBig ? undefined : chunk);
        },
      });
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await pipeline(body, withinLimit, createWriteStream(file, { flags: 'a' }));
      } catch (error) {
        // A name whose folder is a file already («a.xml» then «a.xml/b.xml»), or which is a folder («a/b.xml» then «a»).
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EEXIST' && code !== 'ENOTDIR' && code !== 'EISDIR') throw error;
        body.resume();
        await appendFileResult(
          db,
          session.id,
          failedResult(filename, 'Недопустимое имя файла: оно уже занято'),
        );
        return failure(`Недопустимое имя файла: ${filename} уже занято`);
      }
      if (tooBig) {
        await rm(file, { force: true });
        return failure(`Часть файла больше ${config.EXCHANGE_FILE_LIMIT} байт`);
      }
      await touchSession(db, session.id, bytes);
      // Orders come in one piece and are applied at once (1C sends no mode=import for them).
      if (session.type === 'sale' && filename.endsWith('.xml'))
        return runImport(session, filename, { records: 0 });
      return 'success\n';
    },

    /**
     * mode=import. The file is applied by a job of its own (staged, then one transaction); a call waits for it at most
     * EXCHANGE_STEP_SECONDS and otherwise answers «progress», and 1C calls again with the same file — the job keeps
     * running between the calls, so a long import resumes where it is rather than starting over.
     */
    async importFile(session: ExchangeSessionRow, filename: string): Promise<string> {
      const key = `${session.id}:${filename}`;
      let job = jobs.get(key);
      if (!job) {
        const started: ImportJob = { done: false, answer: '', records: 0, promise: Promise.resolve('') };
        busySessions.set(session.tokenHash, session);
        started.promise = runImport(session, filename, started).then((answer) => {
          busySessions.delete(session.tokenHash);
          started.done = true;
          started.answer = answer;
          // Claimed by 1C's next call; forgotten after a while if 1C never comes back.
          setTimeout(() => jobs.get(key) === started && jobs.delete(key), SESSION_TTL_MS).unref();
          return answer;
        });
        job = started;
        jobs.set(key, job);
      }
      if (!job.done && config.EXCHANGE_STEP_SECONDS > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          job.promise,
          new Promise((resolve) => {
            timer = setTimeout(resolve, config.EXCHANGE_STEP_SECONDS * 1000);
          }),
        ]);
        clearTimeout(timer);
      }
      if (!job.done) return `progress\nЗагрузка ${filename}: обработано записей — ${job.records}\n`;
      jobs.delete(key);
      return job.answer;
    },

    /**
     * The back office's manual upload (owners without a live 1C): the files become a session of their own, type
     * «manual», and go through the very import 1C's calls use — zips unpacked, then the catalogue files, then the
     * offers. It runs on after the answer; the log shows it as running until every file is done.
     */
    async manualUpload(files: AsyncIterable<{ filename: string; file: Readable }>): Promise<number> {
      const session = await insertSession(db, hashToken(randomBytes(24).toString('hex')), 'manual');
      const folder = folderOf(session);
      await mkdir(folder, { recursive: true });
      let count = 0;
      for await (const { filename, file } of files) {
        const name = path.basename(filename.replace(/\\/g, '/'));
        const target = /\.(xml|zip)$/i.test(name) ? resolveInFolder(session, name) : null;
        if (!target) {
          file.resume();
          await rm(folder, { recursive: true, force: true });
          throw new PackageError(
            `Файл ${name.slice(0, 100)}: нужен import.xml, offers.xml или zip-архив с ними`,
          );
        }
        await pipeline(file, createWriteStream(target));
        count++;
      }
      if (count === 0) throw new PackageError('Выберите файл пакета');
      manualRunning.add(session.id);
      void importFolder(session).finally(() => manualRunning.delete(session.id));
      return session.id;
    },

    /** Manual uploads still being imported, by session id. */
    isRunning: (sessionId: number) => manualRunning.has(sessionId),

    async saleQuery(session: ExchangeSessionRow): Promise<string> {
      // Orders from EXCHANGE_ORDERS_FROM, or from the shop's first exchange session: not the whole history.
      const since = config.EXCHANGE_ORDERS_FROM
        ? new Date(`${config.EXCHANGE_ORDERS_FROM}T00:00:00+03:00`)
        : await firstSessionStart(db);
      const { xml, orderIds } = await exportOrders(db, since);
      await setSentOrders(db, session.id, orderIds);
      return xml;
    },

    async saleSuccess(session: ExchangeSessionRow): Promise<string> {
      const marked = await markOrdersExported(db, session.sentOrderIds);
      await appendFileResult(db, session.id, {
        filename: 'query',
        kind: 'Заказы',
        created: 0,
        updated: marked,
        hidden: 0,
        restocked: 0,
        ms: 0,
      });
      await setSentOrders(db, session.id, []);
      return 'success\n';
    },
  };
}

function failedResult(filename: string, error: string): ExchangeFileResult {
  return {
    filename: filename.slice(0, 300),
    kind: '—',
    created: 0,
    updated: 0,
    hidden: 0,
    restocked: 0,
    error,
    ms: 0,
  };
}

export type ExchangeService = ReturnType<typeof createExchangeService>;
