// The guest page cache: one render per URL, kept compressed, dropped on change, bounded in bytes.
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { createPageCache, isGuestRequest, type RenderedPage } from './page-cache.ts';

const page = (html: string, status = 200): RenderedPage => ({ status, html, nonce: 'n0nce' });

describe('isGuestRequest', () => {
  it('takes no cookies or only neutral ones as a guest', () => {
    expect(isGuestRequest(undefined)).toBe(true);
    expect(isGuestRequest('XSRF-TOKEN=abc')).toBe(true);
    expect(isGuestRequest('XSRF-TOKEN=abc; efir_device=d; _ym_uid=1; _ym_d=2')).toBe(true);
  });

  it('renders for the visitor when a cookie could change the page (cart, session) or is unknown', () => {
    expect(isGuestRequest('XSRF-TOKEN=abc; efir_cart=42')).toBe(false);
    expect(isGuestRequest('efir_session=1')).toBe(false);
    expect(isGuestRequest('efir_refresh=x')).toBe(false);
    expect(isGuestRequest('something_new=1')).toBe(false);
  });
});

describe('createPageCache', () => {
  it('renders a URL once and serves the kept page compressed, in every encoding', async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    let renders = 0;
    const render = async () => {
      renders += 1;
      return page(`<html>страница ${'текст '.repeat(50)}</html>`);
    };
    const first = await cache.get('/a', 'br', render);
    const second = await cache.get('/a', 'br', render);
    const gzipped = await cache.get('/a', 'gzip', render);
    const plain = await cache.get('/a', null, render);
    expect(renders).toBe(1);
    expect(first).toMatchObject({ status: 200, nonce: 'n0nce', hit: false });
    expect(second).toMatchObject({ hit: true });
    if (!('body' in second) || !('body' in gzipped) || !('body' in plain)) throw new Error('not a page');
    expect(brotliDecompressSync(second.body).toString()).toContain('страница');
    expect(gunzipSync(gzipped.body).toString()).toBe(brotliDecompressSync(second.body).toString());
    expect(plain.body.toString()).toBe(brotliDecompressSync(second.body).toString());
  });

  it('sends a page asked once at the cheap level and one asked again, from then on, smaller', async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 10_000_000 });
    const cards = Array.from(
      { length: 400 },
      (_, i) => `<li class="card"><a href="/p${i * 7919}.html">Масло №${i * 31} — ${i * 13 + 90} ₽</a></li>`,
    );
    const html = `<html><ul>${cards.join('')}</ul></html>`;
    const render = async () => page(html);
    const first = await cache.get('/big', 'br', render);
    const second = await cache.get('/big', 'br', render);
    if (!('body' in first) || !('body' in second)) throw new Error('not a page');
    expect(second.body).toEqual(first.body);
    let later = second.body;
    await vi.waitFor(async () => {
      const next = await cache.get('/big', 'br', render);
      if (!('body' in next)) throw new Error('not a page');
      later = next.body;
      expect(later.length).toBeLessThan(first.body.length);
    });
    expect(brotliDecompressSync(later).toString()).toBe(html);
  });

  it('gives a page rendered again unchanged (with another nonce) the same digest and date, a changed one new ones', async () => {
    const cache = createPageCache({ ttlMs: 1, maxBytes: 1_000_000 });
    let text = 'тот же текст';
    const render = async (): Promise<RenderedPage> => {
      const nonce = randomBytes(16).toString('base64');
      return { status: 200, html: `<script nonce="${nonce}"></script>${text}`, nonce };
    };
    const first = await cache.get('/a', 'br', render);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await cache.get('/a', 'br', render);
    if (!('digest' in first) || !('digest' in again)) throw new Error('not a page');
    expect(again.hit).toBe(false);
    expect(again.nonce).not.toBe(first.nonce);
    expect(again.digest).toBe(first.digest);
    expect(again.since).toEqual(first.since);
    text = 'новый текст';
    await new Promise((resolve) => setTimeout(resolve, 5));
    const changed = await cache.get('/a', 'br', render);
    if (!('digest' in changed)) throw new Error('not a page');
    expect(changed.digest).not.toBe(first.digest);
  });

  it('shares one render among requests that arrive while it runs', async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return page('<html>x</html>');
    };
    await Promise.all(Array.from({ length: 5 }, () => cache.get('/b', 'br', render)));
    expect(renders).toBe(1);
  });

  it('drops everything on invalidate, and does not keep a page that was rendering during the change', async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    let version = 1;
    let release: () => void = () => {};
    const slowRender = async () => {
      const seen = version;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return page(`<html>v${seen}</html>`);
    };
    const text = async (url: string) => {
      const result = await cache.get(url, null, async () => page(`<html>v${version}</html>`));
      return 'body' in result ? result.body.toString() : '';
    };
    expect(await text('/c')).toBe('<html>v1</html>');
    version = 2;
    expect(await text('/c')).toBe('<html>v1</html>');
    cache.invalidate();
    expect(await text('/c')).toBe('<html>v2</html>');

    const during = cache.get('/d', null, slowRender);
    await new Promise((resolve) => setTimeout(resolve, 5));
    version = 3;
    cache.invalidate();
    release();
    await during;
    // The render that started before the change was not kept: the next request renders anew.
    expect(await text('/d')).toBe('<html>v3</html>');
  });

  it('passes redirects and pages other than 200 through without keeping them', async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    let renders = 0;
    const redirect = { type: 'redirect' as const, status: 302, location: '/login' };
    expect(await cache.get('/e', 'br', async () => redirect)).toEqual(redirect);
    const missing = async () => {
      renders += 1;
      return page('<html>нет такой страницы</html>', 404);
    };
    await cache.get('/f', 'br', missing);
    const again = await cache.get('/f', 'br', missing);
    expect(renders).toBe(2);
    expect(again).toMatchObject({ status: 404, hit: false });
  });

  it('keeps within its byte budget by letting the oldest pages go', async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 600 });
    const renders = new Map<string, number>();
    // Random text does not compress: each page takes ~300 bytes of the budget.
    const noise = (seed: number) => `${seed}${randomBytes(225).toString('base64')}`;
    const render = (url: string, seed: number) => async () => {
      renders.set(url, (renders.get(url) ?? 0) + 1);
      return page(noise(seed));
    };
    await cache.get('/1', 'br', render('/1', 1));
    await cache.get('/2', 'br', render('/2', 2));
    await cache.get('/3', 'br', render('/3', 3));
    await cache.get('/3', 'br', render('/3', 3));
    await cache.get('/1', 'br', render('/1', 1));
    expect(renders.get('/3')).toBe(1);
    expect(renders.get('/1')).toBe(2);
  });

  it('renders again once a page is older than the time to live', async () => {
    const cache = createPageCache({ ttlMs: 30, maxBytes: 1_000_000 });
    let renders = 0;
    const render = async () => {
      renders += 1;
      return page('<html>y</html>');
    };
    await cache.get('/g', 'br', render);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await cache.get('/g', 'br', render);
    expect(renders).toBe(2);
  });
});
