// A product's photos in the back office through HTTP (issue 39 point 5): several files in one upload, all stored as
// WebP widths; then arranged (the first is the main one) with the text each shows, kept and shown by the shop; a
// stale arrangement and a batch with a non-picture are refused whole.
import { randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PREFIX } from '../../back-office/admin.routes.ts';
import { createTestConfig } from '../../config.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import type { TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { products } from './catalog.table.ts';

let shop: TestApp;
let moderator: TestAgent;
const imagesDir = createTestConfig().imagesDir;

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
});
afterAll(() => shop.close());

type Image = { basename: string; filename: string; widths?: number[]; alt?: string };

/** One form with a part per file, as a browser sends a drop of several pictures. */
function multipart(files: Array<{ content: Buffer; name: string; type: string }>) {
  const boundary = `----efir${randomBytes(8).toString('hex')}`;
  const parts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.content,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const picture = (width: number, colour: string) =>
  sharp({ create: { width, height: Math.round(width * 0.75), channels: 3, background: colour } })
    .png()
    .toBuffer();

/** The files stored for a product's uploads. */
async function uploadedFiles(productId: number): Promise<string[]> {
  const names = await readdir(path.join(imagesDir, 'products/uploads'));
  return names.filter((name) => name.startsWith(`${productId}-`)).sort();
}

async function productPage(url: string) {
  const response = await shop.app.inject({ method: 'POST', url: '/api/v1/route', payload: { url } });
  return response.json().page.com_data as { images: Image[] };
}

describe('several photos at once', () => {
  it('stores every dropped file, then keeps the order, the main photo and the texts the moderator set', async () => {
    const [product] = await shop.database.db
      .select()
      .from(products)
      .where(and(like(products.url, '/limon%'), eq(products.visible, true)))
      .orderBy(asc(products.id))
      .limit(1);
    const before = product!.images as Image[];
    const upload = await moderator.request({
      method: 'POST',
      url: `${ADMIN_PREFIX}/products/${product!.id}/images`,
      ...multipart([
        { content: await picture(1000, '#c83'), name: 'front.png', type: 'image/png' },
        { content: await picture(600, '#38c'), name: 'side.png', type: 'image/png' },
        { content: await picture(300, '#3c8'), name: 'label.png', type: 'image/png' },
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const images = upload.json().product.images as Image[];
    expect(images).toHaveLength(before.length + 3);
    const [front, side, label] = images.slice(before.length);
    // Today's resizing kept: WebP widths below the picture's own, a JPEG fallback.
    expect(front!.widths).toEqual([400, 800, 1000]);
    expect(side!.widths).toEqual([400, 600]);
    expect(label!.widths).toBeUndefined();
    expect((await sharp(path.join(imagesDir, `${side!.basename}-400w.webp`)).metadata()).format).toBe('webp');

    // The label first (the main photo), then the front, the rest as they were; texts for two of them.
    const arranged = [
      { basename: label!.basename, alt: 'Этикетка флакона: состав и срок годности' },
      { basename: front!.basename, alt: 'Флакон 10 мл спереди' },
      ...before.map((image) => ({ basename: image.basename, alt: '' })),
      { basename: side!.basename, alt: '' },
    ];
    const saved = await moderator.request({
      method: 'PUT',
      url: `${ADMIN_PREFIX}/products/${product!.id}/images`,
      payload: { images: arranged },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = [
      { ...label, alt: 'Этикетка флакона: состав и срок годности' },
      { ...front, alt: 'Флакон 10 мл спереди' },
      ...before,
      side,
    ];
    expect(saved.json().product.images).toEqual(expected);
    // Kept: the back office and the shop read it back so.
    const reread = await moderator.request({ method: 'GET', url: `${ADMIN_PREFIX}/products/${product!.id}` });
    expect(reread.json().product.images).toEqual(expected);
    expect((await productPage(product!.url)).images).toEqual(expected);

    // A page opened before a photo went away names one the product no longer has: told to reload, nothing lost.
    const stale = await moderator.request({
      method: 'PUT',
      url: `${ADMIN_PREFIX}/products/${product!.id}/images`,
      payload: { images: arranged.slice(1) },
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().errors.images[0]).toMatch(/обновите/);

    // A batch with a file that is not a picture is refused whole, and its good pictures' files are removed again.
    const filesBefore = await uploadedFiles(product!.id);
    const mixed = await moderator.request({
      method: 'POST',
      url: `${ADMIN_PREFIX}/products/${product!.id}/images`,
      ...multipart([
        { content: await picture(500, '#888'), name: 'ok.png', type: 'image/png' },
        { content: Buffer.from('не картинка '.repeat(30)), name: 'notes.jpg', type: 'image/jpeg' },
      ]),
    });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors.image[0]).toMatch(/JPEG, PNG или WebP/);
    const after = await moderator.request({ method: 'GET', url: `${ADMIN_PREFIX}/products/${product!.id}` });
    expect(after.json().product.images).toEqual(expected);
    expect(await uploadedFiles(product!.id)).toEqual(filesBefore);
    await expect(stat(path.join(imagesDir, `${front!.basename}.webp`))).resolves.toBeTruthy();
  });
});
