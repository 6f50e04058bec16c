// Long on purpose: one report, its tables read top to bottom in the order docs/performance.md prints them.
// The bench's tables: issue 18's figures next to their targets (one column per database and size), then every
// measurement; Markdown, printed and written into docs/performance.md between two marker comments.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Sample } from './load.ts';
import { root } from './servers.ts';

export interface SitemapRound {
  files: number;
  largestUrls: number;
  largestMb: number;
  /** Cache off: the slowest file's time to its headers, fetched once. */
  uncachedMs: number;
  /** Cache on: five repeat fetches of every file after a first one, times to their headers. */
  cachedP50: number;
  cachedP95: number;
}

export interface SetupResult {
  kind: 'pglite' | 'postgres';
  products: number;
  label: string;
  /** «scenario/variant» → one sample per round. */
  samples: Map<string, Sample[]>;
  /** Scenario id → what the detail table calls it. */
  labels: Record<string, string>;
  /** Health probe while the heavy search runs: «p99» and «max», one value per round. */
  health: Map<string, number[]>;
  sitemaps: SitemapRound[];
  databaseCpuCounted: boolean;
  minutes: number;
}

interface Figure {
  item: string;
  label: string;
  unit: 'ms' | 'MB' | '' | 'URLs';
  target: { op: '≤' | '≥'; value: number } | null;
  /** Where the issue sets the target (elsewhere the same target is shown in brackets, for comparison). */
  binding: (setup: SetupResult) => boolean;
  values: (setup: SetupResult) => number[] | undefined;
}

const all = () => true;
const onPglite = (setup: SetupResult) => setup.kind === 'pglite';
const onPostgres = (setup: SetupResult) => setup.kind === 'postgres';
const nowhere = () => false;
const field = (key: string, name: keyof Sample) => (setup: SetupResult) =>
  setup.samples.get(key)?.map((sample) => sample[name] as number);

const SINGLE_ROUTES: Array<[string, string]> = [
  ['one-product', 'route: product'],
  ['one-category', 'route: category'],
  ['one-category-price', 'route: category p. 2 by price'],
  ['one-catalogue', 'route: catalogue'],
  ['one-search', 'search «лаванда»'],
  ['one-search-typo', 'search «kfdfylf»'],
];

const FIGURES: Figure[] = [
  {
    item: '2',
    label: 'product page, no cache: CPU per request (shop + database)',
    unit: 'ms',
    target: { op: '≤', value: 10 },
    binding: all,
    values: field('page-product/nocache', 'cpuMs'),
  },
  {
    item: '2',
    label: 'product page nobody asked for yet (caches on): CPU per request',
    unit: 'ms',
    target: { op: '≤', value: 10 },
    binding: nowhere,
    values: field('page-cold/cached', 'cpuMs'),
  },
  {
    item: '2',
    label: 'product page, guest: req/s ÷ baseline serving the same bytes',
    unit: '',
    target: { op: '≥', value: 0.5 },
    binding: all,
    values: (setup) => {
      const ours = setup.samples.get('page-product/cached');
      const ceiling = setup.samples.get('page-product/baseline');
      return ours?.map((sample, round) => sample.rps / (ceiling?.[round]?.rps ?? Number.NaN));
    },
  },
  {
    item: '2',
    label: 'product page, guest: TTFB p99, 16 connections',
    unit: 'ms',
    target: { op: '≤', value: 50 },
    binding: all,
    values: field('page-product/cached', 'ttfbP99'),
  },
  {
    item: '2',
    label: 'product page, no cache: TTFB p99, 16 connections',
    unit: 'ms',
    target: { op: '≤', value: 50 },
    binding: nowhere,
    values: field('page-product/nocache', 'ttfbP99'),
  },
  {
    item: '3',
    label: 'route: product, no cache: p99, 16 connections',
    unit: 'ms',
    target: { op: '≤', value: 150 },
    binding: onPglite,
    values: field('route-product/nocache', 'p99'),
  },
  {
    item: '3',
    label: 'route: category p. 2 by price, no cache: p99, 16 connections',
    unit: 'ms',
    target: { op: '≤', value: 150 },
    binding: onPglite,
    values: field('route-category/nocache', 'p99'),
  },
  {
    item: '3',
    label: 'search «лаванда», no cache: p99, 16 connections',
    unit: 'ms',
    target: { op: '≤', value: 150 },
    binding: nowhere,
    values: field('search/nocache', 'p99'),
  },
  {
    item: '3',
    label: 'health check p99 while search «масло» runs (no cache, 16 connections)',
    unit: 'ms',
    target: { op: '≤', value: 50 },
    binding: onPglite,
    values: (setup) => setup.health.get('p99'),
  },
  {
    item: '3',
    label: 'shop RSS, peak under load',
    unit: 'MB',
    target: { op: '≤', value: 300 },
    binding: onPglite,
    values: (setup) => {
      const perRound: number[] = [];
      for (const [key, samples] of setup.samples) {
        if (key.endsWith('/baseline')) continue;
        samples.forEach((sample, round) => {
          perRound[round] = Math.max(perRound[round] ?? 0, sample.peakRssMb);
        });
      }
      return perRound;
    },
  },
  ...SINGLE_ROUTES.flatMap(([id, label]): Figure[] => [
    {
      item: '4',
      label: `${label}, no cache, 1 connection: p50`,
      unit: 'ms',
      target: { op: '≤', value: 5 },
      binding: onPostgres,
      values: field(`${id}/nocache`, 'p50'),
    },
    {
      item: '4',
      label: `${label}, no cache, 1 connection: p95`,
      unit: 'ms',
      target: { op: '≤', value: 20 },
      binding: onPostgres,
      values: field(`${id}/nocache`, 'p95'),
    },
  ]),
  {
    item: '4',
    label: 'sitemap: URLs in its largest file (split)',
    unit: 'URLs',
    target: { op: '≤', value: 50_000 },
    binding: all,
    values: (setup) => setup.sitemaps.map((round) => round.largestUrls),
  },
  {
    item: '4',
    label: 'sitemap, cached: TTFB p95 of repeat fetches, any file',
    unit: 'ms',
    target: { op: '≤', value: 20 },
    binding: all,
    values: (setup) => setup.sitemaps.map((round) => round.cachedP95),
  },
  {
    item: '4',
    label: 'sitemap, no cache: TTFB of the slowest file',
    unit: 'ms',
    target: null,
    binding: nowhere,
    values: (setup) => setup.sitemaps.map((round) => round.uncachedMs),
  },
];

