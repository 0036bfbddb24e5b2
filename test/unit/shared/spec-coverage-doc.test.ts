// docs/spec-coverage.md stays true in both directions (issue #29 item 7):
// - every page route of the SPA (web/src/app/paths.ts) and every API route (shared/api/routes.ts) is
//   listed in it, and everything it lists as a route exists;
// - every test file it names exists;
// - every message of the spec (test/unit/shared/spec-messages.ts) is either shown by the product (its
//   key is used in web/src, lambdas or shared) or listed under "Spec messages not shown" with the
//   reason — never both, never neither.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES } from '../../../shared/api/routes';
import { paths } from '../../../web/src/app/paths';
import { PUBLIC_PAGES } from '../../../web/src/features/public/public-paths';
import * as specMessages from './spec-messages';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const DOC = readFileSync(join(ROOT, 'docs/spec-coverage.md'), 'utf8');
const NOT_SHOWN_HEADING = '## Spec messages not shown';

/** Backticked spans of a text. */
const spans = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());

const pageRoute = (path: string) => `/{lang}/${path}`;
const apiRoute = (method: string, path: string) => `${method} ${path}`;

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'node_modules' && entry !== 'build' && entry !== 'i18n') yield* sources(path);
    } else if (/\.tsx?$/.test(entry)) yield path;
  }
}

const code = ['web/src', 'lambdas', 'shared']
  .flatMap((dir) => [...sources(join(ROOT, dir))])
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

/** A key is shown when the code names it: literally, or as the constant prefix of a template key. */
function usedInCode(key: string): boolean {
  if (code.includes(`'${key}'`) || code.includes(`"${key}"`) || code.includes(`\`${key}\``)) return true;
  // `signing.errors.${code}`-style keys: the prefix is literal and the leaf is a literal elsewhere.
  const dot = key.lastIndexOf('.');
  const prefix = key.slice(0, dot + 1);
  const leaf = key.slice(dot + 1);
  return code.includes(`\`${prefix}\${`) && code.includes(`'${leaf}'`);
}

const specKeys = Object.values(specMessages)
  .filter(Array.isArray)
  .flat()
  .filter((m): m is { key: string } => typeof (m as { key?: unknown })?.key === 'string')
  .map((m) => m.key);

const [listed, notShownPart = ''] = DOC.split(NOT_SHOWN_HEADING);
const notShown = new Set(
  notShownPart
    .split('\n')
    .filter((line) => line.startsWith('- `'))
    .map((line) => spans(line)[0]!),
);
const docSpans = new Set(spans(listed!));

describe('docs/spec-coverage.md', () => {
  const pageRoutes = [
    ...new Set([
      ...Object.values(paths).map((p) => pageRoute(p.path)),
      ...Object.values(PUBLIC_PAGES).map(pageRoute),
      // The OAuth callback, outside the language segment (web/src/features/auth/routes.tsx).
      '/callback_linelogin',
    ]),
  ];
  const apiRoutes = ROUTES.map((r) => apiRoute(r.method, r.path));

  it('lists every page route of the SPA and every API route', () => {
    expect(pageRoutes.filter((r) => !docSpans.has(r))).toEqual([]);
    expect(apiRoutes.filter((r) => !docSpans.has(r))).toEqual([]);
  });

  it('lists no route that does not exist', () => {
    const pages = new Set(pageRoutes);
    const apis = new Set(apiRoutes);
    expect([...docSpans].filter((s) => s.startsWith('/{lang}/') && !pages.has(s))).toEqual([]);
    expect(
      [...docSpans].filter((s) => /^(GET|POST|PUT|PATCH|DELETE) \/api\//.test(s) && !apis.has(s)),
    ).toEqual([]);
  });

  it('names only test files that exist', () => {
    const named = [...docSpans].filter((s) => /^test\/.+\.ts$/.test(s));
    expect(named.length).toBeGreaterThan(20);
    const exists = (file: string) => {
      if (!file.includes('*')) return existsSync(join(ROOT, file));
      // `test/cdk/*.test.ts`: a folder with such files.
      const dir = file.slice(0, file.lastIndexOf('/'));
      const suffix = file.slice(file.lastIndexOf('*') + 1);
      return existsSync(join(ROOT, dir)) && readdirSync(join(ROOT, dir)).some((f) => f.endsWith(suffix));
    };
    expect(named.filter((file) => !exists(file))).toEqual([]);
  });

  it('accounts for every message of the spec: shown by the code, or listed as not shown (not both)', () => {
    expect(specKeys.length).toBeGreaterThan(100);
    const neither = specKeys.filter((key) => !usedInCode(key) && !notShown.has(key));
    const both = specKeys.filter((key) => usedInCode(key) && notShown.has(key));
    expect({ neither, both }).toEqual({ neither: [], both: [] });
    // Every key listed as not shown is a spec message.
    expect([...notShown].filter((key) => !specKeys.includes(key))).toEqual([]);
  });

  it('the checks can fail', () => {
    expect(usedInCode('no.such.key')).toBe(false);
    expect(usedInCode('auth.loggedOut')).toBe(true);
    expect(docSpans.has('GET /api/no-such-route')).toBe(false);
  });
});
