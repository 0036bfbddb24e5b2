import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sourceMappedStack } from '../../../../lambdas/core/stack';

// A two-line "bundle" whose map sends line 1 column 0 to lambdas/usecases/x.ts line 42 column 7, and
// line 2 column 4 to a dependency.
const dir = mkdtempSync(join(tmpdir(), 'stack-'));
const bundle = join(dir, 'index.mjs');
writeFileSync(bundle, 'a();\n    b();\n');
writeFileSync(
  `${bundle}.map`,
  JSON.stringify({
    version: 3,
    sources: ['../../../build/app/lambdas/usecases/x.ts', '../../node_modules/dep/index.js'],
    names: [],
    // line 1: [col 0, source 0, line 41, col 6]; line 2: [col 4, source 1, line 11, col 0] (0-based)
    mappings: 'AAyCM;IC9BN',
  }),
);

describe('stack traces mapped when logged', () => {
  it('maps bundle frames (file URL or path) to the original sources, from the project root', () => {
    const stack = `Error: boom\n    at f (${pathToFileURL(bundle).href}:1:1)\n    at ${bundle}:2:5`;
    expect(sourceMappedStack(stack)).toBe(
      'Error: boom\n    at f (lambdas/usecases/x.ts:42:7)\n    at node_modules/dep/index.js:12:1',
    );
  });

  it('leaves frames without a map, or outside it, as they are', () => {
    const stack = `Error: boom\n    at g (/nowhere/index.mjs:1:1)\n    at node:internal/x:1:1`;
    expect(sourceMappedStack(stack)).toBe(stack);
  });
});
