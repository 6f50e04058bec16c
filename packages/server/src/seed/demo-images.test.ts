// Demo pictures: valid font-free SVG per kind, real WebP + JPEG files of the right size, determinism, idempotence, validation.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_IMAGE_SIZES,
  DEMO_IMAGE_SMALLER_WIDTHS,
  type DemoImageKind,
  type DemoImageSpec,
  drawDemoSvg,
  writeDemoImage,
  writeDemoImages,
} from './demo-images.ts';

const KINDS: DemoImageKind[] = ['product', 'category', 'slide', 'cover', 'portrait'];
const PRODUCT_VARIANTS = ['bottle-dropper', 'bottle-large', 'jar', 'spray', 'box', 'device', 'card'];

function spec(kind: DemoImageKind, overrides: Partial<DemoImageSpec> = {}): DemoImageSpec {
  return { kind, basename: `${kind}s/sample`, color: '#7b68a8', seed: `${kind}-seed`, ...overrides };
}

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'efir-demo-images-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function expectImage(file: string, format: 'webp' | 'jpeg', width: number, height: number) {
  const metadata = await sharp(file).metadata();
  expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
    format,
    width,
    height,
  });
}

describe('drawDemoSvg', () => {
  it.each(KINDS)('draws a %s as a font-free SVG of its size', (kind) => {
    const { width, height } = DEMO_IMAGE_SIZES[kind];
    const svg = drawDemoSvg(spec(kind));
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toContain(`width="${width}"`);
    expect(svg).toContain(`height="${height}"`);
    expect(svg).toContain(`viewBox="0 0 ${width} ${height}"`);
    expect(svg).not.toMatch(/<text|<tspan|font-family/);
    expect(svg).not.toContain('NaN');
    expect(svg).not.toContain('undefined');
    // Every element that opens is closed (a cheap well-formedness check).
    const opened = (svg.match(/<[a-zA-Z][^>]*>/g) ?? []).filter((tag) => !tag.endsWith('/>')).length;
    const closed = svg.match(/<\/[a-zA-Z]+>/g)?.length ?? 0;
    expect(opened).toBe(closed);
  });

  it.each(PRODUCT_VARIANTS)('draws the product variant %s', (variant) => {
    const svg = drawDemoSvg(spec('product', { variant, color: '#e08a2c' }));
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toContain('<text');
  });

  it('gives the same picture for the same spec and another for another seed', () => {
    for (const kind of KINDS) {
      expect(drawDemoSvg(spec(kind))).toBe(drawDemoSvg(spec(kind)));
      expect(drawDemoSvg(spec(kind, { seed: 'other' }))).not.toBe(drawDemoSvg(spec(kind)));
    }
  });

  it('puts nothing from the spec into the SVG except the colour', () => {
    const svg = drawDemoSvg(spec('product', { seed: '"><script>alert(1)</script>', variant: '<x>' }));
    expect(svg).not.toContain('script');
    expect(svg).not.toContain('<x>');
  });

  it('rejects a bad basename or colour', () => {
    for (const basename of ['../x', 'A B', '', '/abs', 'a/../b', 'a//b', 'a/', 'a.b', 'Ы']) {
      expect(() => drawDemoSvg(spec('product', { basename }))).toThrow(/basename/);
    }
    for (const color of ['red', '#abc', '#12345g', '7b68a8', '#7b68a8; x', '#7b68a80']) {
      expect(() => drawDemoSvg(spec('product', { color }))).toThrow(/colour/);
    }
  });
});

