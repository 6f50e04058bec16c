// Zip packages (init answers zip=yes) and long imports answered with «progress»: a fake 1C sends one archive with
// import.xml, offers.xml and the pictures, then imports each file, calling again while the site answers «progress».
// Hostile archives (names leaving the folder, symlinks, a bomb, too many entries) unpack nothing and change nothing.
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useExchangeShop } from '../../test/exchange-shop.ts';
import { importXml, offersXml, RETAIL, type ZipEntry, zipOf } from '../../test/fake-1c.ts';
import { signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent } from '../../test/test-agent.ts';
import { products } from '../catalog/catalog.table.ts';
import { safeRelativePath } from './exchange.service.ts';
import { PackageError } from './exchange-xml.ts';
import { unpackZip } from './exchange-zip.ts';

const shop = useExchangeShop({
  login: 'zip-exchange',
  password: 'Obmen-zip-2026',
  // Never wait for the file: every import is answered «progress» until its job is done.
  env: { EXCHANGE_STEP_SECONDS: '0' },
});
const { catalog1C, byExternal } = shop;

const lavender = (name = 'Лаванда из архива, 10 мл') =>
  importXml({
    version: '2.10',
    partial: true,
    groups: [{ id: 'zip-grp', name: 'Из архива' }],
    goods: [{ id: 'zip-lavender', name, group: 'zip-grp', pictures: ['import_files/5a/5a1b.jpg'] }],
  });

