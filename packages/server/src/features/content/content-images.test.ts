// Pictures for articles (issue 39 point 7) through HTTP: an uploaded file becomes WebP widths under content/uploads,
// goes into the text as <img> and onto the cover; the shop's article page then carries both, sanitised, and the file
// is served. A file that is not a picture is refused in Russian; the upload is audited.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../back-office/admin.table.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import type { TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const BASE = '/api/v1/admin/content';
let shop: TestApp;
let moderator: TestAgent;

beforeAll(async () => {
  const imagesDir = mkdtempSync(path.join(os.tmpdir(), 'efir-content-images-'));
  shop = await createTestApp({ env: { ...MODERATOR_ENV, IMAGES_DIR: imagesDir } });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
});
afterAll(() => shop.close());

function form(content: Buffer, filename: string, type: string) {
  const boundary = '----efirContentImage';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('pictures in articles', () => {
  it('uploads a picture, places it in the text and the cover, and the shop’s article page shows both', async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#6a4' } })
      .png()
      .toBuffer();
    const upload = await moderator.request({
      method: 'POST',
      url: `${BASE}/images`,
      ...form(png, 'field.png', 'image/png'),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const { image, src } = upload.json() as {
      image: { filename: string; basename: string; widths: number[] };
      src: string;
    };
    expect(image.basename).toMatch(/^content\/uploads\/[0-9a-f]{16}$/);
    expect(image.widths).toEqual([400, 800, 1200]);
    expect(src).toBe(`/images/${image.basename}.webp`);
    const served = await shop.app.inject({ method: 'GET', url: src });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    const list = (
      await moderator.request({
        method: 'GET',
        url: `${BASE}/articles?q=${encodeURIComponent('фототоксичн')}`,
      })
    ).json();
    const article = list.items[0] as { id: number; url: string };
    const html = `<p>Поле лаванды в июле.</p><img src="${src}" alt="Лавандовое поле" onerror="alert(1)"><p>Дальше.</p>`;
    const saved = await moderator.request({
      method: 'PUT',
      url: `${BASE}/articles/${article.id}`,
      payload: { html, image: image.filename },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const page = (
      await shop.app.inject({ method: 'POST', url: '/api/v1/route', payload: { url: article.url } })
    ).json().page.com_data as { html: string; image: unknown };
    expect(page.html).toBe(
      `<p>Поле лаванды в июле.</p><img src="${src}" alt="Лавандовое поле"><p>Дальше.</p>`,
    );
    expect(JSON.stringify(page.image)).toContain(image.basename);

    const [entry] = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content.image'), eq(auditLog.entityId, image.basename)));
    expect(entry?.userId).toBe(TEST_MODERATOR_ID);
  });

  it('refuses a file that is not a picture, in Russian', async () => {
    const refused = await moderator.request({
      method: 'POST',
      url: `${BASE}/images`,
      ...form(Buffer.from('<svg onload="alert(1)"></svg>'.repeat(10)), 'a.png', 'image/png'),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.image).toEqual(['Загрузите картинку в формате JPEG, PNG или WebP']);
  });
});
