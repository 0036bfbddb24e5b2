// `npx tsx bench/analyze.ts <entry.ts> [...]`: what a Lambda bundle is made of, package by package
// (esbuild's metafile, with the bundling options of lib/constructs/app-function.ts). This is how the
// causes in docs/performance.md (cold start) were found.
import path from 'node:path';
import * as esbuild from 'esbuild';
import { BUNDLE_ALIASES } from '../lib/bundle-aliases';
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

export async function analyze(entry: string): Promise<{ bytes: number; packages: [string, number][] }> {
  const result = await esbuild.build({
    entryPoints: [path.resolve(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    minify: true,
    mainFields: ['module', 'main'],
    banner: { js: ESM_REQUIRE_BANNER },
    alias: { ...BUNDLE_ALIASES },
    absWorkingDir: PROJECT_ROOT,
    metafile: true,
    write: false,
    outdir: path.join('.bench', 'analyze'),
    logLevel: 'error',
  });
  const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint)!;
  const packages = new Map<string, number>();
  for (const [file, input] of Object.entries(output.inputs))
    packages.set(packageOf(file), (packages.get(packageOf(file)) ?? 0) + input.bytesInOutput);
  return { bytes: output.bytes, packages: [...packages].sort((a, b) => b[1] - a[1]) };
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  for (const entry of process.argv.slice(2)) {
    const { bytes, packages } = await analyze(entry);
    console.log(`${entry}: ${(bytes / 1000).toFixed(0)} KB minified`);
    for (const [name, size] of packages.slice(0, 15))
      console.log(`  ${(size / 1000).toFixed(0).padStart(6)} KB  ${name}`);
  }
}
