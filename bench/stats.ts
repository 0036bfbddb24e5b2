// Statistics and the one table every bench part prints into. Pure functions: unit-tested in
// test/unit/bench/stats.test.ts.

/** Nearest-rank percentile (p in 0..100) of the samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** The median (mean of the two middle values for an even count); NaN when there are none. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface Summary {
  readonly n: number;
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly p95: number;
}

export function summarize(samples: readonly number[]): Summary {
  return {
    n: samples.length,
    median: median(samples),
    min: samples.length ? Math.min(...samples) : Number.NaN,
    max: samples.length ? Math.max(...samples) : Number.NaN,
    p95: percentile(samples, 95),
  };
}

export type Unit = 'ms' | 's' | 'bytes' | 'ratio' | 'count' | 'MB' | 'req/s' | 'usd';

/** A figure in the unit's usual form: 12.3 ms, 1.24 s, 987 KB, 1.48 MB, 1.7×. */
export function formatValue(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return '–';
  switch (unit) {
    case 'ms':
      return value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`;
    case 's':
      return `${value.toFixed(2)} s`;
    case 'bytes':
      return value >= 1_000_000 ? `${(value / 1_000_000).toFixed(2)} MB` : `${(value / 1000).toFixed(1)} KB`;
    case 'MB':
      return `${value.toFixed(0)} MB`;
    case 'ratio':
      return `${value.toFixed(2)}×`;
    case 'req/s':
      return `${value.toFixed(0)} req/s`;
    case 'count':
      return String(Math.round(value));
    case 'usd':
      return `$${value.toFixed(value < 0.01 ? 5 : 4)}`;
  }
}

/** One line of the table: a figure, its spread over the runs, and its target when it has one. */
export interface Row {
  readonly part: string;
  readonly name: string;
  readonly unit: Unit;
  readonly summary: Summary;
  /** What the spread column shows. @default 'range' (min–max) */
  readonly spread?: 'range' | 'p95' | 'none';
  /** The figure must be ≤ this (in the row's unit). */
  readonly target?: number;
  readonly note?: string;
}

export function row(
  part: string,
  name: string,
  unit: Unit,
  samples: readonly number[],
  extra: Pick<Row, 'spread' | 'target' | 'note'> = {},
): Row {
  return { part, name, unit, summary: summarize(samples), ...extra };
}

export function verdict(r: Row): '' | 'ok' | 'MISS' {
  if (r.target === undefined || !Number.isFinite(r.summary.median)) return '';
  return r.summary.median <= r.target ? 'ok' : 'MISS';
}

function spreadText(r: Row): string {
  const s = r.summary;
  if (r.spread === 'none' || s.n <= 1) return '';
  if (r.spread === 'p95') return `p95 ${formatValue(s.p95, r.unit)}`;
  return `${formatValue(s.min, r.unit)}–${formatValue(s.max, r.unit)}`;
}

const HEADERS = ['part', 'figure', 'median', 'spread', 'runs', 'target', '', 'note'] as const;

function cells(r: Row): string[] {
  return [
    r.part,
    r.name,
    formatValue(r.summary.median, r.unit),
    spreadText(r),
    String(r.summary.n),
    r.target === undefined ? '' : `≤ ${formatValue(r.target, r.unit)}`,
    verdict(r),
    r.note ?? '',
  ];
}

/** A fixed-width text table (what `npm run bench` prints). */
export function formatTable(rows: readonly Row[]): string {
  const table = [HEADERS.slice(), ...rows.map(cells)];
  const widths = HEADERS.map((_, i) => Math.max(...table.map((c) => [...c[i]!].length)));
  const line = (c: readonly string[]) =>
    c
      .map((v, i) => v + ' '.repeat(widths[i]! - [...v].length))
      .join('  ')
      .trimEnd();
  return [line(table[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...table.slice(1).map(line)].join(
    '\n',
  );
}

/** The same table in Markdown (docs/performance.md). */
export function formatMarkdown(rows: readonly Row[]): string {
  const esc = (v: string) => v.replace(/\|/g, '\\|');
  return [
    `| ${HEADERS.map((h) => h || 'ok?').join(' | ')} |`,
    `|${HEADERS.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${cells(r).map(esc).join(' | ')} |`),
  ].join('\n');
}
