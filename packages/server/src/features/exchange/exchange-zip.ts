// A zip package from 1C (init answered zip=yes): import.xml, offers.xml and import_files/ with the pictures in one
// archive. An archive is hostile input like the XML: every entry is checked from the central directory before a
// single byte is written — names must stay inside the session folder, no symlinks, not too many entries, not too
// many bytes unpacked (a zip bomb declares small sizes or huge ones; yauzl refuses an entry whose data exceeds
// what it declared). A refused archive unpacks nothing.
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { PackageError } from './exchange-xml.ts';

export interface ZipLimits {
  /** Most entries (files and folders) one archive may hold. */
  entries: number;
  /** Most bytes all entries may unpack to. */
  bytes: number;
}

/** S_IFMT bits of the Unix mode kept in the high half of the external attributes. */
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );
}

function readEntries(zip: yauzl.ZipFile, limits: ZipLimits): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      if (entries.length > limits.entries) {
        reject(new PackageError(`Архив содержит больше ${limits.entries} файлов`));
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
}

/** Passes an entry's data through and fails at its end when the data's CRC-32 is not the one the archive declared
 * (yauzl checks sizes, not checksums). */
function checkedCrc(declared: number): Transform {
  let crc = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      crc = crc32(chunk, crc);
      done(null, chunk);
    },
    flush(done) {
      done(crc === declared ? null : new Error('CRC-32 mismatch'));
    },
  });
}

/**
 * Unpacks `file` into `folder`. `safeName` turns an entry name into a relative path allowed in the folder, or null.
 * Returns the relative paths written. Throws PackageError (Russian, for the exchange log) when the archive is refused;
 * then nothing of it stays on disk.
 */
export async function unpackZip(
  file: string,
  folder: string,
  limits: ZipLimits,
  safeName: (name: string) => string | null,
): Promise<string[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch {
    throw new PackageError('Архив повреждён или это не zip');
  }
  const written: string[] = [];
  try {
    let entries: yauzl.Entry[];
    try {
      entries = await readEntries(zip, limits);
    } catch (error) {
      if (error instanceof PackageError) throw error;
      // yauzl's strictFileNames refuses «../x», «/etc/x» and «a\b» while reading the directory.
      throw new PackageError('Архив повреждён или содержит недопустимые имена файлов');
    }
    let total = 0;
    const files: Array<{ entry: yauzl.Entry; relative: string }> = [];
    for (const entry of entries) {
      if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK)
        throw new PackageError(`Архив содержит символическую ссылку ${entry.fileName.slice(0, 100)}`);
      if (entry.fileName.endsWith('/')) continue;
      const relative = safeName(entry.fileName);
      if (!relative || !path.resolve(folder, relative).startsWith(folder + path.sep))
        throw new PackageError(`Архив содержит недопустимое имя файла ${entry.fileName.slice(0, 100)}`);
      if (entry.isEncrypted()) throw new PackageError('Архив зашифрован');
      total += entry.uncompressedSize;
      if (total > limits.bytes)
        throw new PackageError(`Архив распаковывается больше чем в ${Math.round(limits.bytes / 1048576)} МБ`);
      files.push({ entry, relative });
    }
    for (const { entry, relative } of files) {
      const target = path.join(folder, relative);
      await mkdir(path.dirname(target), { recursive: true });
      written.push(relative);
      try {
        await pipeline(await openEntry(zip, entry), checkedCrc(entry.crc32), createWriteStream(target));
      } catch {
        // Data longer than the entry declared (a bomb), a broken CRC or a cut archive.
        throw new PackageError(`Архив повреждён: файл ${relative.slice(0, 100)} не распаковывается`);
      }
    }
    return written;
  } catch (error) {
    for (const relative of written) await rm(path.join(folder, relative), { force: true });
    throw error;
  } finally {
    zip.close();
  }
}