describe('writeDemoImage', () => {
  it.each(KINDS)('writes a %s as WebP and JPEG of its size, and its smaller WebP copies', async (kind) => {
    const { width, height } = DEMO_IMAGE_SIZES[kind];
    const ref = await writeDemoImage(dir, spec(kind, { basename: `kinds/${kind}` }));
    const smaller = DEMO_IMAGE_SMALLER_WIDTHS[kind];
    expect(ref).toEqual({
      basename: `kinds/${kind}`,
      filename: `kinds/${kind}.jpg`,
      ...(smaller.length > 0 ? { widths: [...smaller, width] } : {}),
    });
    await expectImage(path.join(dir, 'kinds', `${kind}.webp`), 'webp', width, height);
    await expectImage(path.join(dir, 'kinds', `${kind}.jpg`), 'jpeg', width, height);
    for (const small of smaller) {
      const file = path.join(dir, 'kinds', `${kind}-${small}w.webp`);
      await expectImage(file, 'webp', small, Math.round((height * small) / width));
      expect((await stat(file)).size).toBeLessThan(
        (await stat(path.join(dir, 'kinds', `${kind}.webp`))).size,
      );
    }
  });

  it('gives products, categories, covers and portraits smaller copies, but not slides (they have a mobile crop)', () => {
    for (const kind of ['product', 'category', 'cover', 'portrait'] as const) {
      expect(DEMO_IMAGE_SMALLER_WIDTHS[kind].length, kind).toBeGreaterThan(0);
      for (const small of DEMO_IMAGE_SMALLER_WIDTHS[kind])
        expect(small).toBeLessThan(DEMO_IMAGE_SIZES[kind].width);
    }
    expect(DEMO_IMAGE_SMALLER_WIDTHS.slide).toEqual([]);
  });

  it('writes the mobile crop of a slide too', async () => {
    const ref = await writeDemoImage(dir, spec('slide', { basename: 'slides/spring' }));
    expect(ref.filename).toBe('slides/spring.jpg');
    await expectImage(path.join(dir, 'slides', 'spring.webp'), 'webp', 1920, 640);
    await expectImage(path.join(dir, 'slides', 'spring-mobile.webp'), 'webp', 960, 640);
    await expectImage(path.join(dir, 'slides', 'spring-mobile.jpg'), 'jpeg', 960, 640);
  });

  it('keeps every product picture small', async () => {
    for (const variant of PRODUCT_VARIANTS) {
      await writeDemoImage(dir, spec('product', { basename: `small/${variant}`, variant, color: '#3f6b4f' }));
      const { size } = await stat(path.join(dir, 'small', `${variant}.webp`));
      expect(size, variant).toBeLessThan(60 * 1024);
    }
  });

  it('leaves existing files alone and fills in a missing one', async () => {
    const target = spec('portrait', { basename: 'again/portrait' });
    await writeDemoImage(dir, target);
    const webp = path.join(dir, 'again', 'portrait.webp');
    const jpg = path.join(dir, 'again', 'portrait.jpg');
    const before = [(await stat(webp)).mtimeMs, (await stat(jpg)).mtimeMs];
    await new Promise((resolve) => setTimeout(resolve, 30));
    await writeDemoImage(dir, { ...target, color: '#e08a2c' });
    expect([(await stat(webp)).mtimeMs, (await stat(jpg)).mtimeMs]).toEqual(before);

    await rm(jpg);
    await writeDemoImage(dir, target);
    expect((await stat(webp)).mtimeMs).toBe(before[0]);
    await expectImage(jpg, 'jpeg', 400, 400);
  });

  it('rejects a bad spec before touching the disk', async () => {
    await expect(writeDemoImage(dir, spec('product', { basename: '../x' }))).rejects.toThrow(/basename/);
    await expect(writeDemoImage(dir, spec('product', { basename: 'A B' }))).rejects.toThrow(/basename/);
    await expect(writeDemoImage(dir, spec('product', { color: 'green' }))).rejects.toThrow(/colour/);
  });
});

describe('writeDemoImages', () => {
  it('returns a ref per spec, keyed by basename, writing with bounded concurrency', async () => {
    const specs: DemoImageSpec[] = [
      spec('product', { basename: 'many/p1', variant: 'jar', color: '#d9c39a', seed: 'p1' }),
      spec('product', { basename: 'many/p2', variant: 'spray', color: '#c45a6e', seed: 'p2' }),
      spec('category', { basename: 'many/c1', color: '#2f5d45', seed: 'c1' }),
      spec('cover', { basename: 'many/a1', color: '#e08a2c', seed: 'a1' }),
      spec('portrait', { basename: 'many/u1', color: '#a8841a', seed: 'u1' }),
    ];
    const refs = await writeDemoImages(dir, specs, 2);
    expect([...refs.keys()]).toEqual(specs.map((item) => item.basename));
    for (const item of specs) {
      expect(refs.get(item.basename)).toMatchObject({
        basename: item.basename,
        filename: `${item.basename}.jpg`,
      });
      await stat(path.join(dir, `${item.basename}.webp`));
      await stat(path.join(dir, `${item.basename}.jpg`));
    }
  });

  it('rejects invalid input before writing anything', async () => {
    const good = spec('portrait', { basename: 'never/written' });
    await expect(writeDemoImages(dir, [good, spec('portrait', { color: '#nope00' })])).rejects.toThrow(
      /colour/,
    );
    await expect(writeDemoImages(dir, [good, { ...good, seed: 'clash' }])).rejects.toThrow(/twice/);
    await expect(
      writeDemoImages(dir, [
        spec('slide', { basename: 'never/s' }),
        spec('cover', { basename: 'never/s-mobile' }),
      ]),
    ).rejects.toThrow(/mobile/);
    await expect(
      writeDemoImages(dir, [
        spec('product', { basename: 'never/p' }),
        spec('cover', { basename: 'never/p-400w' }),
      ]),
    ).rejects.toThrow(/smaller copy/);
    await expect(writeDemoImages(dir, [good], 0)).rejects.toThrow(RangeError);
    await expect(stat(path.join(dir, 'never'))).rejects.toThrow();
  });
});
