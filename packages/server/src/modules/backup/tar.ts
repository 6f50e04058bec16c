// The backup file's container: a plain POSIX tar (ustar), written and read here in a few lines instead of a
// dependency. Only what backups need: regular files and folders, names up to 255 bytes, sizes up to 8 GB.
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';

const BLOCK = 512;

export interface TarEntry {
  /** Path inside the archive, with forward slashes. */
  name: string;
  /** A file on disk to copy in (left out if it is gone by then), or the bytes themselves. */
  source: { file: string } | { bytes: Buffer };
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  let prefix = '';
  let short = name;
  if (Buffer.byteLength(name) > 100) {
    // ustar keeps longer names as prefix (up to 155 bytes) + '/' + name (up to 100 bytes).
    const cut = name.lastIndexOf('/', name.length - 1);
    prefix = name.slice(0, cut);
    short = name.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(short) > 100) {
      throw new Error(`name too long for the archive: ${name}`);
    }
  }
  block.write(short, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(Date.now() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** The archive's bytes, entry by entry (files are read in chunks, never whole). */
export async function* tarStream(
  entries: AsyncIterable<TarEntry> | Iterable<TarEntry>,
): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    if ('bytes' in entry.source) {
      yield header(entry.name, entry.source.bytes.length);
      yield entry.source.bytes;
      yield Buffer.alloc((BLOCK - (entry.source.bytes.length % BLOCK)) % BLOCK);
      continue;
    }
    const { file } = entry.source;
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    try {
      // Exactly the size announced, even if the file grows meanwhile.
      const { size } = await handle.stat();
      yield header(entry.name, size);
      let left = size;
      while (left > 0) {
        const chunk = Buffer.alloc(Math.min(left, 256 * 1024));
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, size - left);
        if (bytesRead === 0) throw new Error(`${file} became shorter while it was being archived`);
        yield chunk.subarray(0, bytesRead);
        left -= bytesRead;
      }
      yield Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
    } finally {
      await handle.close();
    }
  }
  yield Buffer.alloc(BLOCK * 2);
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

/** A stream that unpacks an archive into `dir`, refusing names that would leave it. */
export function tarExtractor(dir: string): Writable {
  let pending: Buffer = Buffer.alloc(0);
  let left = 0;
  let padding = 0;
  let fd: number | null = null;
  let ended = false;

  const consume = () => {
    while (pending.length > 0 && !ended) {
      if (left > 0) {
        const part = pending.subarray(0, Math.min(left, pending.length));
        writeSync(fd!, part);
        left -= part.length;
        pending = pending.subarray(part.length);
        if (left === 0) {
          closeSync(fd!);
          fd = null;
        }
      } else if (padding > 0) {
        const skip = Math.min(padding, pending.length);
        padding -= skip;
        pending = pending.subarray(skip);
      } else {
        if (pending.length < BLOCK) return;
        const block = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (block.every((byte) => byte === 0)) {
          ended = true;
          return;
        }
        const prefix = field(block, 345, 155);
        const name = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100);
        const size = Number.parseInt(field(block, 124, 12).trim() || '0', 8);
        const type = field(block, 156, 1) || '0';
        const target = path.resolve(dir, name);
        if (!target.startsWith(path.resolve(dir) + path.sep))
          throw new Error(`unsafe name in the archive: ${name}`);
        if (type === '5') {
          mkdirSync(target, { recursive: true });
          continue;
        }
        if (type !== '0') throw new Error(`unexpected entry in the archive: ${name}`);
        mkdirSync(path.dirname(target), { recursive: true });
        fd = openSync(target, 'w');
        left = size;
        padding = (BLOCK - (size % BLOCK)) % BLOCK;
        if (size === 0) {
          closeSync(fd);
          fd = null;
        }
      }
    }
  };

  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      try {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        consume();
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    final(callback) {
      if (fd !== null) closeSync(fd);
      callback(ended ? null : new Error('the archive is cut short'));
    },
  });
}
