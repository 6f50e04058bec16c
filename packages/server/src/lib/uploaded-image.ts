// An uploaded picture of the back office (a product's photo, an article's cover or a picture in its text): checked by
// its bytes, stored as WebP with a JPEG fallback next to it and smaller WebP copies (like the demo pictures).
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { invalidData } from './app-error.ts';

/** Where the picture is under /images/ (the catalogue's ImageRef). */
export interface StoredImage {
  /** The JPEG fallback. */
  filename: string;
  /** `${basename}.webp` is the largest WebP. */
  basename: string;
  /** The WebP widths there are, when smaller copies were made. */
  widths?: number[];
}

const MAX_INPUT_PIXELS = 40_000_000;
const MAX_SIDE_PX = 1600;
/**
 * Smaller WebP copies ('<basename>-<width>w.webp') for cards and phones, as the demo pictures have: the browser
 * picks one from srcset instead of loading the 1600 px picture to show it 200 px wide.
 */
export const SMALLER_WIDTHS = [400, 800] as const;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What the file is by its first bytes, whatever its name or declared type says. */
function sniffImageFormat(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

const notAnImage = () => invalidData({ image: ['Загрузите картинку в формате JPEG, PNG или WebP'] });

/**
 * Any uploaded picture of the back office (a product's photo, an article's cover or a picture in its text): checked
 * by its bytes, stored under `folder` as `<prefix><random>` in WebP widths with a JPEG fallback.
 */
export async function storeUploadedImage(
  imagesDir: string,
  folder: string,
  prefix: string,
  upload: Buffer,
): Promise<StoredImage> {
  const format = sniffImageFormat(upload);
  if (!format) throw notAnImage();
  // Loaded on the first upload: libvips stays out of the server's memory until a picture comes.
  const { default: sharp } = await import('sharp');
  let webp: Buffer;
  let jpeg: Buffer;
  let width: number;
  const smaller: Array<{ width: number; webp: Buffer }> = [];
  try {
    // Turned upright by its EXIF, metadata (camera, GPS) dropped, at most 1600 px a side.
    const picture = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(MAX_SIDE_PX, MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true });
    const full = await picture.clone().webp({ quality: 82, effort: 5 }).toBuffer({ resolveWithObject: true });
    webp = full.data;
    width = full.info.width;
    for (const smallerWidth of SMALLER_WIDTHS.filter((candidate) => candidate < width)) {
      const copy = await sharp(webp)
        .resize({ width: smallerWidth })
        .webp({ quality: 80, effort: 5 })
        .toBuffer();
      smaller.push({ width: smallerWidth, webp: copy });
    }
    jpeg = await picture
      .clone()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, progressive: true, mozjpeg: true })
      .toBuffer();
  } catch {
    // A valid header with a broken or oversized body.
    throw notAnImage();
  }
  const basename = `${folder}/${prefix}${randomBytes(8).toString('hex')}`;
  await mkdir(path.join(imagesDir, folder), { recursive: true });
  await writeFile(path.join(imagesDir, `${basename}.webp`), webp);
  for (const copy of smaller)
    await writeFile(path.join(imagesDir, `${basename}-${copy.width}w.webp`), copy.webp);
  await writeFile(path.join(imagesDir, `${basename}.jpg`), jpeg);
  const ref = { basename, filename: `${basename}.jpg` };
  return smaller.length > 0 ? { ...ref, widths: [...smaller.map((copy) => copy.width), width] } : ref;
}
