// `npx tsx bench/analyze.ts [--why <text>] <entry.ts> [...]`: what a Lambda bundle is made of, package by
// package; with --why, the import chain from the entry to each bundled file whose path contains <text>
// (esbuild's metafile, with the bundling options of lib/constructs/app-function.ts). This is how the
// causes in docs/performance.md (cold start) were found.
import path from 'node:path';
import * as esbuild from 'esbuild';
import { BUNDLE_ALIASES } from '../lib/bundle-aliases';
import { RENDER_MODULES } from '../lib/function-assets';
import { ESM_REQUIRE_BANNER, PROJECT_ROOT } from '../lib/constructs/app-function';

const SDK_CORE = 'SDK core (@smithy/*, @aws-sdk/core, credential providers…)';

/** The package a bundled file belongs to, or its project folder. */
export function packageOf(file: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (!m) return file.split('/').slice(0, 2).join('/');
  const name = m[1]!;
  if (name.startsWith('@smithy/')) return SDK_CORE;
  if (name.startsWith('@aws-sdk/') && !/^@aws-sdk\/(client-|lib-|s3-)/.test(name)) return SDK_CORE;
  return name;
}

export interface Analysis {
  bytes: number;
  packages: [string, number][];
  /** For each bundled file whose path contains `why`: the import chain from the entry to it. */
  chains: string[][];
}

/**
 * esbuild's options for a function bundle as `AppFunction` builds it (lib/constructs/app-function.ts:
 * minified ESM for Node 22, the require banner, the bundle aliases), with a metafile and nothing
 * written; `outdir` only names the outputs. Used here and by test/cdk/function-bundles.test.ts.
 */
export function functionBuildOptions(entryPoints: string[], outdir: string) {
  return {
    entryPoints: entryPoints.map((entry) => path.resolve(PROJECT_ROOT, entry)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    minify: true,
    mainFields: ['module', 'main'],
    banner: { js: ESM_REQUIRE_BANNER },
    alias: { ...BUNDLE_ALIASES },
    // As lib/constructs/app-function.ts: installed beside the functions that render, never bundled.
    external: [...RENDER_MODULES],
    absWorkingDir: PROJECT_ROOT,
    metafile: true,
    write: false,
    outdir,
    logLevel: 'error',
  } as const satisfies esbuild.BuildOptions;
}

export async function analyze(entry: string, why?: string): Promise<Analysis> {
  const result = await esbuild.build(
    functionBuildOptions([path.resolve(entry)], path.join('.bench', 'analyze')),
  );
  const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint)!;
  const packages = new Map<string, number>();
  for (const [file, input] of Object.entries(output.inputs))
    packages.set(packageOf(file), (packages.get(packageOf(file)) ?? 0) + input.bytesInOutput);
  const chains: string[][] = [];
  if (why) {
    // Breadth-first from the entry over the metafile's import graph: the shortest chain to each file.
    const parent = new Map<string, string | null>();
    const start = Object.keys(result.metafile.inputs).find(
      (f) => path.resolve(PROJECT_ROOT, f) === path.resolve(entry),
    )!;
    const queue = [start];
    parent.set(start, null);
    while (queue.length > 0) {
      const file = queue.shift()!;
      for (const imp of result.metafile.inputs[file]?.imports ?? [])
        if (!parent.has(imp.path) && result.metafile.inputs[imp.path]) {
          parent.set(imp.path, file);
          queue.push(imp.path);
        }
    }
    for (const file of Object.keys(output.inputs).filter((f) => f.includes(why))) {
      const chain: string[] = [];
      for (let f: string | null | undefined = file; f; f = parent.get(f)) chain.unshift(f);
      chains.push(chain);
    }
  }
  return { bytes: output.bytes, packages: [...packages].sort((a, b) => b[1] - a[1]), chains };
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const args = process.argv.slice(2);
  const whyAt = args.indexOf('--why');
  const why = whyAt >= 0 ? args.splice(whyAt, 2)[1] : undefined;
  for (const entry of args) {
    const { bytes, packages, chains } = await analyze(entry, why);
    console.log(`${entry}: ${(bytes / 1000).toFixed(0)} KB minified`);
    for (const [name, size] of packages.slice(0, 15))
      console.log(`  ${(size / 1000).toFixed(0).padStart(6)} KB  ${name}`);
    // The first chain per package is enough to see why it is there.
    const shown = new Set<string>();
    for (const chain of chains) {
      const pkg = packageOf(chain[chain.length - 1]!);
      if (shown.has(pkg)) continue;
      shown.add(pkg);
      console.log(`  why ${pkg}:\n    ${chain.join('\n    → ')}`);
    }
  }
}
