// Demo pictures drawn as SVG and rendered with sharp to WebP (with a JPEG fallback): products, categories, slides, covers, portraits.
// Shapes only (no <text>): the machine that seeds may have no fonts. Everything is derived from the spec, so reruns give the same files.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ImageRef {
  /** '<basename>.jpg', relative to the images folder; '<basename>.webp' sits next to it. */
  filename: string;
  basename: string;
  /** The WebP widths there are: the largest is '<basename>.webp', each other '<basename>-<width>w.webp'. */
  widths?: number[];
}

export type DemoImageKind = 'product' | 'category' | 'slide' | 'cover' | 'portrait';

export interface DemoImageSpec {
  kind: DemoImageKind;
  /** Path inside the images folder without extension, e.g. 'products/lavanda-uzkolistnaya-10-ml'. Only [a-z0-9/-]. */
  basename: string;
  /** Main colour, hex '#rrggbb'. */
  color: string;
  /** Picks the drawing variant: for products 'bottle-dropper' | 'bottle-large' | 'jar' | 'spray' | 'box' | 'device' | 'card'; for others anything (a stable seed for the composition). */
  variant?: string;
  /** A stable seed string (e.g. the key) so the same input always gives the same picture. */
  seed: string;
}

export const DEMO_IMAGE_SIZES: Readonly<Record<DemoImageKind, { width: number; height: number }>> = {
  product: { width: 800, height: 800 },
  category: { width: 600, height: 400 },
  slide: { width: 1920, height: 640 },
  cover: { width: 1200, height: 675 },
  portrait: { width: 400, height: 400 },
};

/**
 * Smaller WebP copies ('<basename>-<width>w.webp') for where a picture is shown small (cards, phones), so the
 * browser picks one from srcset instead of scaling the full picture down. A slide has its own mobile picture.
 */
export const DEMO_IMAGE_SMALLER_WIDTHS: Readonly<Record<DemoImageKind, readonly number[]>> = {
  product: [400],
  category: [360],
  slide: [],
  cover: [400, 800],
  portrait: [200],
};

/** How the database refers to a demo picture: its files and the widths it comes in. */
export function demoImageRef(kind: DemoImageKind, basename: string): ImageRef {
  const smaller = DEMO_IMAGE_SMALLER_WIDTHS[kind];
  const ref = { basename, filename: `${basename}.jpg` };
  return smaller.length > 0 ? { ...ref, widths: [...smaller, DEMO_IMAGE_SIZES[kind].width] } : ref;
}

/** The slide's mobile picture is the right part of the wide one, where the still life stands. */
export const SLIDE_MOBILE_CROP = { left: 960, top: 0, width: 960, height: 640 } as const;

const PRODUCT_VARIANTS = ['bottle-dropper', 'bottle-large', 'jar', 'spray', 'box', 'device', 'card'] as const;
type ProductVariant = (typeof PRODUCT_VARIANTS)[number];

const PALETTE = { green: '#3f6b4f', cream: '#faf7f0', sand: '#f3e9d2', gold: '#a8841a' } as const;
const BASENAME = /^[a-z0-9][a-z0-9/-]*$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;
const WEBP_QUALITY = 78;
const JPEG_QUALITY = 80;

// ---------------------------------------------------------------------------------------------------------------
// Validation

