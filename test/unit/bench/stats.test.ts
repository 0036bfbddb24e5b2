import {
  formatMarkdown,
  formatTable,
  formatValue,
  median,
  percentile,
  row,
  summarize,
  verdict,
} from '../../../bench/stats';
import { chunkLabel, staticClosure, type Manifest } from '../../../bench/spa';
import { steps } from '../../../bench/steps';

describe('bench statistics', () => {
  test('median of odd and even counts, NaN for none', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  test('nearest-rank percentiles', () => {
    const samples = Array.from({ length: 20 }, (_, i) => i + 1); // 1..20
    expect(percentile(samples, 50)).toBe(10);
    expect(percentile(samples, 95)).toBe(19);
    expect(percentile(samples, 100)).toBe(20);
    expect(percentile(samples, 0)).toBe(1);
    expect(percentile([7], 95)).toBe(7);
  });

  test('summary: median, range and p95', () => {
    expect(summarize([5, 1, 9, 3])).toEqual({ n: 4, median: 4, min: 1, max: 9, p95: 9 });
  });

  test('a row meets its target when its median is at most the target', () => {
    expect(verdict(row('x', 'a', 'ms', [100, 200, 140], { target: 150 }))).toBe('ok');
    expect(verdict(row('x', 'a', 'ms', [160, 200, 140], { target: 150 }))).toBe('MISS');
    expect(verdict(row('x', 'a', 'ms', [160]))).toBe('');
  });
});

describe('bench table', () => {
  test('values in their units', () => {
    expect(formatValue(12.345, 'ms')).toBe('12.3 ms');
    expect(formatValue(1234.5, 'ms')).toBe('1235 ms');
    expect(formatValue(1_480_000, 'bytes')).toBe('1.48 MB');
    expect(formatValue(987_600, 'bytes')).toBe('987.6 KB');
    expect(formatValue(1.456, 'ratio')).toBe('1.46×');
    expect(formatValue(Number.NaN, 's')).toBe('–');
  });

  test('one aligned line per figure with median, spread, runs, target and verdict', () => {
    const text = formatTable([
      row('cold', 'Signer bundle', 'bytes', [1_200_000], { target: 1_000_000 }),
      row('api', 'signer view ratio', 'ratio', [1.2, 1.5, 1.1], { target: 2, note: 'five round trips' }),
      row('e2e', 'completion mail p95', 's', [3.2, 4.1], { spread: 'p95' }),
    ]);
    const lines = text.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^part\s+figure\s+median\s+spread\s+runs\s+target/);
    expect(lines[2]).toMatch(/cold\s+Signer bundle\s+1\.20 MB\s+1\s+≤ 1\.00 MB\s+MISS/);
    expect(lines[3]).toMatch(
      /api\s+signer view ratio\s+1\.20×\s+1\.10×–1\.50×\s+3\s+≤ 2\.00×\s+ok\s+five round trips/,
    );
    expect(lines[4]).toContain('p95 4.10 s');
    // columns line up: every line starts its second column at the same offset
    const col = lines[0]!.indexOf('figure');
    for (const l of lines.slice(2)) expect(l[col - 1]).toBe(' ');
  });

  test('markdown has a header, a separator and one row per figure', () => {
    const md = formatMarkdown([row('spa', 'landing | JS', 'bytes', [200_000], { target: 250_000 })]).split(
      '\n',
    );
    expect(md).toHaveLength(3);
    expect(md[2]).toContain('landing \\| JS');
    expect(md[2]).toContain('| ok |');
  });
});

describe('spa manifest walk', () => {
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_react.js'],
      dynamicImports: ['src/a.tsx'],
    },
    '_react.js': { file: 'assets/react.js' },
    'src/a.tsx': { file: 'assets/a.js', isDynamicEntry: true, imports: ['_react.js', '_b.js'] },
    '_b.js': { file: 'assets/b.js', imports: ['_react.js'] },
  };

  test('a chunk loads itself and its static imports, transitively, not its dynamic ones', () => {
    expect([...staticClosure(manifest, 'index.html')].sort()).toEqual(['_react.js', 'index.html']);
    expect([...staticClosure(manifest, 'src/a.tsx')].sort()).toEqual(['_b.js', '_react.js', 'src/a.tsx']);
  });

  test('lazy chunks are named by what they hold', () => {
    expect(chunkLabel('x', { file: 'a.js', src: '../node_modules/pdfjs-dist/build/pdf.mjs' })).toBe('pdf.js');
    expect(chunkLabel('x', { file: 'a.js', src: 'src/features/signer/components/signer-page.tsx' })).toMatch(
      /drawing/,
    );
    expect(chunkLabel('x', { file: 'a.js', src: 'src/features/public/pages/faq-page.tsx' })).toBe('faq-page');
  });
});

describe('recorded DynamoDB calls', () => {
  const call = (command: string, start: number, end: number) => ({ command, input: {}, start, end });

  test('calls made one after another are steps of one; calls made at once share a step', () => {
    const grouped = steps([
      call('GetItem', 0, 10),
      call('Query', 11, 20),
      call('Query', 21, 40),
      call('Query', 22, 35),
      call('Query', 23, 38),
      call('GetItem', 41, 50),
    ]);
    expect(grouped.map((s) => s.length)).toEqual([1, 1, 3, 1]);
  });
});