function form(files: Array<{ name: string; content: Buffer }>) {
  const boundary = `----efir${Date.now().toString(16)}`;
  return {
    payload: Buffer.concat([
      ...files.flatMap((file) => [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="package"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file.content,
        Buffer.from('\r\n'),
      ]),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

interface LogSession {
  id: number;
  type: string;
  running: boolean;
  files: Array<{ filename: string; kind: string; created: number; error?: string }>;
}

describe('zip package', () => {
  it('unpacks import.xml, offers.xml and the pictures, and imports them with «progress» answers', async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#8a6bbe' } })
      .jpeg()
      .toBuffer();
    const zip = zipOf([
      { name: 'import.xml', content: lavender() },
      {
        name: 'offers.xml',
        content: offersXml({
          version: '2.10',
          partial: true,
          offers: [{ id: 'zip-lavender', prices: { [RETAIL]: 640 }, warehouses: { a: 2, b: 3 } }],
        }),
      },
      { name: 'import_files/5a/5a1b.jpg', content: photo },
    ]);
    const oneC = await catalog1C();
    // 1C sends the archive in chunks under its own name, then imports each file it holds.
    expect(await oneC.upload('v8_3F2A_1.zip', zip, 1000)).toBe('success\n');
    expect(await oneC.importFile('import.xml')).toBe('success\n');
    expect(await oneC.importFile('offers.xml')).toBe('success\n');
    expect(oneC.progressAnswers).toBeGreaterThanOrEqual(2);
    expect(await byExternal('zip-lavender')).toMatchObject({
      name: 'Лаванда из архива, 10 мл',
      cena: 640,
      stock: 5,
      visible: true,
      images: [expect.objectContaining({ filename: expect.any(String) })],
    });
  });

  const hostile: Array<[string, ZipEntry[], RegExp]> = [
    [
      'a name leaving the folder',
      [
        { name: 'import.xml', content: lavender('Лаванда ВЗЛОМ') },
        { name: '../../../escape.xml', content: Buffer.from('<x/>') },
      ],
      /недопустимые имена|недопустимое имя/,
    ],
    [
      'a symbolic link',
      [
        { name: 'import.xml', content: lavender('Лаванда ВЗЛОМ') },
        { name: 'import_files/link.jpg', content: Buffer.from('/etc/passwd'), symlink: true },
      ],
      /символическую ссылку/,
    ],
    [
      'a bomb whose entry unpacks to more than it declares',
      [
        { name: 'import.xml', content: lavender('Лаванда ВЗЛОМ') },
        { name: 'import_files/zeros.jpg', content: Buffer.alloc(8 * 1024 * 1024), declaredSize: 1000 },
      ],
      /не распаковывается/,
    ],
    [
      'an archive whose CRC-32 does not match its data (issue 37, point 7)',
      [
        { name: 'import.xml', content: lavender('Лаванда ВЗЛОМ') },
        {
          name: 'import_files/5a/5a1b.jpg',
          content: Buffer.from('not what was packed'),
          declaredCrc: 0x12345678,
        },
      ],
      /не распаковывается/,
    ],
    [
      'a bomb declaring gigabytes',
      [
        { name: 'import.xml', content: lavender('Лаванда ВЗЛОМ') },
        { name: 'import_files/huge.jpg', content: Buffer.from('x'), declaredSize: 0xfff00000 },
      ],
      /больше чем в \d+ МБ/,
    ],
  ];
  for (const [name, entries, reason] of hostile) {
    it(`refuses ${name}: nothing unpacked, nothing changed, the log says why`, async () => {
      const before = await byExternal('zip-lavender');
      const oneC = await catalog1C();
      expect(await oneC.upload('package.zip', zipOf(entries))).toBe('success\n');
      const answer = await oneC.importFile('import.xml');
      expect(answer).toMatch(/^failure\n/);
      expect(answer).toMatch(reason);
      expect(await byExternal('zip-lavender')).toEqual(before);
      // Nothing outside the session folders, and the refused archive's files are gone.
      expect(await readdir(shop.dataDir)).toEqual(['exchange']);
      expect(await oneC.importFile('import.xml')).toMatch(/^failure\nФайл import.xml не был передан/);
    });
  }

  it('refuses an archive with too many entries before writing any of them', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'efir-unzip-'));
    const file = path.join(folder, 'many.zip');
    await writeFile(
      file,
      zipOf(
        Array.from({ length: 5 }, (_, index) => ({ name: `f${index}.xml`, content: Buffer.from('<a/>') })),
      ),
    );
    const out = path.join(folder, 'out');
    await expect(unpackZip(file, out, { entries: 4, bytes: 1e6 }, safeRelativePath)).rejects.toThrow(
      new PackageError('Архив содержит больше 4 файлов'),
    );
    expect(await readdir(folder)).toEqual(['many.zip']);
    await expect(unpackZip(file, out, { entries: 5, bytes: 1e6 }, safeRelativePath)).resolves.toHaveLength(5);
  });

  it('shows the refusals in the back office log, in Russian', async () => {
    const moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
    const log = (await moderator.request({ method: 'GET', url: '/api/v1/admin/exchange' })).json() as {
      sessions: Array<{ files: Array<{ filename: string; kind: string; error?: string }> }>;
    };
    const files = log.sessions.flatMap((session) => session.files);
    expect(files).toContainEqual(
      expect.objectContaining({ filename: 'v8_3F2A_1.zip', kind: 'Архив: файлов — 3' }),
    );
    expect(files.map((file) => file.error)).toContainEqual(expect.stringMatching(/символическую ссылку/));
  });
});

