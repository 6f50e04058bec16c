// The icons a browser or a phone asks for by fixed name and the web manifest: served from the client's public
// files (which the build copies into dist/client as they are) and linked from every page.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRoot } from '../lib/paths.ts';
import { createSourceSsrOptions } from '../test/page-renderer.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { registerClientFiles } from './client-files.ts';

let shop: TestApp;

beforeAll(async () => {
  shop = await createTestApp({
    deps: { ssr: await createSourceSsrOptions() },
    extend: (app) => void registerClientFiles(app, path.join(webRoot, 'public')),
  });
});
afterAll(() => shop.close());

const get = (url: string) => shop.app.inject({ method: 'GET', url });

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

describe('icons and the web manifest', () => {
  it('keeps hashed build assets for a year and revalidates other files', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'efir-client-'));
    await mkdir(path.join(root, 'assets'));
    await writeFile(path.join(root, 'assets/entry-abc123.js'), 'export {};');
    await writeFile(path.join(root, 'build-version.txt'), '1');
    const app = Fastify();
    await registerClientFiles(app, root);
    try {
      const asset = await app.inject({ method: 'GET', url: '/assets/entry-abc123.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const other = await app.inject({ method: 'GET', url: '/build-version.txt' });
      expect(other.headers['cache-control']).toBe('public, max-age=0');
    } finally {
      await app.close();
      await rm(root, { recursive: true });
    }
  });

  it('serves /favicon.ico as an icon file with 16, 32 and 48 px pictures', async () => {
    const response = await get('/favicon.ico');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/(vnd\.microsoft\.icon|x-icon)/);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const bytes = response.rawPayload;
    // ICONDIR: reserved 0, type 1 (icon), then the count; each entry starts with its width.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
    const count = bytes.readUInt16LE(4);
    expect(Array.from({ length: count }, (_, index) => bytes.readUInt8(6 + 16 * index))).toEqual([
      16, 32, 48,
    ]);
  });

  it('serves a 180×180 apple-touch-icon', async () => {
    const response = await get('/apple-touch-icon.png');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(pngSize(response.rawPayload)).toEqual([180, 180]);
  });

  it('serves the web manifest with the shop name, the page theme colour and icons that exist', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = response.json() as {
      name: string;
      short_name: string;
      start_url: string;
      theme_color: string;
      icons: Array<{ src: string; type: string; sizes: string }>;
    };
    expect(manifest).toMatchObject({ name: 'Эфир', short_name: 'Эфир', start_url: '/' });
    const page = (await get('/')).body;
    expect(page).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
    for (const icon of manifest.icons) {
      const file = await get(icon.src);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain(icon.type);
      if (icon.type === 'image/png') expect(pngSize(file.rawPayload).join('x')).toBe(icon.sizes);
    }
  });

  it('links the icons and the manifest from every page', async () => {
    for (const url of ['/', '/catalog.html', '/net-takoj-stranicy.html']) {
      const page = (await get(url)).body;
      expect(page).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32" />');
      expect(page).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
      expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    }
  });
});
