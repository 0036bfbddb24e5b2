// Catalogue parts (shared/i18n/parts.ts; issue #15's 150 KB budget for the phone's recording page):
// what a part keeps (its namespaces whole, every other namespace's `errors` only), and that the
// recording page's part has every message key its source names, in every language — so a string added
// to that page without its namespace in the part fails here, not on a phone.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { LOCALES, lookup, resources } from '../../../shared/i18n';
import { CATALOGUE_PARTS, cataloguePart, isCataloguePart } from '../../../shared/i18n/parts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const catalogues = {
  en: resources.en.translation,
  ja: resources.ja.translation,
  ko: resources.ko.translation,
};

/** The web/src files an entry imports, statically or lazily, at any depth (relative imports). */
function sourceGraph(entry: string): string[] {
  const seen = new Set<string>();
  const stack = [path.join(ROOT, entry)];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const m of source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const base = path.resolve(path.dirname(file), m[1]!);
      const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
        .map((ext) => base + ext)
        .find((c) => /\.tsx?$/.test(c) && fs.existsSync(c) && fs.statSync(c).isFile());
      if (found) stack.push(found);
    }
  }
  return [...seen].filter((f) => f.includes(`${path.sep}web${path.sep}src${path.sep}`));
}

/** The message keys a file names: literal keys, and the fixed start of keys built with `${…}`. */
function namedKeys(file: string): { literal: string[]; prefixes: string[] } {
  const source = fs.readFileSync(file, 'utf8');
  const literal: string[] = [];
  const prefixes: string[] = [];
  for (const m of source.matchAll(/['`]([a-zA-Z][a-zA-Z0-9]*(?:\.[a-zA-Z][\w]*)+)(['`]|\.?\$\{)/g)) {
    if (m[2] === "'" || m[2] === '`') literal.push(m[1]!);
    else prefixes.push(m[1]!);
  }
  return { literal, prefixes };
}

function node(tree: unknown, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], tree);
}

describe('a catalogue part', () => {
  const tree = {
    app: { name: 'SignSeal' },
    video: { title: 'Video', errors: { tooBig: 'Too big' } },
    billing: {
      plan: 'Plan',
      errors: { declined: 'Declined' },
      card: { label: 'Card', errors: { cvc: 'CVC' } },
    },
    shell: { menu: 'Menu' },
    format: 'loose string',
  };

  it('keeps its namespaces whole and only the errors of the others, at any depth', () => {
    expect(CATALOGUE_PARTS.record).toEqual(expect.arrayContaining(['app', 'video']));
    expect(cataloguePart(tree, 'record')).toEqual({
      app: { name: 'SignSeal' },
      video: { title: 'Video', errors: { tooBig: 'Too big' } },
      billing: { errors: { declined: 'Declined' }, card: { errors: { cvc: 'CVC' } } },
    });
  });

  it('knows its own names only', () => {
    expect(isCataloguePart('record')).toBe(true);
    expect(isCataloguePart('toString')).toBe(false);
    expect(isCataloguePart('everything')).toBe(false);
  });
});

describe("the recording page's part", () => {
  const files = sourceGraph('web/src/record-main.tsx');

  it('follows the page into its screens, recorder and error screen', () => {
    const names = files.map((f) => path.relative(ROOT, f));
    expect(names).toEqual(
      expect.arrayContaining([
        'web/src/features/video/components/mobile-page.tsx',
        'web/src/features/video/components/recorder.tsx',
        'web/src/app/startup-error.tsx',
      ]),
    );
  });

  it.each(LOCALES)('has every key the page names (%s)', (locale) => {
    const whole = catalogues[locale];
    const part = cataloguePart(whole, 'record');
    const missing: string[] = [];
    let checked = 0;
    for (const file of files) {
      const { literal, prefixes } = namedKeys(file);
      for (const key of literal) {
        // Only strings that are keys of the whole catalogue (not file names such as 'video.webm').
        if (lookup(whole, key) === undefined) continue;
        checked++;
        if (lookup(part, key) === undefined) missing.push(`${path.relative(ROOT, file)}: ${key}`);
      }
      for (const prefix of prefixes) {
        if (node(whole, prefix) === undefined) continue;
        checked++;
        if (typeof node(part, prefix) !== 'object') missing.push(`${path.relative(ROOT, file)}: ${prefix}.…`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it.each(LOCALES)('keeps every API error message (%s)', (locale) => {
    const whole = catalogues[locale];
    const part = cataloguePart(whole, 'record');
    const codes = Object.keys(
      (
        JSON.parse(fs.readFileSync(path.join(ROOT, 'shared/i18n/server/api-errors.json'), 'utf8')) as Record<
          string,
          Record<string, string>
        >
      )[locale]!,
    );
    expect(codes.length).toBeGreaterThan(100);
    expect(codes.filter((code) => lookup(part, code) !== lookup(whole, code))).toEqual([]);
  });

  it('is well under half of the whole catalogue on the wire', () => {
    const gzip = (o: unknown) => gzipSync(JSON.stringify(o)).length;
    const whole = catalogues.en;
    expect(gzip(cataloguePart(whole, 'record'))).toBeLessThan(gzip(whole) * 0.4);
  });
});
