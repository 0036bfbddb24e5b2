// Readable stack traces without paying for them at start-up. The functions ship a source map beside
// their minified bundle (index.mjs.map). Node's `--enable-source-maps` reads and decodes that map when
// the bundle is imported — 10–50 ms of every cold start, measured per function in docs/performance.md —
// to rewrite stacks that only an unexpected error ever logs. Instead, the logger asks for the map when
// it serialises an error: the first error in a container reads it once (Node's own `SourceMap` class),
// later ones reuse it, and a frame `…/index.mjs:1:23456` becomes `lambdas/usecases/x.ts:42:7`.
// Where stacks are already readable (the local cloud runs the TypeScript sources; Node started with
// source maps enabled), nothing is done.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const maps = new Map<string, SourceMap | null>();

function mapFor(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = null; // no map beside this file (or not readable): leave its frames as they are
    }
    maps.set(file, map);
  }
  return map;
}

// `at fn (file:///var/task/index.mjs:1:2345)` or `at /var/task/index.mjs:1:2345`.
const FRAME = /((?:file:\/\/)?\/[^\s():]+\.m?js):(\d+):(\d+)/g;

/**
 * A source's path from the project root: the map's paths are relative to wherever the bundle was
 * built ('../../../work/app/lambdas/x.ts'), which says nothing to the reader of a log.
 */
function projectPath(source: string): string {
  const dependency = source.lastIndexOf('node_modules/');
  if (dependency >= 0) return source.slice(dependency);
  const own = /(?:^|\/)((?:lambdas|shared|lib|test)\/.*)$/.exec(source);
  return own ? own[1]! : source.replace(/^(?:\.\.\/)+/, '');
}

/** A stack with its bundle frames mapped to the original sources (unchanged where there is no map). */
export function sourceMappedStack(stack: string): string {
  if (process.sourceMapsEnabled) return stack;
  return stack.replace(FRAME, (whole, location: string, line: string, column: string) => {
    const file = location.startsWith('file://') ? fileURLToPath(location) : location;
    const entry = mapFor(file)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !('originalSource' in entry)) return whole;
    return `${projectPath(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}