function median(values: number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function number(value: number, unit: Figure['unit']): string {
  if (Number.isNaN(value)) return '—';
  if (unit === '') return value.toFixed(2);
  if (unit === 'URLs' || unit === 'MB' || value >= 100)
    return Math.round(value).toLocaleString('en-US').replace(/,/g, ' ');
  return value >= 10 ? value.toFixed(0) : value.toFixed(1);
}

function cell(figure: Figure, setup: SetupResult): string {
  const values = figure.values(setup)?.filter((value) => !Number.isNaN(value));
  if (!values || values.length === 0) return '—';
  const middle = median(values);
  const low = Math.min(...values);
  const high = Math.max(...values);
  let text = number(middle, figure.unit);
  if (number(low, figure.unit) !== number(high, figure.unit))
    text += ` (${number(low, figure.unit)}–${number(high, figure.unit)})`;
  if (figure.target) {
    const met = figure.target.op === '≤' ? middle <= figure.target.value : middle >= figure.target.value;
    text += figure.binding(setup) ? (met ? ' ✓' : ' ✗') : met ? ' (✓)' : ' (✗)';
  }
  return text;
}

function table(header: string[], rows: string[][], align: Array<'l' | 'r'>): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length), 3),
  );
  const line = (row: string[]) =>
    `| ${row.map((text, column) => (align[column] === 'r' ? text.padStart(widths[column]!) : text.padEnd(widths[column]!))).join(' | ')} |`;
  const rule = `| ${widths.map((width, column) => (align[column] === 'r' ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

function detailTable(setup: SetupResult): string {
  const rows: string[][] = [];
  const ms = (value: number) => number(value, 'ms');
  for (const [key, samples] of setup.samples) {
    const [id, variant] = key.split('/') as [string, string];
    const pick = (name: keyof Sample) => median(samples.map((sample) => sample[name] as number));
    const errors = samples.reduce((sum, sample) => sum + sample.errors, 0);
    const failures = [...new Set(samples.map((sample) => sample.failures).filter(Boolean))].join(' ');
    rows.push([
      setup.labels[id] ?? id,
      variant === 'nocache' ? 'no cache' : variant,
      number(pick('rps'), 'MB'),
      ms(pick('p50')),
      ms(pick('p95')),
      ms(pick('p99')),
      Number.isNaN(pick('ttfbP99')) ? '—' : `${ms(pick('ttfbP50'))} / ${ms(pick('ttfbP99'))}`,
      Number.isNaN(pick('cpuMs'))
        ? '—'
        : variant === 'baseline'
          ? pick('cpuMs').toFixed(3)
          : setup.kind === 'pglite'
            ? pick('cpuMs').toFixed(2)
            : `${pick('cpuMs').toFixed(2)} (${pick('dbCpuMs').toFixed(2)})`,
      variant === 'baseline' ? '' : number(Math.max(...samples.map((sample) => sample.peakRssMb)), 'MB'),
      errors ? `${errors} (${failures})` : '',
    ]);
  }
  const sitemap = setup.sitemaps.at(-1);
  const note = sitemap
    ? `Sitemap: ${sitemap.files} file(s), largest ${number(sitemap.largestUrls, 'URLs')} URLs / ${sitemap.largestMb.toFixed(1)} MB; ` +
      `cached repeat fetches p50 ${number(median(setup.sitemaps.map((round) => round.cachedP50)), 'ms')} ms. ` +
      `Health check while the heavy search runs: max ${number(median(setup.health.get('max') ?? []), 'ms')} ms (median of the rounds' maxima).`
    : '';
  return [
    `#### ${setup.label} (${setup.minutes.toFixed(1)} min)`,
    '',
    table(
      [
        'scenario',
        'server',
        'req/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'TTFB p50 / p99',
        'CPU ms/req (db)',
        'RSS MB',
        'errors',
      ],
      rows,
      ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
    '',
    note,
    setup.databaseCpuCounted
      ? ''
      : 'PostgreSQL runs on another machine: its backends’ CPU time is not counted.',
  ]
    .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
    .join('\n');
}

function shell(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

function machine(postgresVersion: string | null): string {
  const osName = /PRETTY_NAME="([^"]+)"/.exec(shell('cat', ['/etc/os-release']))?.[1] ?? os.platform();
  const pglite = JSON.parse(
    readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  return [
    `${os.cpus()[0]?.model.trim() ?? 'CPU'} × ${os.availableParallelism()} vCPU`,
    `${Math.round(os.totalmem() / 2 ** 30)} GB`,
    osName,
    `Node ${process.versions.node}`,
    postgresVersion ? `PostgreSQL ${postgresVersion}` : null,
    `PGlite ${pglite.version}`,
  ]
    .filter(Boolean)
    .join(', ');
}

export function markdownReport(
  setups: SetupResult[],
  run: {
    started: Date;
    loadBefore: number[];
    loadAfter: number[];
    command: string;
    rounds: number;
    duration: number;
    connections: number;
    postgresVersion: string | null;
    shopDir: string;
  },
): string {
  const git = (args: string[]) => shell('git', ['-C', run.shopDir, ...args]);
  const commit = git(['rev-parse', '--short', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  const elsewhere = run.shopDir === root ? '' : ` (the shop built in ${run.shopDir})`;
  const minutes = setups.reduce((sum, setup) => sum + setup.minutes, 0);
  const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(' / ');
  const checks = table(
    ['item', 'figure', ...setups.map((setup) => setup.label), 'target'],
    FIGURES.map((figure) => [
      figure.item,
      figure.label,
      ...setups.map((setup) => cell(figure, setup)),
      figure.target
        ? `${figure.target.op} ${String(figure.target.value).replace(/\B(?=(\d{3})+$)/g, ' ')} ${figure.unit}`.trim()
        : '—',
    ]),
    ['l', 'l', ...setups.map(() => 'r' as const), 'l'],
  );
  return [
    `Run ${run.started.toISOString().slice(0, 16).replace('T', ' ')} UTC: \`${run.command}\` at commit ${commit}` +
      `${dirty ? ' with uncommitted changes' : ''}${elsewhere}; ${run.rounds} interleaved round${run.rounds === 1 ? '' : 's'} of ${run.duration} s per ` +
      `measurement, ${run.connections} connections (1 for item 4), ${minutes.toFixed(0)} min. Machine: ${machine(run.postgresVersion)}; ` +
      `load average (1 / 5 / 15 min) ${load(run.loadBefore)} before, ${load(run.loadAfter)} after.`,
    '',
    'Each cell: median of the rounds (min–max of the rounds) and ✓/✗ against the target where issue 18 sets it ' +
      '(item 2 everywhere, item 3 on PGlite, item 4 on PostgreSQL); in brackets, the same target read elsewhere, ' +
      'for comparison. «Guest» is the shop as configured in production (answer and page caches on); «no cache» has ' +
      'them off. TTFB: time to the response headers. CPU: the shop process (all threads, so PGlite too) plus its ' +
      'PostgreSQL backends, per request.',
    '',
    checks,
    '',
    '### Every measurement (medians of the rounds)',
    '',
    'CPU ms/req: the shop and its database (on PostgreSQL its backends’ share in brackets). Baseline: a bare Fastify server ' +
      'replaying the product page’s bytes (`bench/baseline-server.ts`).',
    '',
    ...setups.flatMap((setup) => [detailTable(setup), '']),
  ]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd();
}

const BEGIN = '<!-- bench:begin (written by npm run bench) -->';
const END = '<!-- bench:end -->';

/** Puts the report between the markers of docs/performance.md (appends a section when they are missing). */
export function writeDocs(file: string, report: string): void {
  const text = readFileSync(file, 'utf8');
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  const block = `${BEGIN}\n\n${report}\n\n${END}`;
  const updated =
    begin >= 0 && end > begin
      ? text.slice(0, begin) + block + text.slice(end + END.length)
      : `${text.trimEnd()}\n\n## Benchmark (\`npm run bench\`)\n\n${block}\n`;
  writeFileSync(file, updated);
}
