// One source for the spec's numbers (issue #29 item 6): every constant of shared/domain/constants.ts
// is used where its behaviour is, and lambdas/ and web/src never hold a copy of one. A copy is a
// declaration re-using a constant's name, or a declaration (or a JSX number attribute) holding a
// constant's value when that value is distinctive enough to mean it. A line where such a value means
// something else says so with the marker `not a spec constant`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as constants from '../../../shared/domain/constants';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CONSTANTS_FILE = 'shared/domain/constants.ts';
const MARKER = 'not a spec constant';
/** Values too common to tell a copy from an unrelated number (counters, HTTP codes, percentages, ms). */
const COMMON_VALUES = new Set([
  '0',
  '1',
  '2',
  '3',
  '5',
  '10',
  '11',
  '18',
  '20',
  '30',
  '31',
  '50',
  '100',
  '200',
  '255',
  '365',
  '1000',
  'en',
]);

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'node_modules' && entry !== 'build') yield* sources(path);
    } else if (/\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) yield path;
  }
}

const scalarConstants = Object.entries(constants as Record<string, unknown>).filter(
  (entry): entry is [string, number | string] => typeof entry[1] === 'number' || typeof entry[1] === 'string',
);
const namesByValue = new Map<string, string[]>();
for (const [name, value] of scalarConstants) {
  namesByValue.set(String(value), [...(namesByValue.get(String(value)) ?? []), name]);
}
const exportedNames = new Set(Object.keys(constants));

const DECLARATION =
  /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]+)?=\s*(-?[\d_.]+|'[^']*'|"[^"]*")\s*[;,]/g;
const JSX_NUMBER = /\s[\w-]+=\{(-?[\d_.]+)\}/g;

function literalValue(raw: string): string {
  return /^['"]/.test(raw) ? raw.slice(1, -1) : String(Number(raw.replace(/_/g, '')));
}

interface Copy {
  where: string;
  text: string;
  why: string;
}

function copiesIn(file: string, content: string): Copy[] {
  const found: Copy[] = [];
  content.split('\n').forEach((line, i) => {
    if (line.includes(MARKER)) return;
    const where = `${file}:${i + 1}`;
    for (const match of line.matchAll(DECLARATION)) {
      const [, name, raw] = match;
      if (exportedNames.has(name!)) found.push({ where, text: line.trim(), why: `re-declares ${name}` });
      const value = literalValue(raw!);
      if (!COMMON_VALUES.has(value) && namesByValue.has(value)) {
        found.push({
          where,
          text: line.trim(),
          why: `holds the value of ${namesByValue.get(value)!.join(' / ')}`,
        });
      }
    }
    for (const match of line.matchAll(JSX_NUMBER)) {
      const value = literalValue(match[1]!);
      if (!COMMON_VALUES.has(value) && namesByValue.has(value)) {
        found.push({
          where,
          text: line.trim(),
          why: `holds the value of ${namesByValue.get(value)!.join(' / ')}`,
        });
      }
    }
  });
  return found;
}

const files = ['lambdas', 'web/src', 'shared', 'local', 'lib'].flatMap((dir) =>
  [...sources(join(ROOT, dir))].map((path) => relative(ROOT, path)),
);
const contents = new Map(files.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));

describe("one source for the spec's numbers", () => {
  it('no copy of a spec constant in lambdas/ or web/src', () => {
    const copies = [...contents]
      .filter(([file]) => file.startsWith('lambdas/') || file.startsWith('web/src/'))
      .flatMap(([file, content]) => copiesIn(file, content));
    expect(copies.map((c) => `${c.where} ${c.why}: ${c.text}`)).toEqual([]);
  });

  it('every constant is used outside its own file (the behaviour imports it)', () => {
    const unused = [...exportedNames].filter((name) => {
      const word = new RegExp(`\\b${name}\\b`);
      const ownUse = (contents.get(CONSTANTS_FILE) ?? '').split('\n').filter((l) => word.test(l)).length;
      // A constant only its own module's helpers use (e.g. RECIPIENT_COLOURS in recipientColour).
      if (ownUse > 1) return false;
      return ![...contents].some(([file, content]) => file !== CONSTANTS_FILE && word.test(content));
    });
    expect(unused).toEqual([]);
  });

  it('the rule finds a copy (it can fail)', () => {
    expect(copiesIn('x.ts', 'export const TRIAL_DAYS = 30;').map((c) => c.why)).toEqual([
      're-declares TRIAL_DAYS',
    ]);
    expect(copiesIn('x.tsx', '<canvas width={700} height={300} />').map((c) => c.why)).toEqual([
      'holds the value of SIGN_CANVAS_WIDTH',
      'holds the value of SIGN_CANVAS_HEIGHT',
    ]);
    expect(copiesIn('x.ts', "const RED = '#CE2029';")).toHaveLength(1);
    expect(copiesIn('x.ts', 'const SIZE = 300; // not a spec constant: a stamp')).toEqual([]);
    expect(copiesIn('x.ts', 'const ATTEMPTS = 3;')).toEqual([]);
  });
});
