// Avatar pictures: an upload is checked by its content, squared to 256×256 WebP and kept under <imagesDir>/avatars.
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_SIZE_PX } from '@efir/domain/account-schemas';
import { invalidData } from '../../lib/app-error.ts';

export const AVATAR_URL_PREFIX = '/images/avatars/';
/** Formats accepted by what the bytes are, not by the name or the declared type. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** A small file can still decode into a huge bitmap; 40 megapixels is more than any phone camera sends. */
const MAX_INPUT_PIXELS = 40_000_000;

const notAnImage = () => invalidData({ avatar: ['Загрузите картинку в формате JPEG, PNG или WebP'] });

/** Decodes, strips metadata (camera, GPS), crops to a square and writes a WebP; returns its public path. */
export async function storeAvatar(imagesDir: string, userId: number, upload: Buffer): Promise<string> {
  // Loaded on the first upload: libvips stays out of the server's memory until a picture comes.
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    format = (await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();
  let picture: Buffer;
  try {
    picture = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Valid header, broken or oversized body.
    throw notAnImage();
  }
  const dir = path.join(imagesDir, 'avatars');
  await mkdir(dir, { recursive: true });
  const name = `${userId}-${randomBytes(8).toString('hex')}.webp`;
  await writeFile(path.join(dir, name), picture);
  return `${AVATAR_URL_PREFIX}${name}`;
}

/** Removes a picture stored by storeAvatar; anything else (null, a foreign path) is left alone. */
export async function deleteAvatarFile(imagesDir: string, photo: string | null): Promise<void> {
  if (!photo?.startsWith(AVATAR_URL_PREFIX)) return;
  const name = photo.slice(AVATAR_URL_PREFIX.length);
  if (!/^\d+-[0-9a-f]{16}\.webp$/.test(name)) return;
  await rm(path.join(imagesDir, 'avatars', name), { force: true });
}