function validateSpec(spec: DemoImageSpec): void {
  if (!Object.hasOwn(DEMO_IMAGE_SIZES, spec.kind))
    throw new Error(`Unknown demo image kind: ${String(spec.kind)}`);
  const { basename } = spec;
  if (
    typeof basename !== 'string' ||
    !BASENAME.test(basename) ||
    basename.includes('..') ||
    basename.includes('//') ||
    basename.endsWith('/') ||
    basename.length > 200
  ) {
    throw new Error(`Invalid demo image basename: ${JSON.stringify(basename)}`);
  }
  if (typeof spec.color !== 'string' || !COLOR.test(spec.color)) {
    throw new Error(`Invalid demo image colour (expected #rrggbb): ${JSON.stringify(spec.color)}`);
  }
  if (typeof spec.seed !== 'string') throw new Error('Demo image seed must be a string');
  if (spec.variant !== undefined && typeof spec.variant !== 'string') {
    throw new Error('Demo image variant must be a string');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Seeded randomness: FNV-1a with a murmur finaliser feeds mulberry32.

function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

class Random {
  #state: number;

  constructor(seed: string) {
    this.#state = hashString(seed) || 0x9e3779b9;
  }

  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) | 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  sign(): 1 | -1 {
    return this.next() < 0.5 ? -1 : 1;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('Random.pick from an empty list');
    return item;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Colours

type Rgb = readonly [number, number, number];

function toRgb(color: string): Rgb {
  const value = Number.parseInt(color.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Blends a towards b: t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = toRgb(a);
  const [br, bg, bb] = toRgb(b);
  return toHex([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

const lighten = (color: string, t: number) => mix(color, '#ffffff', t);
const darken = (color: string, t: number) => mix(color, '#000000', t);

function luminance(color: string): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = toRgb(color);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function hsl(color: string): { h: number; s: number; l: number } {
  const [r255, g255, b255] = toRgb(color);
  const [r, g, b] = [r255 / 255, g255 / 255, b255 / 255];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const delta = max - min;
  const s = l > 0.5 ? delta / (2 - max - min) : delta / (max + min);
  let h: number;
  if (max === r) h = (g - b) / delta + (g < b ? 6 : 0);
  else if (max === g) h = (b - r) / delta + 2;
  else h = (r - g) / delta + 4;
  return { h: h * 60, s, l };
}

/** Ink for shapes drawn on a surface of the given colour. */
function inkOn(color: string): string {
  return luminance(color) > 0.4 ? '#2d3b31' : PALETTE.cream;
}

// ---------------------------------------------------------------------------------------------------------------
// SVG helpers

function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** Template tag for path data and transforms: formats every number with one decimal. */
function d(strings: TemplateStringsArray, ...values: number[]): string {
  let out = strings[0] ?? '';
  for (let index = 0; index < values.length; index++) out += num(values[index]!) + (strings[index + 1] ?? '');
  return out;
}

type Attrs = Record<string, string | number | undefined>;

function el(name: string, attrs: Attrs, children?: string): string {
  let out = `<${name}`;
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined) out += ` ${key}="${typeof value === 'number' ? num(value) : value}"`;
  }
  return children === undefined ? `${out}/>` : `${out}>${children}</${name}>`;
}

const g = (attrs: Attrs, ...children: string[]) => el('g', attrs, children.join(''));

type Stop = readonly [offset: number, color: string, opacity?: number];

function stops(list: readonly Stop[]): string {
  return list
    .map(([offset, color, opacity]) =>
      el('stop', {
        offset,
        'stop-color': color,
        'stop-opacity': opacity === undefined ? undefined : opacity,
      }),
    )
    .join('');
}

function linear(id: string, list: readonly Stop[], direction: 'x' | 'y' | 'xy' = 'x'): string {
  const end = { x: { x2: 1, y2: 0 }, y: { x2: 0, y2: 1 }, xy: { x2: 1, y2: 1 } }[direction];
  return el('linearGradient', { id, x1: 0, y1: 0, ...end }, stops(list));
}

function radial(id: string, list: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
  return el('radialGradient', { id, cx, cy, r }, stops(list));
}

function blurFilter(id: string, deviation: number): string {
  return el(
    'filter',
    { id, x: '-50%', y: '-50%', width: '200%', height: '200%' },
    el('feGaussianBlur', { stdDeviation: deviation }),
  );
}

function svgDocument(width: number, height: number, defs: string[], body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs>${defs.join('')}</defs>`,
    ...body,
    '</svg>',
  ].join('\n');
}

/** Gradients and filters shared by all drawings; the ids are fixed because each document stands alone. */
function sharedDefs(): string[] {
  return [
    linear('glass-amber', [
      [0, '#2a1104'],
      [0.1, '#5a290a'],
      [0.32, '#94501a'],
      [0.5, '#a35c1f'],
      [0.72, '#7f4111'],
      [0.9, '#472007'],
      [1, '#261003'],
    ]),
    linear('glass-dark', [
      [0, '#0f0d13'],
      [0.12, '#231f2b'],
      [0.4, '#3b3446'],
      [0.6, '#2f2939'],
      [0.88, '#17141d'],
      [1, '#0c0a10'],
    ]),
    linear('glass-frost', [
      [0, '#cfcabe'],
      [0.14, '#ebe7de'],
      [0.45, '#fbfaf6'],
      [0.7, '#f1eee7'],
      [1, '#c9c3b6'],
    ]),
    linear('shade', [
      [0, '#000', 0.38],
      [0.13, '#000', 0.1],
      [0.34, '#fff', 0.12],
      [0.48, '#fff', 0],
      [0.78, '#000', 0.08],
      [1, '#000', 0.42],
    ]),
    linear('shade-soft', [
      [0, '#000', 0.16],
      [0.3, '#fff', 0.08],
      [0.55, '#fff', 0],
      [1, '#000', 0.2],
    ]),
    linear('cap-black', [
      [0, '#070707'],
      [0.25, '#343434'],
      [0.45, '#262626'],
      [1, '#050505'],
    ]),
    linear('cap-gold', [
      [0, '#5e470b'],
      [0.22, '#c9a94a'],
      [0.4, '#e6d18a'],
      [0.58, '#b8962c'],
      [0.85, '#8a6c14'],
      [1, '#56400a'],
    ]),
    linear('cap-white', [
      [0, '#c9c4b8'],
      [0.25, '#f4f1ea'],
      [0.5, '#ffffff'],
      [0.8, '#ebe7de'],
      [1, '#bdb7aa'],
    ]),
    linear('wood', [
      [0, '#5e3c22'],
      [0.25, '#9c6d45'],
      [0.5, '#b5865a'],
      [0.8, '#8a5c36'],
      [1, '#55351d'],
    ]),
    linear(
      'sheen',
      [
        [0, '#fff', 0.22],
        [0.45, '#fff', 0.04],
        [1, '#fff', 0],
      ],
      'xy',
    ),
    radial('glow', [
      [0, '#fff', 0.7],
      [0.6, '#fff', 0.25],
      [1, '#fff', 0],
    ]),
    radial('hollow', [
      [0, '#000', 0],
      [0.7, '#000', 0.05],
      [1, '#000', 0.2],
    ]),
    radial(
      'dome',
      [
        [0, '#fff', 0.35],
        [0.5, '#fff', 0.08],
        [1, '#000', 0.15],
      ],
      0.38,
      0.35,
      0.7,
    ),
    blurFilter('blur-s', 4),
    blurFilter('blur-m', 11),
    blurFilter('blur-l', 28),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Botanicals

const GREENS = ['#3f6b4f', '#4b7a58', '#58865f', '#66926b', '#4a6e52'] as const;

function leafOutline(length: number, breadth: number): string {
  return d`M0 0C${length * 0.25} ${-breadth} ${length * 0.7} ${-breadth * 0.85} ${length} 0C${length * 0.7} ${breadth * 0.85} ${length * 0.25} ${breadth} 0 0Z`;
}

/** A leaf from (x, y) pointing along angle (degrees); breadth is the bulge of the outline. */
function leaf(
  x: number,
  y: number,
  length: number,
  breadth: number,
  angle: number,
  fill: string,
  shaded = true,
): string {
  const parts = [el('path', { d: leafOutline(length, breadth), fill })];
  if (shaded) {
    parts.push(
      el('path', {
        d: d`M0 0L${length} 0C${length * 0.7} ${breadth * 0.85} ${length * 0.25} ${breadth} 0 0Z`,
        fill: '#000',
        opacity: 0.1,
      }),
    );
  }
  parts.push(
    el('path', {
      d: d`M${length * 0.04} 0Q${length * 0.5} ${-breadth * 0.08} ${length * 0.9} 0`,
      fill: 'none',
      stroke: '#fff',
      'stroke-opacity': shaded ? 0.28 : 0.35,
      'stroke-width': Math.max(1, breadth * 0.07),
      'stroke-linecap': 'round',
    }),
  );
  return g({ transform: d`translate(${x} ${y}) rotate(${angle})` }, ...parts);
}

interface Curve {
  point(t: number): [number, number];
  angle(t: number): number;
}

/** A gently bent quadratic curve of the given length leaving (x0, y0) along angle (degrees). */
function curve(x0: number, y0: number, length: number, angle: number, bend: number): Curve & { d: string } {
  const rad = (angle * Math.PI) / 180;
  const x1 = x0 + Math.cos(rad) * length;
  const y1 = y0 + Math.sin(rad) * length;
  const cx = (x0 + x1) / 2 - Math.sin(rad) * bend * length;
  const cy = (y0 + y1) / 2 + Math.cos(rad) * bend * length;
  return {
    d: d`M${x0} ${y0}Q${cx} ${cy} ${x1} ${y1}`,
    point: (t) => [
      (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t ** 2 * x1,
      (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t ** 2 * y1,
    ],
    angle: (t) =>
      (Math.atan2(2 * (1 - t) * (cy - y0) + 2 * t * (y1 - cy), 2 * (1 - t) * (cx - x0) + 2 * t * (x1 - cx)) *
        180) /
      Math.PI,
  };
}

function offsetPoint(x: number, y: number, angle: number, distance: number): [number, number] {
  const rad = (angle * Math.PI) / 180;
  return [x + Math.cos(rad) * distance, y + Math.sin(rad) * distance];
}

type SprigKind = 'leafy' | 'citrus' | 'olive' | 'mint' | 'eucalyptus' | 'lavender' | 'conifer' | 'rosemary';

const LEAFY: Record<
  'leafy' | 'citrus' | 'olive' | 'mint',
  { breadth: number; colors: readonly string[]; pairs: boolean }
> = {
  leafy: { breadth: 0.36, colors: GREENS, pairs: false },
  citrus: { breadth: 0.44, colors: ['#2c5636', '#376641', '#2a4b31', '#3f7048'], pairs: false },
  olive: { breadth: 0.2, colors: ['#7b8d68', '#8c9d78', '#6a7b59', '#97a783'], pairs: true },
  mint: { breadth: 0.58, colors: ['#5a9358', '#69a463', '#4c8150', '#79b06f'], pairs: true },
};

/** A twig of the given kind growing from (x0, y0) along angle (degrees). */
function sprig(
  rng: Random,
  x0: number,
  y0: number,
  length: number,
  angle: number,
  kind: SprigKind,
  accent: string,
): string {
  const stem = curve(x0, y0, length, angle, rng.range(-0.12, 0.12));
  const stemColor = kind === 'lavender' ? '#7c9270' : kind === 'olive' ? '#6b6a4c' : '#4b6843';
  const under: string[] = [];
  const over: string[] = [];
  if (kind === 'leafy' || kind === 'citrus' || kind === 'olive' || kind === 'mint') {
    const { breadth, colors, pairs } = LEAFY[kind];
    const count = Math.max(3, Math.round(length / (pairs ? 60 : 46)));
    for (let index = 0; index < count; index++) {
      const t = 0.16 + (0.78 * index) / count;
      const [px, py] = stem.point(t);
      const size = length * (0.3 - 0.14 * t) * rng.range(0.85, 1.1) * (kind === 'olive' ? 0.85 : 1);
      const sides = pairs ? [1, -1] : [index % 2 === 0 ? 1 : -1];
      for (const side of sides) {
        over.push(
          leaf(px, py, size, size * breadth, stem.angle(t) + side * rng.range(34, 54), rng.pick(colors)),
        );
      }
    }
    const [ex, ey] = stem.point(1);
    const tip = length * 0.17;
    over.push(leaf(ex, ey, tip, tip * breadth, stem.angle(1) + rng.range(-8, 8), rng.pick(colors)));
  } else if (kind === 'eucalyptus') {
    const count = Math.max(3, Math.round(length / 52));
    const colors = ['#8fae9f', '#9cb8aa', '#7f9e90', '#a7c0b3'];
    for (let index = 0; index <= count; index++) {
      const t = 0.12 + (0.88 * index) / count;
      const [px, py] = stem.point(t);
      const a = stem.angle(t);
      const r = length * (0.085 - 0.045 * t);
      for (const side of [1, -1]) {
        const [lx, ly] = offsetPoint(px, py, a + side * 90, r * 0.92);
        over.push(
          g(
            { transform: d`translate(${lx} ${ly}) rotate(${a + rng.range(-15, 15)})` },
            el('ellipse', { rx: r * 1.05, ry: r * 0.92, fill: rng.pick(colors) }),
            el('ellipse', {
              cx: r * 0.15,
              cy: r * 0.2,
              rx: r * 0.85,
              ry: r * 0.6,
              fill: '#000',
              opacity: 0.06,
            }),
          ),
        );
      }
    }
  } else if (kind === 'lavender') {
    for (let index = 0; index < 3; index++) {
      const t = 0.08 + index * 0.12;
      const [px, py] = stem.point(t);
      const size = length * 0.2;
      under.push(
        leaf(px, py, size, size * 0.12, stem.angle(t) + (index % 2 ? 1 : -1) * 24, '#8da083', false),
      );
    }
    const buds = 18;
    const colors = [accent, darken(accent, 0.2), lighten(accent, 0.18), mix(accent, '#6f5aa8', 0.35)];
    for (let index = 0; index < buds; index++) {
      const progress = index / buds;
      const t = 0.5 + 0.5 * progress;
      const [px, py] = stem.point(t);
      const a = stem.angle(t);
      const side = index % 2 === 0 ? 1 : -1;
      const size = length * (0.034 - 0.016 * progress);
      const [bx, by] = offsetPoint(px, py, a + side * 90, size * 0.7);
      over.push(
        el('ellipse', {
          rx: size,
          ry: size * 0.58,
          fill: rng.pick(colors),
          transform: d`translate(${bx} ${by}) rotate(${a + side * 28})`,
        }),
      );
    }
  } else {
    const conifer = kind === 'conifer';
    const colors = conifer ? ['#2d5440', '#38604a', '#456f52'] : ['#5d7b60', '#6a896b', '#789676'];
    const steps = Math.round(length / (conifer ? 6 : 7));
    const width = Math.max(1.6, length * (conifer ? 0.0075 : 0.0085));
    for (let index = 0; index <= steps; index++) {
      const t = 0.04 + (0.96 * index) / steps;
      const [px, py] = stem.point(t);
      const a = stem.angle(t);
      const needle = length * (conifer ? 0.1 : 0.12) * (1 - 0.45 * t) * rng.range(0.85, 1.1);
      for (const side of [1, -1]) {
        const [nx, ny] = offsetPoint(px, py, a + side * (conifer ? 58 : 38), needle);
        under.push(
          el('path', {
            d: d`M${px} ${py}L${nx} ${ny}`,
            stroke: rng.pick(colors),
            'stroke-width': width,
            'stroke-linecap': 'round',
          }),
        );
      }
    }
  }
  const stemPath = el('path', {
    d: stem.d,
    fill: 'none',
    stroke: stemColor,
    'stroke-width': Math.max(1.5, length * 0.011),
    'stroke-linecap': 'round',
  });
  return g({}, ...under, stemPath, ...over);
}

function citrusSlice(x: number, y: number, r: number, flesh: string, squash = 1, turn = 0): string {
  const rind = mix(flesh, '#e08a1e', 0.35);
  const pith = '#fcf4dc';
  const parts = [
    el('circle', { r, fill: rind }),
    el('circle', { r: r * 0.91, fill: pith }),
    el('circle', { r: r * 0.84, fill: flesh }),
    el('circle', { r: r * 0.55, fill: '#fff', opacity: 0.14 }),
  ];
  const segments = 10;
  for (let index = 0; index < segments; index++) {
    const a = (index / segments) * Math.PI * 2;
    parts.push(
      el('path', {
        d: d`M0 0L${Math.cos(a) * r * 0.84} ${Math.sin(a) * r * 0.84}`,
        stroke: pith,
        'stroke-width': r * 0.045,
        'stroke-linecap': 'round',
      }),
    );
  }
  parts.push(el('circle', { r: r * 0.09, fill: pith }));
  return g({ transform: d`translate(${x} ${y}) scale(1 ${squash}) rotate(${turn})` }, ...parts);
}

function petal(x: number, y: number, size: number, angle: number, fill: string): string {
  return g(
    { transform: d`translate(${x} ${y}) rotate(${angle})` },
    el('path', {
      d: d`M0 0C${-size * 0.15} ${-size * 0.58} ${size * 0.78} ${-size * 0.72} ${size} ${-size * 0.08}C${size * 1.05} ${size * 0.38} ${size * 0.35} ${size * 0.55} 0 0Z`,
      fill,
    }),
    el('ellipse', { cx: size * 0.22, cy: 0, rx: size * 0.26, ry: size * 0.16, fill: '#000', opacity: 0.08 }),
  );
}

function blossom(x: number, y: number, size: number, turn: number, fill: string): string {
  const parts: string[] = [];
  for (let index = 0; index < 5; index++) parts.push(petal(0, 0, size, turn + index * 72, fill));
  parts.push(el('circle', { r: size * 0.22, fill: '#d7b04a' }));
  for (let index = 0; index < 6; index++) {
    const [px, py] = offsetPoint(0, 0, index * 60 + turn, size * 0.12);
    parts.push(el('circle', { cx: px, cy: py, r: size * 0.04, fill: '#a07c1c' }));
  }
  return g({ transform: d`translate(${x} ${y})` }, ...parts);
}

function berry(x: number, y: number, r: number, fill = '#34466a'): string {
  return g(
    { transform: d`translate(${x} ${y})` },
    el('circle', { r, fill }),
    el('circle', { r, fill: '#a9b8cf', opacity: 0.22 }),
    el('circle', { cx: -r * 0.35, cy: -r * 0.35, r: r * 0.22, fill: '#fff', opacity: 0.5 }),
  );
}

function starAnise(x: number, y: number, size: number, turn: number): string {
  const parts: string[] = [];
  for (let index = 0; index < 8; index++) {
    parts.push(
      g(
        { transform: d`rotate(${turn + index * 45})` },
        el('path', {
          d: d`M0 0Q${size * 0.5} ${-size * 0.24} ${size} 0Q${size * 0.5} ${size * 0.24} 0 0Z`,
          fill: '#6a3b20',
        }),
        el('ellipse', { cx: size * 0.56, rx: size * 0.15, ry: size * 0.07, fill: '#c58c52' }),
      ),
    );
  }
  parts.push(el('circle', { r: size * 0.12, fill: '#4e2a15' }));
  return g({ transform: d`translate(${x} ${y})` }, ...parts);
}

function cinnamon(x: number, y: number, length: number, r: number, turn: number): string {
  return g(
    { transform: d`translate(${x} ${y}) rotate(${turn})` },
    el('rect', { x: 0, y: -r, width: length, height: r * 2, rx: r * 0.35, fill: '#93603a' }),
    el('rect', { x: 0, y: -r, width: length, height: r * 0.7, rx: r * 0.3, fill: '#fff', opacity: 0.1 }),
    el('path', {
      d: d`M${length * 0.1} ${r * 0.2}L${length * 0.85} ${r * 0.3}`,
      stroke: '#5f3b20',
      'stroke-width': Math.max(1, r * 0.12),
      opacity: 0.35,
    }),
    el('ellipse', { cx: length, rx: r * 0.42, ry: r, fill: '#b47c4c' }),
    el('path', {
      d: d`M${length} ${-r * 0.6}C${length + r * 0.3} ${-r * 0.4} ${length + r * 0.25} ${r * 0.35} ${length} ${r * 0.2}`,
      fill: 'none',
      stroke: '#6c4123',
      'stroke-width': Math.max(1, r * 0.14),
    }),
  );
}

type Theme = 'citrus' | 'lavender' | 'floral' | 'herbal' | 'conifer' | 'spice' | 'fresh';

/** The botanicals follow the hue of the main colour: a lavender label gets lavender, an orange one citrus. */
function themeFor(color: string, rng: Random): Theme {
  const { h, s, l } = hsl(color);
  if (s < 0.14) return rng.pick(['herbal', 'conifer', 'fresh'] as const);
  if (h < 14 || h >= 305) return 'floral';
  // Creamy, sandy tones (butters, clays) get herbs rather than fruit.
  if (h < 68 && l > 0.68 && s < 0.6) return rng.pick(['herbal', 'floral'] as const);
  if (h < 50) return l < 0.36 || s < 0.38 ? 'spice' : 'citrus';
  if (h < 68) return 'citrus';
  if (h < 165) return l < 0.3 ? 'conifer' : rng.pick(['herbal', 'herbal', 'conifer'] as const);
  if (h < 245) return 'fresh';
  return 'lavender';
}

function themeSprig(theme: Theme, rng: Random): SprigKind {
  switch (theme) {
    case 'citrus':
      return 'citrus';
    case 'lavender':
      return 'lavender';
    case 'floral':
      return 'leafy';
    case 'herbal':
      return rng.pick(['mint', 'leafy', 'olive', 'rosemary'] as const);
    case 'conifer':
      return 'conifer';
    case 'spice':
      return rng.pick(['olive', 'rosemary', 'conifer'] as const);
    case 'fresh':
      return 'eucalyptus';
  }
}

function fruitColor(color: string): string {
  const { h } = hsl(color);
  if (h >= 50 && h < 75) return '#f3d04f';
  if (h < 28) return '#f2945c';
  return '#f5a53a';
}

function flowerColor(color: string): string {
  return luminance(color) < 0.2 ? lighten(color, 0.45) : lighten(color, 0.15);
}

/** Twigs rising from behind an object standing at (x, y). */
function backSprigs(
  theme: Theme,
  rng: Random,
  x: number,
  y: number,
  scale: number,
  spread: number,
  accent: string,
): string {
  const out: string[] = [];
  if (theme === 'lavender') {
    const count = rng.int(3, 4);
    for (let index = 0; index < count; index++) {
      const angle = -118 + (index * 56) / (count - 1) + rng.range(-5, 5);
      out.push(
        sprig(rng, x + spread * 0.3, y, 380 * scale * rng.range(0.9, 1.08), angle, 'lavender', accent),
      );
    }
    return out.join('');
  }
  const kind = themeSprig(theme, rng);
  const both = rng.chance(0.7);
  const leftFirst = rng.chance(0.5);
  const sides = both ? [-1, 1] : [leftFirst ? -1 : 1];
  for (const side of sides) {
    const angle = side < 0 ? rng.range(-132, -110) : rng.range(-70, -48);
    const length = (side < 0 ? 360 : 320) * scale * rng.range(0.9, 1.1);
    const x0 = x + side * spread * 0.25;
    out.push(sprig(rng, x0, y, length, angle, kind, accent));
    if (theme === 'floral') {
      const end = curve(x0, y, length, angle, 0).point(0.97);
      out.push(blossom(end[0], end[1], 34 * scale, rng.range(0, 72), flowerColor(accent)));
    }
  }
  return out.join('');
}

interface Item {
  svg: string;
  /** Half the width of the item, for its contact shadow. */
  extent: number;
}

function cluster(count: number, spacing: number, rng: Random): [number, number][] {
  const spots: [number, number][] = [];
  for (let index = 0; index < count; index++) {
    const [x, y] = offsetPoint(0, 0, index * 137.5 + rng.range(-12, 12), spacing * Math.sqrt(index) * 1.05);
    spots.push([x, y]);
  }
  return spots;
}

/** One item lying on a surface, centred at (0, 0). */
function lyingItem(theme: Theme, rng: Random, scale: number, accent: string, main: boolean): Item {
  switch (theme) {
    case 'citrus':
      if (main) return { svg: citrusSlice(0, 0, 70 * scale, fruitColor(accent)), extent: 70 * scale };
      return {
        svg:
          leaf(
            -70 * scale,
            6 * scale,
            110 * scale,
            42 * scale,
            rng.range(-14, 4),
            rng.pick(LEAFY.citrus.colors),
          ) + citrusSlice(40 * scale, -6 * scale, 38 * scale, fruitColor(accent)),
        extent: 80 * scale,
      };
    case 'lavender': {
      if (main) {
        return {
          svg: sprig(rng, -150 * scale, 10 * scale, 300 * scale, rng.range(-12, -4), 'lavender', accent),
          extent: 150 * scale,
        };
      }
      const buds = cluster(5, 16 * scale, rng).map(([x, y]) =>
        el('ellipse', {
          rx: 11 * scale,
          ry: 6.5 * scale,
          fill: mix(accent, '#000', rng.range(0, 0.2)),
          transform: d`translate(${x} ${y}) rotate(${rng.range(0, 180)})`,
        }),
      );
      return { svg: buds.join(''), extent: 40 * scale };
    }
    case 'floral': {
      const fill = flowerColor(accent);
      if (main) return { svg: blossom(0, 0, 46 * scale, rng.range(0, 72), fill), extent: 55 * scale };
      const petals = cluster(5, 30 * scale, rng).map(([x, y]) =>
        petal(x, y, 32 * scale, rng.range(0, 360), rng.chance(0.5) ? fill : darken(fill, 0.08)),
      );
      return { svg: petals.join(''), extent: 70 * scale };
    }
    case 'herbal':
      return {
        svg: [0, 1]
          .map((index) =>
            leaf(
              (index ? -10 : -70) * scale,
              (index ? 10 : -4) * scale,
              110 * scale,
              44 * scale,
              rng.range(-20, 10) + index * 24,
              rng.pick(GREENS),
            ),
          )
          .join(''),
        extent: 90 * scale,
      };
    case 'conifer':
      if (main) {
        return {
          svg: sprig(rng, -120 * scale, 0, 240 * scale, rng.range(-12, 8), 'conifer', accent),
          extent: 125 * scale,
        };
      }
      return {
        svg: cluster(4, 20 * scale, rng)
          .map(([x, y]) => berry(x, y, 11 * scale))
          .join(''),
        extent: 40 * scale,
      };
    case 'spice':
      if (main) {
        return {
          svg:
            cinnamon(-100 * scale, -12 * scale, 190 * scale, 15 * scale, rng.range(-6, 4)) +
            cinnamon(-90 * scale, 16 * scale, 180 * scale, 14 * scale, rng.range(-8, 2)),
          extent: 105 * scale,
        };
      }
      return { svg: starAnise(0, 0, 46 * scale, rng.range(0, 45)), extent: 46 * scale };
    case 'fresh':
      if (main) {
        return {
          svg: sprig(rng, -120 * scale, 0, 240 * scale, rng.range(-12, 8), 'eucalyptus', accent),
          extent: 125 * scale,
        };
      }
      return {
        svg: cluster(3, 20 * scale, rng)
          .map(([x, y]) => berry(x, y, 11 * scale))
          .join(''),
        extent: 34 * scale,
      };
  }
}

/** An item lying on a table seen from a low angle: flattened, with a soft contact shadow. */
function onTable(x: number, y: number, squash: number, item: Item): string {
  return g(
    {},
    el('ellipse', {
      cx: x,
      cy: y + 4,
      rx: item.extent * 0.95,
      ry: item.extent * squash * 0.22,
      fill: '#2b2116',
      opacity: 0.1,
      filter: 'url(#blur-s)',
    }),
    g({ transform: d`translate(${x} ${y}) scale(1 ${squash})` }, item.svg),
  );
}

/** An item in a flat lay seen from above, with a shadow cast towards the lower right. */
function onSurface(x: number, y: number, item: Item): string {
  return g(
    {},
    g(
      { transform: d`translate(${x + 5} ${y + 7})`, opacity: 0.16, filter: 'url(#blur-s)' },
      item.svg.replace(/fill="#[0-9a-f]{6}"/g, 'fill="#2b2116"'),
    ),
    g({ transform: d`translate(${x} ${y})` }, item.svg),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Vessels (front view; `base` is the y where they stand)

type Closure = 'dropper' | 'cap' | 'gold-cap' | 'spray' | 'pump';
type Glass = 'amber' | 'dark' | 'frost';

function ribs(x: number, y: number, width: number, height: number, count: number): string {
  const lines: string[] = [];
  for (let index = 1; index < count; index++) {
    const lx = x + (width * index) / count;
    lines.push(d`M${lx} ${y + 2}L${lx} ${y + height - 2}`);
  }
  return el('path', { d: lines.join(''), stroke: '#fff', 'stroke-opacity': 0.09, 'stroke-width': 1.5 });
}

function closure(kind: Closure, cx: number, top: number, neck: number, w: number): string {
  const parts: string[] = [];
  if (kind === 'dropper') {
    const cw = neck * 1.34;
    const ch = w * 0.22;
    const cy = top - ch;
    const bw = neck * 0.74;
    const bh = w * 0.46;
    const bulb = d`M${cx - bw / 2} ${cy + 2}L${cx - bw / 2 + 2} ${cy - bh * 0.55}C${cx - bw / 2 + 2} ${cy - bh * 1.04} ${cx + bw / 2 - 2} ${cy - bh * 1.04} ${cx + bw / 2 - 2} ${cy - bh * 0.55}L${cx + bw / 2} ${cy + 2}Z`;
    parts.push(
      el('path', { d: bulb, fill: '#1b1a19' }),
      el('path', { d: bulb, fill: 'url(#shade)' }),
      el('path', {
        d: d`M${cx - bw * 0.22} ${cy - bh * 0.2}L${cx - bw * 0.22} ${cy - bh * 0.62}`,
        stroke: '#fff',
        'stroke-opacity': 0.28,
        'stroke-width': bw * 0.1,
        'stroke-linecap': 'round',
      }),
      el('rect', { x: cx - cw / 2, y: cy, width: cw, height: ch, rx: 4, fill: 'url(#cap-black)' }),
      ribs(cx - cw / 2, cy, cw, ch, 12),
      el('rect', { x: cx - cw / 2, y: cy, width: cw, height: ch * 0.14, rx: 3, fill: '#fff', opacity: 0.08 }),
    );
  } else if (kind === 'cap' || kind === 'gold-cap') {
    const cw = neck * 1.38;
    const ch = w * 0.3;
    const cy = top - ch;
    parts.push(
      el('rect', {
        x: cx - cw / 2,
        y: cy,
        width: cw,
        height: ch,
        rx: 5,
        fill: kind === 'cap' ? 'url(#cap-black)' : 'url(#cap-gold)',
      }),
      ribs(cx - cw / 2, cy, cw, ch, 14),
      el('rect', { x: cx - cw / 2, y: cy, width: cw, height: ch * 0.1, rx: 4, fill: '#fff', opacity: 0.12 }),
    );
  } else {
    const collarW = neck * 1.3;
    const collarH = w * 0.12;
    const stemW = neck * 0.28;
    const stemH = w * 0.08;
    const headW = neck * (kind === 'spray' ? 0.95 : 0.8);
    const headH = w * (kind === 'spray' ? 0.22 : 0.16);
    const headY = top - collarH - stemH - headH;
    parts.push(
      el('rect', {
        x: cx - stemW / 2,
        y: top - collarH - stemH - 2,
        width: stemW,
        height: stemH + 4,
        fill: '#2a2a2a',
      }),
      el('rect', {
        x: cx - collarW / 2,
        y: top - collarH,
        width: collarW,
        height: collarH,
        rx: 3,
        fill: 'url(#cap-black)',
      }),
      ribs(cx - collarW / 2, top - collarH, collarW, collarH, 12),
      el('rect', {
        x: cx - headW / 2,
        y: headY,
        width: headW,
        height: headH,
        rx: headH * 0.3,
        fill: 'url(#cap-black)',
      }),
      el('rect', {
        x: cx - headW / 2,
        y: headY,
        width: headW,
        height: headH * 0.18,
        rx: 3,
        fill: '#fff',
        opacity: 0.14,
      }),
    );
    if (kind === 'spray') {
      const nx = cx - headW / 2 + 1;
      const ny = headY + headH * 0.45;
      parts.push(el('circle', { cx: nx, cy: ny, r: headH * 0.1, fill: '#555' }));
      // A fine mist leaving the nozzle: a fan of tiny droplets, fading with distance.
      for (let index = 0; index < 26; index++) {
        const spread = (((index * 0.618034) % 1) - 0.5) * 34;
        const distance = w * (0.12 + index * 0.024);
        const [mx, my] = offsetPoint(nx, ny, 180 + spread, distance);
        parts.push(
          el('circle', {
            cx: mx,
            cy: my,
            r: w * (0.006 + (index % 3) * 0.004),
            fill: '#7d8a8c',
            opacity: 0.5 - index * 0.016,
          }),
        );
      }
    } else {
      const spout = neck * 0.9;
      parts.push(
        el('path', {
          d: d`M${cx - headW / 2 + 2} ${headY + headH * 0.3}L${cx - headW / 2 - spout} ${headY + headH * 0.32}L${cx - headW / 2 - spout} ${headY + headH * 0.62}L${cx - headW / 2 + 2} ${headY + headH * 0.66}Z`,
          fill: '#1e1e1e',
        }),
      );
    }
  }
  return parts.join('');
}

/** Text-like strokes and an emblem, all shapes: a label that reads as a label without any font. */
function labelArt(
  cx: number,
  top: number,
  width: number,
  height: number,
  color: string,
  framed: boolean,
): string {
  const ink = inkOn(color);
  const gold = luminance(color) > 0.4 ? PALETTE.gold : '#d2b45a';
  const parts: string[] = [];
  if (framed) {
    parts.push(
      el('rect', {
        x: cx - width * 0.4,
        y: top + height * 0.09,
        width: width * 0.8,
        height: height * 0.82,
        rx: 3,
        fill: 'none',
        stroke: gold,
        'stroke-width': Math.max(1.2, width * 0.007),
      }),
    );
  }
  const ey = top + height * 0.33;
  const size = Math.min(width, height) * 0.16;
  parts.push(
    leaf(cx, ey + size * 0.35, size, size * 0.42, -62, gold, false),
    leaf(cx, ey + size * 0.35, size, size * 0.42, -118, gold, false),
    el('rect', {
      x: cx - width * 0.24,
      y: top + height * 0.5,
      width: width * 0.48,
      height: height * 0.08,
      rx: height * 0.04,
      fill: ink,
      opacity: 0.9,
    }),
    el('rect', {
      x: cx - width * 0.16,
      y: top + height * 0.64,
      width: width * 0.32,
      height: height * 0.04,
      rx: height * 0.02,
      fill: ink,
      opacity: 0.6,
    }),
    el('rect', {
      x: cx - width * 0.08,
      y: top + height * 0.75,
      width: width * 0.16,
      height: height * 0.035,
      rx: height * 0.017,
      fill: gold,
      opacity: 0.9,
    }),
  );
  return parts.join('');
}

interface BottleOptions {
  cx: number;
  base: number;
  width: number;
  height: number;
  closure: Closure;
  glass: Glass;
  label: string;
}

function bottle({ cx, base, width: w, height: h, closure: kind, glass, label }: BottleOptions): string {
  const left = cx - w / 2;
  const right = cx + w / 2;
  const top = base - h;
  const shoulder = w * 0.26;
  const neck = w * 0.36;
  const neckH = w * 0.13;
  const r = w * 0.09;
  const fill = `url(#glass-${glass})`;
  const body = d`M${left} ${top + shoulder}C${left} ${top + shoulder * 0.3} ${cx - neck / 2 - w * 0.12} ${top} ${cx - neck / 2} ${top}L${cx + neck / 2} ${top}C${cx + neck / 2 + w * 0.12} ${top} ${right} ${top + shoulder * 0.3} ${right} ${top + shoulder}L${right} ${base - r}Q${right} ${base} ${right - r} ${base}L${left + r} ${base}Q${left} ${base} ${left} ${base - r}Z`;
  const labelTop = top + shoulder + h * 0.07;
  const labelHeight = base - h * 0.1 - labelTop;
  return g(
    {},
    el('rect', { x: cx - neck / 2, y: top - neckH, width: neck, height: neckH + 3, fill }),
    el('path', { d: body, fill }),
    el('rect', { x: left, y: labelTop, width: w, height: labelHeight, fill: label }),
    labelArt(cx, labelTop, w, labelHeight, label, true),
    el('rect', { x: left, y: labelTop, width: w, height: labelHeight, fill: 'url(#shade)' }),
    el('rect', {
      x: left + w * 0.08,
      y: top + shoulder * 0.95,
      width: w * 0.055,
      height: base - r - top - shoulder - h * 0.02,
      rx: w * 0.027,
      fill: '#fff',
      opacity: glass === 'frost' ? 0.35 : 0.2,
    }),
    el('rect', {
      x: right - w * 0.13,
      y: top + shoulder * 1.2,
      width: w * 0.025,
      height: (base - top - shoulder) * 0.6,
      rx: w * 0.012,
      fill: '#fff',
      opacity: 0.12,
    }),
    el('path', {
      d: d`M${left + w * 0.07} ${top + shoulder * 0.95}C${left + w * 0.08} ${top + shoulder * 0.45} ${cx - neck / 2 - w * 0.06} ${top + w * 0.04} ${cx - neck / 2} ${top + w * 0.035}`,
      fill: 'none',
      stroke: '#fff',
      'stroke-opacity': 0.35,
      'stroke-width': w * 0.025,
      'stroke-linecap': 'round',
    }),
    closure(kind, cx, top - neckH * 0.35, neck, w),
  );
}

function groundShadow(cx: number, base: number, width: number, glass?: Glass): string {
  const parts = [
    el('ellipse', {
      cx,
      cy: base,
      rx: width * 0.62,
      ry: width * 0.075,
      fill: '#2b2116',
      opacity: 0.32,
      filter: 'url(#blur-m)',
    }),
  ];
  if (glass === 'amber') {
    parts.push(
      el('ellipse', {
        cx: cx + width * 0.55,
        cy: base + width * 0.06,
        rx: width * 0.5,
        ry: width * 0.07,
        fill: '#c8782a',
        opacity: 0.22,
        filter: 'url(#blur-m)',
      }),
    );
  }
  return parts.join('');
}

function jar(
  cx: number,
  base: number,
  w: number,
  h: number,
  glass: Glass,
  lid: 'gold' | 'wood' | 'white',
  label: string,
): string {
  const left = cx - w / 2;
  const top = base - h;
  const lidH = h * 0.36;
  const lidW = w * 1.04;
  const lidFill = lid === 'gold' ? 'url(#cap-gold)' : lid === 'wood' ? 'url(#wood)' : 'url(#cap-white)';
  const labelTop = top + h * 0.24;
  const labelHeight = h * 0.56;
  const parts = [
    el('rect', { x: left, y: top, width: w, height: h, rx: w * 0.07, fill: `url(#glass-${glass})` }),
    el('rect', { x: left, y: labelTop, width: w, height: labelHeight, fill: label }),
    labelArt(cx, labelTop, w, labelHeight, label, false),
    el('rect', { x: left, y: labelTop, width: w, height: labelHeight, fill: 'url(#shade)' }),
    el('rect', {
      x: left + w * 0.07,
      y: top + h * 0.08,
      width: w * 0.04,
      height: h * 0.8,
      rx: w * 0.02,
      fill: '#fff',
      opacity: 0.22,
    }),
    el('rect', {
      x: cx - lidW / 2,
      y: top - lidH * 0.82,
      width: lidW,
      height: lidH,
      rx: w * 0.035,
      fill: lidFill,
    }),
  ];
  if (lid === 'wood') {
    for (let index = 1; index < 4; index++) {
      const y = top - lidH * 0.82 + (lidH * index) / 4;
      parts.push(
        el('path', {
          d: d`M${cx - lidW / 2 + 6} ${y}C${cx - lidW * 0.2} ${y - 4} ${cx + lidW * 0.1} ${y + 4} ${cx + lidW / 2 - 6} ${y - 1}`,
          fill: 'none',
          stroke: '#4a2d17',
          'stroke-opacity': 0.25,
          'stroke-width': 1.5,
        }),
      );
    }
  } else {
    parts.push(ribs(cx - lidW / 2, top - lidH * 0.82, lidW, lidH, 28));
  }
  parts.push(
    el('rect', {
      x: cx - lidW / 2,
      y: top - lidH * 0.82,
      width: lidW,
      height: lidH * 0.12,
      rx: 4,
      fill: '#fff',
      opacity: 0.18,
    }),
  );
  return g({}, ...parts);
}

function giftBox(rng: Random, cx: number, base: number, color: string): string {
  const w = 360;
  const h = 215;
  const lidH = 64;
  const top = base - h;
  // A golden or yellow box would swallow a gold ribbon: it gets a cream one.
  const { h: hue, s: saturation } = hsl(color);
  const ribbon = hue > 30 && hue < 68 && saturation > 0.3 ? 'url(#cap-white)' : 'url(#cap-gold)';
  const bowY = top - lidH + 8;
  const loop = (side: number) =>
    el('path', {
      d: d`M${cx} ${bowY}C${cx + side * 30} ${bowY - 70} ${cx + side * 110} ${bowY - 40} ${cx + side * 78} ${bowY - 4}C${cx + side * 62} ${bowY + 12} ${cx + side * 26} ${bowY + 6} ${cx} ${bowY}Z`,
      fill: ribbon,
    });
  const tagX = cx + rng.range(70, 110);
  return g(
    {},
    el('rect', { x: cx - w / 2, y: top, width: w, height: h, fill: color }),
    el('rect', { x: cx - w / 2, y: top, width: w, height: h, fill: 'url(#shade-soft)' }),
    el('rect', { x: cx - w / 2, y: top, width: w, height: 14, fill: '#000', opacity: 0.14 }),
    el('rect', {
      x: cx - (w + 24) / 2,
      y: top - lidH + 8,
      width: w + 24,
      height: lidH,
      rx: 4,
      fill: darken(color, 0.1),
    }),
    el('rect', {
      x: cx - (w + 24) / 2,
      y: top - lidH + 8,
      width: w + 24,
      height: lidH,
      rx: 4,
      fill: 'url(#shade-soft)',
    }),
    el('rect', { x: cx - 17, y: top - lidH + 8, width: 34, height: h + lidH - 8, fill: ribbon }),
    el('rect', {
      x: cx - 17,
      y: top - lidH + 8,
      width: 34,
      height: h + lidH - 8,
      fill: '#000',
      opacity: 0.06,
    }),
    loop(-1),
    loop(1),
    el('path', {
      d: d`M${cx - 6} ${bowY}L${cx - 34} ${bowY + 70}L${cx - 20} ${bowY + 66}L${cx} ${bowY + 8}Z`,
      fill: ribbon,
    }),
    el('path', {
      d: d`M${cx + 6} ${bowY}L${cx + 30} ${bowY + 74}L${cx + 16} ${bowY + 70}L${cx} ${bowY + 8}Z`,
      fill: ribbon,
    }),
    el('ellipse', { cx, cy: bowY, rx: 18, ry: 14, fill: ribbon }),
    el('ellipse', { cx, cy: bowY, rx: 18, ry: 14, fill: '#000', opacity: 0.1 }),
    el('path', {
      d: d`M${cx + 17} ${top + 30}Q${tagX - 20} ${top + 40} ${tagX} ${top + 62}`,
      fill: 'none',
      stroke: PALETTE.gold,
      'stroke-width': 1.5,
    }),
    g(
      { transform: d`rotate(${rng.range(-10, 6)} ${tagX} ${top + 62})` },
      el('rect', { x: tagX - 30, y: top + 62, width: 60, height: 84, rx: 6, fill: PALETTE.cream }),
      el('circle', { cx: tagX, cy: top + 74, r: 4, fill: darken(color, 0.2) }),
      leaf(tagX, top + 112, 20, 8, -62, PALETTE.green, false),
      leaf(tagX, top + 112, 20, 8, -118, PALETTE.green, false),
      el('rect', {
        x: tagX - 18,
        y: top + 120,
        width: 36,
        height: 6,
        rx: 3,
        fill: PALETTE.green,
        opacity: 0.7,
      }),
    ),
  );
}

function diffuser(cx: number, base: number, color: string): string {
  const split = base - 120;
  const body = d`M${cx - 168} ${base - 6}C${cx - 176} ${base - 120} ${cx - 128} ${base - 240} ${cx - 70} ${base - 268}Q${cx} ${base - 296} ${cx + 70} ${base - 268}C${cx + 128} ${base - 240} ${cx + 176} ${base - 120} ${cx + 168} ${base - 6}Q${cx} ${base + 12} ${cx - 168} ${base - 6}Z`;
  const mist = [
    { width: 46, opacity: 0.5, dx: 0 },
    { width: 26, opacity: 0.45, dx: 24 },
    { width: 18, opacity: 0.4, dx: -26 },
  ]
    .map(({ width, opacity, dx }) =>
      el('path', {
        d: d`M${cx} ${base - 282}C${cx - 30 + dx} ${base - 360} ${cx + 46 + dx} ${base - 410} ${cx - 6 + dx} ${base - 480}S${cx + 34 + dx} ${base - 560} ${cx - 18 + dx} ${base - 620}`,
        fill: 'none',
        stroke: '#fff',
        'stroke-width': width,
        'stroke-linecap': 'round',
        opacity,
        filter: 'url(#blur-m)',
      }),
    )
    .join('');
  const grain: string[] = [];
  for (let index = 0; index < 6; index++) {
    const y = split + 16 + index * 17;
    grain.push(d`M${cx - 180} ${y}C${cx - 80} ${y - 8 + index} ${cx + 40} ${y + 9} ${cx + 180} ${y - 3}`);
  }
  return g(
    {},
    el('clipPath', { id: 'diffuser-body' }, el('path', { d: body })),
    el('path', { d: body, fill: 'url(#cap-white)' }),
    el('path', { d: body, fill: 'url(#dome)' }),
    g(
      { 'clip-path': 'url(#diffuser-body)' },
      el('rect', { x: cx - 190, y: split, width: 380, height: 140, fill: 'url(#wood)' }),
      el('path', {
        d: grain.join(''),
        fill: 'none',
        stroke: '#3e2512',
        'stroke-opacity': 0.22,
        'stroke-width': 2,
      }),
      el('rect', { x: cx - 190, y: split - 8, width: 380, height: 10, fill: color }),
      el('rect', { x: cx - 190, y: split - 8, width: 380, height: 10, fill: '#fff', opacity: 0.3 }),
    ),
    el('ellipse', { cx, cy: split - 3, rx: 170, ry: 22, fill: color, opacity: 0.35, filter: 'url(#blur-m)' }),
    el('ellipse', { cx, cy: base - 281, rx: 24, ry: 7, fill: '#6d665c' }),
    el('circle', { cx, cy: split + 56, r: 11, fill: '#f3ead8', opacity: 0.9 }),
    el('circle', { cx, cy: split + 56, r: 11, fill: 'url(#dome)' }),
    mist,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Products (800 × 800)

function productVariant(variant: string | undefined): ProductVariant {
  return PRODUCT_VARIANTS.find((item) => item === variant) ?? 'bottle-dropper';
}

function studioBackground(
  width: number,
  height: number,
  horizon: number,
  color: string,
  depth: number,
): string {
  const id = 'studio';
  const top = mix(PALETTE.cream, color, 0.06 * depth);
  const wall = mix(PALETTE.sand, color, 0.1 * depth);
  const table = mix(PALETTE.sand, color, 0.16 * depth);
  const front = mix(PALETTE.cream, color, 0.08 * depth);
  const edge = horizon / height;
  return [
    el(
      'defs',
      {},
      linear(
        id,
        [
          [0, top],
          [edge - 0.005, wall],
          [edge, darken(table, 0.04)],
          [edge + 0.04, table],
          [1, front],
        ],
        'y',
      ),
    ),
    el('rect', { width, height, fill: `url(#${id})` }),
  ].join('');
}

function productSvg(spec: DemoImageSpec, color: string, rng: Random): string {
  const variant = productVariant(spec.variant);
  if (variant === 'card') return giftCardSvg(color, rng);
  const size = DEMO_IMAGE_SIZES.product.width;
  const cx = 400 + rng.range(-12, 12);
  const base = 640;
  const theme = themeFor(color, rng);
  const depth = variant === 'device' ? 3.2 : 1;
  const body: string[] = [
    studioBackground(size, size, 596, color, depth),
    el('circle', { cx, cy: 360, r: 330, fill: 'url(#glow)' }),
  ];
  const front: string[] = [];
  const spread = { 'bottle-dropper': 200, 'bottle-large': 240, jar: 300, spray: 180, box: 380, device: 340 }[
    variant
  ];
  const sprigScale = variant === 'jar' || variant === 'box' ? 0.85 : 1;
  body.push(backSprigs(theme, rng, cx, base - 30, sprigScale, spread, color));
  const glass: Glass = rng.chance(0.78) ? 'amber' : 'dark';
  switch (variant) {
    case 'bottle-dropper':
      body.push(groundShadow(cx, base, 224, glass));
      body.push(bottle({ cx, base, width: 224, height: 310, closure: 'dropper', glass, label: color }));
      break;
    case 'bottle-large': {
      const kind = rng.pick(['cap', 'gold-cap', 'pump'] as const);
      body.push(groundShadow(cx, base + 6, 250, glass));
      body.push(bottle({ cx, base: base + 6, width: 250, height: 385, closure: kind, glass, label: color }));
      break;
    }
    case 'spray':
      body.push(groundShadow(cx, base, 196, glass));
      body.push(bottle({ cx, base, width: 196, height: 360, closure: 'spray', glass, label: color }));
      break;
    case 'jar': {
      const jarGlass: Glass = rng.pick(['amber', 'frost', 'frost'] as const);
      body.push(groundShadow(cx, base + 4, 330, jarGlass));
      const lid =
        jarGlass === 'frost'
          ? rng.pick(['gold', 'wood'] as const)
          : rng.pick(['gold', 'wood', 'white'] as const);
      body.push(jar(cx, base + 4, 330, 210, jarGlass, lid, color));
      break;
    }
    case 'box': {
      const small = mix(color, PALETTE.cream, 0.25);
      body.push(groundShadow(cx, base, 420));
      body.push(giftBox(rng, cx, base, color));
      body.push(groundShadow(cx - 205, base + 40, 104, 'amber'));
      front.push(
        bottle({
          cx: cx - 205,
          base: base + 40,
          width: 104,
          height: 150,
          closure: 'dropper',
          glass: 'amber',
          label: small,
        }),
      );
      body.push(groundShadow(cx + 215, base + 46, 104, 'amber'));
      front.push(
        bottle({
          cx: cx + 215,
          base: base + 46,
          width: 104,
          height: 150,
          closure: 'cap',
          glass: 'amber',
          label: small,
        }),
      );
      break;
    }
    case 'device':
      body.push(groundShadow(cx, base, 340));
      body.push(diffuser(cx, base, color));
      body.push(groundShadow(cx + 250, base + 50, 90, 'amber'));
      front.push(
        bottle({
          cx: cx + 250,
          base: base + 50,
          width: 90,
          height: 130,
          closure: 'dropper',
          glass: 'amber',
          label: color,
        }),
      );
      break;
  }
  const leftMain = rng.chance(0.5);
  const spots = [
    { x: rng.range(150, 215), y: rng.range(705, 735), main: leftMain },
    { x: rng.range(585, 650), y: rng.range(715, 745), main: !leftMain },
  ];
  if (variant === 'box' || variant === 'device') {
    for (const spot of spots) spot.y += 20;
  }
  for (const spot of spots) {
    front.push(onTable(spot.x, spot.y, 0.5, lyingItem(theme, rng, 1.05, color, spot.main)));
  }
  return svgDocument(size, size, sharedDefs(), [...body, ...front]);
}

/** The gift card lies flat on the table, seen from above, with its envelope. */
function giftCardSvg(color: string, rng: Random): string {
  const size = DEMO_IMAGE_SIZES.product.width;
  const cardFill = linear(
    'card-fill',
    [
      [0, lighten(color, 0.08)],
      [1, darken(color, 0.22)],
    ],
    'xy',
  );
  const gold = luminance(color) > 0.4 ? PALETTE.gold : '#d4b65c';
  const ink = inkOn(color);
  const theme = themeFor(color, rng);
  const turn = rng.range(-9, -4);
  const envelopeTurn = rng.range(5, 10);
  const cardW = 520;
  const cardH = 326;
  const rings: string[] = [];
  // A printed motif: a fan of flat gold leaves rising from the card's lower right corner.
  const goldLeaves: string[] = [];
  for (let index = 0; index < 5; index++) {
    const length = rng.range(150, 200);
    goldLeaves.push(
      g(
        { opacity: 0.5 },
        leaf(
          cardW - 30,
          cardH + 20,
          length,
          length * 0.26,
          -170 + index * 22 + rng.range(-5, 5),
          gold,
          false,
        ),
      ),
    );
  }
  for (let index = 0; index < 4; index++) {
    rings.push(
      el('circle', {
        cx: 400,
        cy: 30,
        r: 90 + index * 44,
        fill: 'none',
        stroke: gold,
        'stroke-width': 1.5,
        opacity: 0.35,
      }),
    );
  }
  const card = g(
    { transform: d`translate(400 410) rotate(${turn}) translate(${-cardW / 2} ${-cardH / 2})` },
    el('rect', {
      x: 10,
      y: 18,
      width: cardW,
      height: cardH,
      rx: 24,
      fill: '#2b2116',
      opacity: 0.3,
      filter: 'url(#blur-m)',
    }),
    el('rect', { width: cardW, height: cardH, rx: 24, fill: 'url(#card-fill)' }),
    el('clipPath', { id: 'card-clip' }, el('rect', { width: cardW, height: cardH, rx: 24 })),
    g({ 'clip-path': 'url(#card-clip)' }, ...rings, ...goldLeaves),
    el('rect', { width: cardW, height: cardH, rx: 24, fill: 'url(#sheen)' }),
    el('circle', { cx: 70, cy: 70, r: 30, fill: 'none', stroke: gold, 'stroke-width': 2.5 }),
    leaf(70, 84, 26, 11, -62, gold, false),
    leaf(70, 84, 26, 11, -118, gold, false),
    el('rect', { x: 40, y: 150, width: 230, height: 22, rx: 11, fill: ink, opacity: 0.92 }),
    el('rect', { x: 40, y: 186, width: 150, height: 11, rx: 5.5, fill: ink, opacity: 0.6 }),
    el('rect', { x: 40, y: 258, width: 130, height: 40, rx: 20, fill: gold }),
    el('rect', { x: 58, y: 273, width: 94, height: 10, rx: 5, fill: '#fff', opacity: 0.55 }),
  );
  const envW = 560;
  const envH = 360;
  const envColor = mix(PALETTE.sand, '#d8c7a2', 0.35);
  const envelope = g(
    { transform: d`translate(430 380) rotate(${envelopeTurn}) translate(${-envW / 2} ${-envH / 2})` },
    el('rect', {
      x: 6,
      y: 14,
      width: envW,
      height: envH,
      rx: 8,
      fill: '#2b2116',
      opacity: 0.22,
      filter: 'url(#blur-m)',
    }),
    el('rect', { width: envW, height: envH, rx: 8, fill: envColor }),
    el('path', {
      d: d`M0 0L${envW / 2} ${envH * 0.55}L${envW} 0`,
      fill: 'none',
      stroke: darken(envColor, 0.12),
      'stroke-width': 2,
    }),
    el('path', {
      d: d`M0 ${envH}L${envW * 0.42} ${envH * 0.48}M${envW} ${envH}L${envW * 0.58} ${envH * 0.48}`,
      stroke: darken(envColor, 0.08),
      'stroke-width': 2,
    }),
  );
  const surface = linear(
    'surface',
    [
      [0, mix(PALETTE.cream, color, 0.05)],
      [1, mix(PALETTE.sand, color, 0.12)],
    ],
    'xy',
  );
  const decor: string[] = [];
  const kind = themeSprig(theme, rng);
  decor.push(
    sprig(
      rng,
      rng.range(-10, 30),
      rng.range(760, 810),
      rng.range(200, 240),
      rng.range(-40, -28),
      kind,
      color,
    ),
  );
  decor.push(
    sprig(
      rng,
      rng.range(780, 820),
      rng.range(-10, 30),
      rng.range(180, 220),
      rng.range(142, 156),
      kind,
      color,
    ),
  );
  decor.push(onSurface(rng.range(610, 680), rng.range(650, 700), lyingItem(theme, rng, 0.85, color, true)));
  return svgDocument(
    size,
    size,
    [...sharedDefs(), cardFill, surface],
    [
      el('rect', { width: size, height: size, fill: 'url(#surface)' }),
      el('circle', { cx: 140, cy: 120, r: 420, fill: 'url(#glow)' }),
      envelope,
      card,
      ...decor,
    ],
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Categories (600 × 400): flat cut-paper leaves and circles

function categorySvg(color: string, rng: Random): string {
  const { width, height } = DEMO_IMAGE_SIZES.category;
  const background = linear(
    'bg',
    [
      [0, mix(PALETTE.cream, color, 0.12)],
      [1, mix(PALETTE.sand, color, 0.26)],
    ],
    'xy',
  );
  const body: string[] = [el('rect', { width, height, fill: 'url(#bg)' })];
  const sunX = rng.range(180, 420);
  const sunY = rng.range(120, 260);
  body.push(
    el('circle', {
      cx: sunX,
      cy: sunY,
      r: rng.range(120, 160),
      fill: mix(color, PALETTE.cream, 0.5),
      opacity: 0.55,
    }),
    el('circle', {
      cx: sunX + rng.range(-60, 60),
      cy: sunY + rng.range(-40, 40),
      r: rng.range(150, 190),
      fill: 'none',
      stroke: PALETTE.gold,
      'stroke-width': 1.5,
      opacity: 0.45,
    }),
  );
  // A cut-paper plant rising from the bottom edge on one side; the theme's botanicals on the other.
  const left = rng.chance(0.5);
  const side = left ? 1 : -1;
  const rootX = left ? rng.range(110, 190) : width - rng.range(110, 190);
  const fills = [
    PALETTE.green,
    mix(PALETTE.green, color, 0.35),
    darken(color, 0.15),
    '#6f9a72',
    mix(color, PALETTE.sand, 0.35),
  ];
  const count = rng.int(5, 7);
  for (let index = 0; index < count; index++) {
    const angle = -90 + side * (-62 + (124 * index) / (count - 1)) + rng.range(-6, 6);
    const length = rng.range(190, 270) * (1 - Math.abs(index - (count - 1) / 2) * 0.08);
    body.push(
      leaf(rootX, height + 16, length, length * rng.range(0.22, 0.28), angle, rng.pick(fills), false),
    );
  }
  const theme = themeFor(color, rng);
  const corner = {
    x: left ? width + 10 : -10,
    y: -10,
    angle: left ? rng.range(118, 140) : rng.range(40, 62),
  };
  body.push(sprig(rng, corner.x, corner.y, rng.range(200, 250), corner.angle, themeSprig(theme, rng), color));
  const itemX = left ? rng.range(400, 460) : rng.range(140, 200);
  body.push(onSurface(itemX, rng.range(260, 300), lyingItem(theme, rng, 1, color, true)));
  for (let index = rng.int(4, 7); index > 0; index--) {
    body.push(
      el('circle', {
        cx: rng.range(40, width - 40),
        cy: rng.range(30, height - 30),
        r: rng.range(2.5, 5),
        fill: PALETTE.gold,
        opacity: 0.6,
      }),
    );
  }
  return svgDocument(width, height, [...sharedDefs(), background], body);
}

// ---------------------------------------------------------------------------------------------------------------
// Slides (1920 × 640): a calm left side for the caption, a still life on podiums on the right

function podium(cx: number, top: number, width: number, bottom: number, color: string): string {
  const ry = width * 0.09;
  return g(
    {},
    el('rect', { x: cx - width / 2, y: top, width, height: bottom - top, fill: color }),
    el('ellipse', { cx, cy: bottom, rx: width / 2, ry, fill: color }),
    el('path', {
      d: d`M${cx - width / 2} ${top}L${cx - width / 2} ${bottom}A${width / 2} ${ry} 0 0 0 ${cx + width / 2} ${bottom}L${cx + width / 2} ${top}Z`,
      fill: 'url(#shade-soft)',
    }),
    el('ellipse', { cx, cy: top, rx: width / 2, ry, fill: lighten(color, 0.35) }),
  );
}

function slideSvg(color: string, rng: Random): string {
  const { width, height } = DEMO_IMAGE_SIZES.slide;
  const horizon = 500;
  const background = linear(
    'bg',
    [
      [0, PALETTE.cream],
      [0.45, mix(PALETTE.cream, color, 0.08)],
      [1, mix(PALETTE.sand, color, 0.28)],
    ],
    'x',
  );
  const floor = linear(
    'floor',
    [
      [0, mix(PALETTE.sand, color, 0.22)],
      [1, mix(PALETTE.sand, color, 0.1)],
    ],
    'y',
  );
  const theme = themeFor(color, rng);
  const gx = 1420 + rng.range(-40, 40);
  const body: string[] = [
    el('rect', { width, height, fill: 'url(#bg)' }),
    el('rect', { y: horizon, width, height: height - horizon, fill: 'url(#floor)' }),
    el('rect', { y: horizon, width, height: 3, fill: '#000', opacity: 0.04 }),
    el('circle', { cx: gx + 20, cy: 290, r: 270, fill: mix(color, PALETTE.cream, 0.55), opacity: 0.7 }),
    el('circle', {
      cx: gx + 40,
      cy: 300,
      r: 305,
      fill: 'none',
      stroke: PALETTE.gold,
      'stroke-width': 2,
      opacity: 0.45,
    }),
  ];
  // A few faint leaves at the left edge, under where the caption goes.
  for (let index = 0; index < 4; index++) {
    const length = rng.range(180, 260);
    body.push(
      g(
        { opacity: 0.16 },
        leaf(
          -30,
          height + 30,
          length,
          length * 0.3,
          -80 + index * 16 + rng.range(-5, 5),
          PALETTE.green,
          false,
        ),
      ),
    );
  }
  const tallLeft = rng.chance(0.5);
  const podiumA = { cx: gx - 110, top: tallLeft ? 410 : 470, width: 250 };
  const podiumB = { cx: gx + 140, top: tallLeft ? 470 : 410, width: 210 };
  const light = mix(PALETTE.sand, PALETTE.cream, 0.3);
  const tinted = mix(color, PALETTE.cream, 0.65);
  body.push(backSprigs(theme, rng, gx + 10, 430, 1.05, 420, color));
  body.push(groundShadow(podiumA.cx, 585, podiumA.width), groundShadow(podiumB.cx, 595, podiumB.width));
  body.push(
    podium(podiumA.cx, podiumA.top, podiumA.width, 585, light),
    podium(podiumB.cx, podiumB.top, podiumB.width, 595, tinted),
  );
  const labels = [color, mix(color, PALETTE.green, 0.45), mix(color, PALETTE.cream, 0.45)];
  body.push(
    groundShadow(podiumA.cx, podiumA.top + 6, 130),
    bottle({
      cx: podiumA.cx,
      base: podiumA.top + 6,
      width: 130,
      height: 220,
      closure: rng.pick(['cap', 'gold-cap'] as const),
      glass: 'amber',
      label: labels[0]!,
    }),
    groundShadow(podiumB.cx, podiumB.top + 6, 104, 'amber'),
    bottle({
      cx: podiumB.cx,
      base: podiumB.top + 6,
      width: 104,
      height: 150,
      closure: 'dropper',
      glass: rng.chance(0.7) ? 'amber' : 'dark',
      label: labels[1]!,
    }),
  );
  const frontX = gx - 320 + rng.range(-20, 20);
  if (rng.chance(0.5)) {
    body.push(
      groundShadow(frontX, 612, 150),
      jar(frontX, 612, 150, 92, 'frost', rng.pick(['gold', 'wood'] as const), labels[2]!),
    );
  } else {
    body.push(
      groundShadow(frontX, 612, 90, 'amber'),
      bottle({
        cx: frontX,
        base: 612,
        width: 90,
        height: 130,
        closure: 'dropper',
        glass: 'amber',
        label: labels[2]!,
      }),
    );
  }
  body.push(onTable(gx + 340, 612, 0.5, lyingItem(theme, rng, 0.8, color, true)));
  return svgDocument(width, height, [...sharedDefs(), background, floor], body);
}

// ---------------------------------------------------------------------------------------------------------------
// Covers (1200 × 675): a flat lay seen from above

function bowl(rng: Random, x: number, y: number, r: number, color: string, theme: Theme): string {
  const ceramic = rng.pick([PALETTE.cream, '#ece3cf', mix(PALETTE.green, PALETTE.cream, 0.72), '#f4efe6']);
  const parts = [
    el('circle', {
      cx: x + r * 0.1,
      cy: y + r * 0.14,
      r,
      fill: '#2b2116',
      opacity: 0.28,
      filter: 'url(#blur-m)',
    }),
    el('circle', { cx: x, cy: y, r, fill: ceramic }),
    el('circle', { cx: x, cy: y, r, fill: 'url(#dome)' }),
    el('circle', { cx: x, cy: y, r: r * 0.84, fill: darken(ceramic, 0.04) }),
    el('circle', { cx: x, cy: y, r: r * 0.84, fill: 'url(#hollow)' }),
  ];
  const botanical = theme === 'floral' || theme === 'lavender' || theme === 'citrus';
  const filling = rng.pick(
    botanical ? (['salt', 'oil', 'botanical', 'botanical'] as const) : (['salt', 'oil'] as const),
  );
  if (filling === 'salt') {
    const salt = mix(color, '#ffffff', 0.6);
    parts.push(el('circle', { cx: x, cy: y, r: r * 0.7, fill: salt }));
    for (let index = 0; index < 46; index++) {
      const [px, py] = offsetPoint(x, y, rng.range(0, 360), Math.sqrt(rng.next()) * r * 0.64);
      parts.push(
        el('circle', {
          cx: px,
          cy: py,
          r: rng.range(1.5, 3.5),
          fill: rng.chance(0.5) ? '#fff' : darken(salt, 0.07),
        }),
      );
    }
  } else if (filling === 'oil') {
    parts.push(
      el('circle', { cx: x, cy: y, r: r * 0.7, fill: '#c98a2e' }),
      el('circle', { cx: x, cy: y, r: r * 0.7, fill: 'url(#hollow)' }),
      el('ellipse', {
        cx: x - r * 0.25,
        cy: y - r * 0.28,
        rx: r * 0.22,
        ry: r * 0.09,
        fill: '#fff',
        opacity: 0.4,
        transform: d`rotate(-40 ${x - r * 0.25} ${y - r * 0.28})`,
      }),
    );
  } else if (theme === 'citrus') {
    const fruit = fruitColor(color);
    for (const [index, [dx, dy]] of [
      [-0.28, -0.12],
      [0.26, -0.2],
      [0, 0.3],
    ].entries()) {
      parts.push(citrusSlice(x + dx! * r, y + dy! * r, r * 0.3, fruit, 1, index * 20));
    }
  } else {
    // Dried petals or buds laid in a sunflower spiral so they fill the bowl without clumping.
    const fill = flowerColor(color);
    const count = 16;
    for (let index = 0; index < count; index++) {
      const [px, py] = offsetPoint(x, y, index * 137.5, r * 0.6 * Math.sqrt((index + 0.5) / count));
      const shade = rng.chance(0.5) ? fill : darken(fill, 0.1);
      parts.push(
        theme === 'lavender'
          ? el('ellipse', {
              rx: r * 0.07,
              ry: r * 0.04,
              fill: shade,
              transform: d`translate(${px} ${py}) rotate(${rng.range(0, 180)})`,
            })
          : petal(px, py, r * 0.2, rng.range(0, 360), shade),
      );
    }
  }
  parts.push(
    el('path', {
      d: d`M${x - r * 0.93} ${y - r * 0.1}A${r * 0.93} ${r * 0.93} 0 0 1 ${x - r * 0.1} ${y - r * 0.93}`,
      fill: 'none',
      stroke: '#fff',
      'stroke-opacity': 0.6,
      'stroke-width': r * 0.04,
      'stroke-linecap': 'round',
    }),
  );
  return g({}, ...parts);
}

function lyingBottle(
  x: number,
  y: number,
  turn: number,
  w: number,
  h: number,
  kind: Closure,
  label: string,
): string {
  const total = h + w * (kind === 'dropper' ? 0.71 : 0.35);
  return g(
    {},
    g(
      { transform: d`translate(${x + 10} ${y + 14}) rotate(${turn})`, opacity: 0.3, filter: 'url(#blur-m)' },
      el('rect', {
        x: -w / 2,
        y: -total / 2 + w * 0.2,
        width: w,
        height: total - w * 0.2,
        rx: w * 0.2,
        fill: '#2b2116',
      }),
    ),
    g(
      { transform: d`translate(${x} ${y}) rotate(${turn})` },
      bottle({ cx: 0, base: total / 2, width: w, height: h, closure: kind, glass: 'amber', label }),
    ),
  );
}

function standingBottleTop(x: number, y: number, r: number): string {
  return g(
    {},
    el('circle', {
      cx: x + r * 0.25,
      cy: y + r * 0.3,
      r: r * 1.05,
      fill: '#2b2116',
      opacity: 0.3,
      filter: 'url(#blur-m)',
    }),
    el('circle', { cx: x, cy: y, r, fill: '#8a4a16' }),
    el('circle', { cx: x, cy: y, r, fill: 'url(#dome)' }),
    el('circle', { cx: x, cy: y, r: r * 0.52, fill: '#1c1b1a' }),
    el('circle', { cx: x, cy: y, r: r * 0.52, fill: 'url(#dome)' }),
    el('circle', { cx: x, cy: y, r: r * 0.3, fill: '#2a2928' }),
    el('circle', { cx: x - r * 0.1, cy: y - r * 0.12, r: r * 0.1, fill: '#fff', opacity: 0.35 }),
  );
}

interface Placed {
  item: 'bowl' | 'bottle' | 'top' | 'sprig' | 'decor';
  x: number;
  y: number;
  size: number;
  angle: number;
}

const COVER_LAYOUTS: readonly (readonly Placed[])[] = [
  [
    { item: 'sprig', x: 0.02, y: 0.95, size: 420, angle: -38 },
    { item: 'sprig', x: 0.99, y: 0.04, size: 340, angle: 146 },
    { item: 'bowl', x: 0.3, y: 0.44, size: 125, angle: 0 },
    { item: 'bottle', x: 0.63, y: 0.47, size: 1, angle: 32 },
    { item: 'top', x: 0.84, y: 0.72, size: 42, angle: 0 },
    { item: 'decor', x: 0.5, y: 0.84, size: 1, angle: 0 },
    { item: 'decor', x: 0.86, y: 0.26, size: 0.8, angle: 0 },
  ],
  [
    { item: 'sprig', x: 0.45, y: 1.02, size: 380, angle: -70 },
    { item: 'sprig', x: 0.02, y: 0.08, size: 330, angle: 24 },
    { item: 'bottle', x: 0.24, y: 0.58, size: 1, angle: -58 },
    { item: 'bowl', x: 0.7, y: 0.42, size: 150, angle: 0 },
    { item: 'top', x: 0.42, y: 0.24, size: 38, angle: 0 },
    { item: 'decor', x: 0.88, y: 0.82, size: 1, angle: 0 },
    { item: 'decor', x: 0.12, y: 0.85, size: 0.8, angle: 0 },
  ],
  [
    { item: 'sprig', x: 1.0, y: 0.9, size: 420, angle: -150 },
    { item: 'sprig', x: 0.06, y: 0.0, size: 300, angle: 70 },
    { item: 'bowl', x: 0.52, y: 0.5, size: 110, angle: 0 },
    { item: 'bottle', x: 0.22, y: 0.48, size: 1, angle: 12 },
    { item: 'bottle', x: 0.8, y: 0.36, size: 0.8, angle: -24 },
    { item: 'top', x: 0.34, y: 0.82, size: 40, angle: 0 },
    { item: 'decor', x: 0.66, y: 0.84, size: 1, angle: 0 },
  ],
];

function coverSvg(color: string, rng: Random): string {
  const { width, height } = DEMO_IMAGE_SIZES.cover;
  const surface = linear(
    'surface',
    [
      [0, mix(PALETTE.cream, color, 0.05)],
      [1, mix(PALETTE.sand, color, 0.14)],
    ],
    'xy',
  );
  const theme = themeFor(color, rng);
  const layout = rng.pick(COVER_LAYOUTS);
  const mirror = rng.chance(0.5);
  const body: string[] = [
    el('rect', { width, height, fill: 'url(#surface)' }),
    el('circle', { cx: mirror ? width * 0.85 : width * 0.15, cy: height * 0.1, r: 700, fill: 'url(#glow)' }),
  ];
  // A linen napkin under part of the still life.
  const clothX = rng.range(0.3, 0.7) * width;
  const clothY = rng.range(0.35, 0.65) * height;
  const clothColor = mix(color, PALETTE.cream, 0.62);
  body.push(
    g(
      { transform: d`translate(${clothX} ${clothY}) rotate(${rng.range(-24, 24)})` },
      el('rect', {
        x: -250,
        y: -150,
        width: 500,
        height: 300,
        rx: 6,
        fill: '#2b2116',
        opacity: 0.14,
        filter: 'url(#blur-m)',
      }),
      el('rect', { x: -260, y: -160, width: 500, height: 300, rx: 6, fill: clothColor }),
      el('rect', { x: -260, y: -20, width: 500, height: 22, fill: '#000', opacity: 0.04 }),
      el('rect', {
        x: -246,
        y: -146,
        width: 472,
        height: 272,
        rx: 3,
        fill: 'none',
        stroke: darken(clothColor, 0.1),
        'stroke-width': 2,
        'stroke-dasharray': '6 6',
      }),
    ),
  );
  const kind = themeSprig(theme, rng);
  const labels = [color, mix(color, PALETTE.green, 0.4)];
  let bottles = 0;
  const order = ['sprig', 'bowl', 'bottle', 'top', 'decor'] as const;
  for (const item of order) {
    for (const place of layout.filter((entry) => entry.item === item)) {
      const x = (mirror ? 1 - place.x : place.x) * width + rng.range(-18, 18);
      const y = place.y * height + rng.range(-14, 14);
      const angle = (mirror ? 180 - place.angle : place.angle) + rng.range(-6, 6);
      if (item === 'sprig')
        body.push(sprig(rng, x, y, place.size * rng.range(0.9, 1.05), angle, kind, color));
      else if (item === 'bowl') body.push(bowl(rng, x, y, place.size * 1.1, color, theme));
      else if (item === 'bottle') {
        const w = 136 * place.size;
        body.push(
          lyingBottle(
            x,
            y,
            mirror ? -place.angle : place.angle,
            w,
            w * 1.45,
            bottles % 2 ? 'cap' : 'dropper',
            labels[bottles % 2]!,
          ),
        );
        bottles++;
      } else if (item === 'top') body.push(standingBottleTop(x, y, place.size * 1.15));
      else body.push(onSurface(x, y, lyingItem(theme, rng, place.size, color, rng.chance(0.6))));
    }
  }
  return svgDocument(width, height, [...sharedDefs(), surface], body);
}

// ---------------------------------------------------------------------------------------------------------------
// Portraits (400 × 400): a faceless, friendly silhouette on a coloured circle

const SKIN = ['#f2d5bb', '#e8bf9c', '#d3a07c', '#b07a53', '#87593a'] as const;
const HAIR = ['#2f2520', '#4a3426', '#6e4a2c', '#a67c4e', '#d2b98c', '#8d8a86'] as const;
type HairStyle = 'short' | 'crop' | 'long' | 'bob' | 'bun' | 'curly';

/**
 * The hair on top of the head: the upper half of an ellipse a little larger than the head, closed by a fringe
 * line; `part` moves the parting (-1 left … 1 right).
 */
function hairCap(hx: number, hy: number, style: HairStyle, part: number): string {
  const rx = 68;
  const ry = 82;
  const cy = hy - 6;
  const sideDrop = style === 'crop' ? 4 : style === 'short' ? 22 : 46;
  const fringe = style === 'crop' ? hy - 52 : style === 'bob' ? hy - 30 : hy - 40;
  const px = hx + part * 34;
  const straight = style === 'bob';
  const close = straight
    ? d`L${hx + rx - 4} ${fringe + 6}C${hx + 30} ${fringe - 2} ${hx - 30} ${fringe - 2} ${hx - rx + 4} ${fringe + 6}`
    : d`C${hx + rx - 10} ${fringe + 6} ${px + 26} ${fringe - 8} ${px} ${fringe - 12}C${px - 30} ${fringe - 4} ${hx - rx + 8} ${fringe + 14} ${hx - rx + 6} ${cy + sideDrop}`;
  return (
    d`M${hx - rx} ${cy + sideDrop}L${hx - rx} ${cy}A${rx} ${ry} 0 0 1 ${hx + rx} ${cy}L${hx + rx} ${cy + sideDrop}` +
    close +
    'Z'
  );
}

function portraitSvg(color: string, rng: Random): string {
  const { width } = DEMO_IMAGE_SIZES.portrait;
  const c = width / 2;
  const backdrop = radial(
    'backdrop',
    [
      [0, mix(color, PALETTE.cream, 0.55)],
      [1, mix(color, PALETTE.cream, 0.2)],
    ],
    0.4,
    0.35,
    0.75,
  );
  const skin = rng.pick(SKIN);
  const hair = rng.pick(HAIR);
  const clothes = rng.pick([
    PALETTE.green,
    darken(color, 0.3),
    '#c9b48a',
    '#5d6f7d',
    '#a0674f',
    mix(PALETTE.gold, '#ffffff', 0.1),
  ]);
  const style = rng.pick(['short', 'crop', 'long', 'bob', 'bun', 'curly'] as const);
  const tilt = rng.range(-5, 5);
  const hx = c;
  const hy = 188 + rng.range(-4, 4);
  const ink = darken(skin, 0.62);
  const shadowSkin = darken(skin, 0.1);
  const back: string[] = [];
  if (style === 'long') {
    back.push(
      el('path', {
        d: d`M${hx - 72} ${hy - 50}C${hx - 78} ${hy + 60} ${hx - 92} ${hy + 110} ${hx - 96} ${hy + 150}L${hx + 96} ${hy + 150}C${hx + 92} ${hy + 110} ${hx + 78} ${hy + 60} ${hx + 72} ${hy - 50}Z`,
        fill: hair,
      }),
    );
  } else if (style === 'bob') {
    back.push(
      el('path', {
        d: d`M${hx - 72} ${hy - 50}L${hx - 76} ${hy + 62}Q${hx} ${hy + 80} ${hx + 76} ${hy + 62}L${hx + 72} ${hy - 50}Z`,
        fill: hair,
      }),
    );
  } else if (style === 'bun') {
    back.push(el('circle', { cx: hx + rng.range(-6, 6), cy: hy - 92, r: 30, fill: hair }));
  } else if (style === 'curly') {
    for (let index = 0; index < 13; index++) {
      const [px, py] = offsetPoint(hx, hy - 4, 165 + index * 17.5, 70);
      back.push(el('circle', { cx: px, cy: py, r: rng.range(22, 28), fill: hair }));
    }
  }
  const shoulders = d`M${c - 156} 420C${c - 156} 336 ${c - 118} 306 ${c - 58} 298L${c + 58} 298C${c + 118} 306 ${c + 156} 336 ${c + 156} 420Z`;
  const accessory = rng.pick(['none', 'none', 'earrings', 'scarf', 'glasses'] as const);
  const eyeY = hy + 10;
  const smile = rng.range(6, 10);
  const figure = g(
    { transform: d`rotate(${tilt} ${c} 360)` },
    ...back,
    el('path', { d: shoulders, fill: clothes }),
    el('path', { d: shoulders, fill: 'url(#dome)', opacity: 0.5 }),
    el('rect', { x: c - 27, y: hy + 40, width: 54, height: 300 - hy - 28, rx: 18, fill: shadowSkin }),
    el('path', { d: d`M${c - 30} 298Q${c} 334 ${c + 30} 298Z`, fill: shadowSkin }),
    el('ellipse', { cx: hx - 62, cy: hy + 10, rx: 10, ry: 15, fill: shadowSkin }),
    el('ellipse', { cx: hx + 62, cy: hy + 10, rx: 10, ry: 15, fill: shadowSkin }),
    el('ellipse', { cx: hx, cy: hy, rx: 62, ry: 74, fill: skin }),
    el('ellipse', { cx: hx - 30, cy: hy + 28, rx: 11, ry: 7, fill: '#e07a6a', opacity: 0.22 }),
    el('ellipse', { cx: hx + 30, cy: hy + 28, rx: 11, ry: 7, fill: '#e07a6a', opacity: 0.22 }),
    el('ellipse', { cx: hx - 22, cy: eyeY, rx: 4.5, ry: 5.5, fill: ink }),
    el('ellipse', { cx: hx + 22, cy: eyeY, rx: 4.5, ry: 5.5, fill: ink }),
    el('path', {
      d: d`M${hx - 14} ${hy + 34}Q${hx} ${hy + 34 + smile} ${hx + 14} ${hy + 34}`,
      fill: 'none',
      stroke: ink,
      'stroke-width': 3.5,
      'stroke-linecap': 'round',
    }),
    el('path', { d: hairCap(hx, hy, style, rng.range(-1, 1)), fill: hair }),
    el('path', { d: hairCap(hx, hy, style, 0), fill: 'url(#dome)', opacity: 0.35 }),
    accessory === 'earrings'
      ? el('circle', { cx: hx - 63, cy: hy + 30, r: 5, fill: PALETTE.gold }) +
          el('circle', { cx: hx + 63, cy: hy + 30, r: 5, fill: PALETTE.gold })
      : '',
    accessory === 'glasses'
      ? el('path', {
          d: d`M${hx - 40} ${eyeY - 12}h34v24h-34zM${hx + 6} ${eyeY - 12}h34v24h-34zM${hx - 6} ${eyeY - 2}h12`,
          fill: 'none',
          stroke: ink,
          'stroke-width': 3,
          'stroke-linejoin': 'round',
        })
      : '',
    accessory === 'scarf'
      ? el('path', {
          d: d`M${c - 60} 300C${c - 30} 326 ${c + 30} 326 ${c + 60} 300L${c + 56} 328C${c + 20} 352 ${c - 20} 352 ${c - 56} 328Z`,
          fill: mix(color, PALETTE.gold, 0.4),
        })
      : '',
  );
  return svgDocument(
    width,
    width,
    [...sharedDefs(), backdrop, el('clipPath', { id: 'disc' }, el('circle', { cx: c, cy: c, r: c - 4 }))],
    [
      el('rect', { width, height: width, fill: PALETTE.cream }),
      el('circle', { cx: c, cy: c, r: c - 4, fill: 'url(#backdrop)' }),
      g({ 'clip-path': 'url(#disc)' }, figure),
    ],
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Public API

/** The SVG document of a demo picture; pure and deterministic. Throws on an invalid spec. */
export function drawDemoSvg(spec: DemoImageSpec): string {
  validateSpec(spec);
  const color = spec.color.toLowerCase();
  const rng = new Random(`${spec.kind}\u0000${spec.variant ?? ''}\u0000${spec.seed}`);
  switch (spec.kind) {
    case 'product':
      return productSvg(spec, color, rng);
    case 'category':
      return categorySvg(color, rng);
    case 'slide':
      return slideSvg(color, rng);
    case 'cover':
      return coverSvg(color, rng);
    case 'portrait':
      return portraitSvg(color, rng);
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Writes through a temporary file so that a crash never leaves a truncated picture behind. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

interface Output {
  basename: string;
  format: 'webp' | 'jpg';
  crop?: { left: number; top: number; width: number; height: number };
  resize?: { width: number; height: number };
}

/** The files of a demo picture: WebP and JPEG, a slide's mobile crop, the smaller WebP copies. */
function outputsOf(spec: DemoImageSpec): Output[] {
  const outputs: Output[] = [];
  for (const format of ['webp', 'jpg'] as const) outputs.push({ basename: spec.basename, format });
  if (spec.kind === 'slide') {
    for (const format of ['webp', 'jpg'] as const) {
      outputs.push({ basename: `${spec.basename}-mobile`, format, crop: SLIDE_MOBILE_CROP });
    }
  }
  const { width, height } = DEMO_IMAGE_SIZES[spec.kind];
  for (const smaller of DEMO_IMAGE_SMALLER_WIDTHS[spec.kind]) {
    outputs.push({
      basename: `${spec.basename}-${smaller}w`,
      format: 'webp',
      resize: { width: smaller, height: Math.round((height * smaller) / width) },
    });
  }
  return outputs;
}

/** sharp (libvips, some 20 MB of native memory) is loaded only when a picture is missing, not at start-up. */
async function loadSharp() {
  return (await import('sharp')).default;
}

function encode(
  sharp: Awaited<ReturnType<typeof loadSharp>>,
  raster: { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 },
  output: Output,
): Promise<Buffer> {
  let image = sharp(raster.data, {
    raw: { width: raster.width, height: raster.height, channels: raster.channels },
  });
  if (output.crop) image = image.extract(output.crop);
  if (output.resize) image = image.resize(output.resize.width, output.resize.height);
  return output.format === 'webp'
    ? image.webp({ quality: WEBP_QUALITY, effort: 5 }).toBuffer()
    : image.jpeg({ quality: JPEG_QUALITY, progressive: true, mozjpeg: true }).toBuffer();
}

/**
 * Writes <imagesDir>/<basename>.webp and .jpg (a slide also gets <basename>-mobile.*, other kinds their smaller
 * WebP copies <basename>-<width>w.webp), creating folders; files that already exist are left untouched.
 */
export async function writeDemoImage(imagesDir: string, spec: DemoImageSpec): Promise<ImageRef> {
  validateSpec(spec);
  const outputs = outputsOf(spec);
  const fileOf = (output: Output) =>
    path.join(imagesDir, ...`${output.basename}.${output.format}`.split('/'));
  const missing: Output[] = [];
  for (const output of outputs) {
    if (!(await exists(fileOf(output)))) missing.push(output);
  }
  if (missing.length > 0) {
    const { width, height } = DEMO_IMAGE_SIZES[spec.kind];
    const sharp = await loadSharp();
    const { data, info } = await sharp(Buffer.from(drawDemoSvg(spec)), { density: 72 })
      .resize(width, height, { fit: 'fill' })
      .flatten({ background: PALETTE.cream })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raster = { data, width: info.width, height: info.height, channels: info.channels };
    for (const output of missing) await writeAtomically(fileOf(output), await encode(sharp, raster, output));
  }
  return demoImageRef(spec.kind, spec.basename);
}

function sameSpec(a: DemoImageSpec, b: DemoImageSpec): boolean {
  return (
    a.kind === b.kind &&
    a.color.toLowerCase() === b.color.toLowerCase() &&
    a.variant === b.variant &&
    a.seed === b.seed
  );
}

/**
 * Writes many demo pictures with at most `concurrency` renders at a time; the result is keyed by basename.
 * A basename listed twice with the same spec is drawn once; with different specs (or clashing with another
 * picture's extra file: a slide's '-mobile' twin, a smaller copy) it is an error, raised before anything is written.
 */
export async function writeDemoImages(
  imagesDir: string,
  specs: DemoImageSpec[],
  concurrency = 4,
): Promise<Map<string, ImageRef>> {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  }
  const unique = new Map<string, DemoImageSpec>();
  const extras = new Set<string>();
  for (const spec of specs) {
    validateSpec(spec);
    const previous = unique.get(spec.basename);
    if (previous && !sameSpec(previous, spec))
      throw new Error(`Demo image ${spec.basename} is specified twice`);
    unique.set(spec.basename, spec);
    for (const output of outputsOf(spec)) {
      if (output.basename !== spec.basename) extras.add(output.basename);
    }
  }
  for (const extra of extras) {
    if (unique.has(extra))
      throw new Error(`Demo image ${extra} clashes with a slide's mobile picture or a smaller copy`);
  }
  const queue = [...unique.values()];
  const refs = new Map<string, ImageRef>();
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < queue.length) {
      const spec = queue[next++]!;
      try {
        refs.set(spec.basename, await writeDemoImage(imagesDir, spec));
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  return new Map(queue.map((spec) => [spec.basename, refs.get(spec.basename)!]));
}