describe('manual upload in the back office', () => {
  it('imports import.xml and offers.xml a moderator uploads, through the same import as 1C', async () => {
    const moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
    // A customer is not the back office.
    const customer = createTestAgent(shop.app);
    await customer.register();
    const refused = await customer.request({
      method: 'POST',
      url: '/api/v1/admin/exchange/upload',
      ...form([{ name: 'import.xml', content: Buffer.from('<x/>') }]),
    });
    expect(refused.statusCode).toBe(403);

    const answer = await moderator.request({
      method: 'POST',
      url: '/api/v1/admin/exchange/upload',
      // Offers first on purpose: the import puts the catalogue before them, as 1C sends them.
      ...form([
        {
          name: 'offers.xml',
          content: offersXml({
            version: '2.10',
            partial: true,
            offers: [{ id: 'manual-neroli', prices: { [RETAIL]: 2100 }, quantity: 4 }],
          }),
        },
        {
          name: 'import.xml',
          content: importXml({
            version: '2.05',
            partial: true,
            goods: [{ id: 'manual-neroli', name: 'Нероли вручную, 5 мл', barcode: '4601234567893' }],
          }),
        },
      ]),
    });
    expect(answer.statusCode, answer.body).toBe(202);
    const { session } = answer.json() as { session: number };
    // The import runs on after the answer; the log says when it is done.
    let mine: LogSession | undefined;
    for (let attempt = 0; attempt < 500; attempt++) {
      const log = (await moderator.request({ method: 'GET', url: '/api/v1/admin/exchange' })).json() as {
        sessions: LogSession[];
      };
      mine = log.sessions.find((item) => item.id === session);
      if (mine && !mine.running) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(mine).toMatchObject({ type: 'manual', running: false });
    expect(mine!.files.map((file) => file.filename)).toEqual(['import.xml', 'offers.xml']);
    expect(await byExternal('manual-neroli')).toMatchObject({
      name: 'Нероли вручную, 5 мл',
      gtin: '4601234567893',
      cena: 2100,
      stock: 4,
      visible: true,
    });
  });

  it('refuses a file that is not a package, in Russian', async () => {
    const moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
    const answer = await moderator.request({
      method: 'POST',
      url: '/api/v1/admin/exchange/upload',
      ...form([{ name: 'price.xlsx', content: Buffer.from('PK') }]),
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors.package[0]).toBe(
      'Файл price.xlsx: нужен import.xml, offers.xml или zip-архив с ними',
    );
  });
});

describe('a long import', () => {
  // Thousands of goods: reading and writing them takes many statements, and the shop's requests go between them.
  const GOODS = 8000;
  const catalogue = () =>
    importXml({
      version: '2.10',
      partial: true,
      groups: [{ id: 'busy-grp', name: 'Большой каталог' }],
      goods: Array.from({ length: GOODS }, (_, index) => ({
        id: `busy-${index}`,
        name: `Масло из большого каталога ${index + 1}, 10 мл`,
        sku: `BUSY-${index}`,
        group: 'busy-grp',
        description: 'Описание товара из 1С. '.repeat(10),
      })),
    });

  it('leaves the shop answering: a product page and /api/health come back while the import is under way', async () => {
    // One of the shop's own products, asked for while 1C's file is being imported.
    const [own] = await shop.database.db
      .select({ url: products.url, name: products.name })
      .from(products)
      .where(and(isNull(products.externalId), eq(products.visible, true)))
      .limit(1);
    const oneC = await catalog1C();
    expect((await oneC.call('mode=file&filename=import.xml', catalogue())).body).toBe('success\n');
    // The import starts and reads the file: 1C is answered «progress» with the records read so far.
    const importCall = () => oneC.call('mode=import&filename=import.xml').then((answer) => answer.body);
    let answer = await importCall();
    while (Number(answer.match(/обработано записей — (\d+)/)?.[1] ?? 0) === 0) {
      expect(answer).toMatch(/^progress\n/);
      await new Promise((resolve) => setTimeout(resolve, 5));
      answer = await importCall();
    }

    const [page, health] = await Promise.all([
      shop.app.inject({ method: 'POST', url: '/api/v1/route', payload: { url: own!.url } }),
      shop.app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(JSON.stringify(own!.name).slice(1, -1));
    expect(health.statusCode).toBe(200);
    // Answered before the import wrote its goods: the shop did not wait for the file.
    expect(await byExternal(`busy-${GOODS - 1}`)).toBeUndefined();

    expect(await oneC.importFile('import.xml')).toBe('success\n');
    expect(await byExternal(`busy-${GOODS - 1}`)).toMatchObject({
      name: `Масло из большого каталога ${GOODS}, 10 мл`,
      sku: `BUSY-${GOODS - 1}`,
      visible: false,
    });
  }, 300_000);
});
