// Cold start (architecture §12): each Lambda bundle's size as `cdk synth` writes it, and its module
// init time in a fresh Node process with the function's environment.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatValue, median, row, type Row } from './stats';
import { BENCH_DIR, ROOT, type BenchContext } from './context';

const TASK_ROOT = '/var/task';

export const BUNDLE_TARGET_BYTES = 1_000_000;
export const INIT_TARGET_MS = 150;

export interface LambdaBundle {
  /** The construct id, e.g. SignerViewHandler. */
  name: string;
  /** The stack and construct path, for the note. */
  constructPath: string;
  file: string;
  bytes: number;
  environment: Record<string, string>;
}

interface TemplateResource {
  Type: string;
  Metadata?: Record<string, string>;
  Properties?: { Environment?: { Variables?: Record<string, unknown> } };
}

/** Our functions in a cdk.out folder: Lambda resources whose asset holds an esbuild `index.mjs`. */
export function findBundles(cdkOut: string): LambdaBundle[] {
  const bundles: LambdaBundle[] = [];
  for (const file of fs.readdirSync(cdkOut).filter((f) => f.endsWith('.template.json'))) {
    const template = JSON.parse(fs.readFileSync(path.join(cdkOut, file), 'utf8')) as {
      Resources?: Record<string, TemplateResource>;
    };
    for (const resource of Object.values(template.Resources ?? {})) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const asset = resource.Metadata?.['aws:asset:path'];
      const constructPath = resource.Metadata?.['aws:cdk:path'] ?? '?';
      if (!asset) continue;
      const bundle = path.join(cdkOut, asset, 'index.mjs');
      if (!fs.existsSync(bundle)) continue; // CDK's own custom-resource code
      const environment: Record<string, string> = {};
      // Files copied next to the bundle (fonts, the contract's ABI) are in /var/task on Lambda.
      for (const [k, v] of Object.entries(resource.Properties?.Environment?.Variables ?? {}))
        environment[k] =
          typeof v !== 'string'
            ? placeholderFor(k)
            : v.startsWith(TASK_ROOT)
              ? path.join(path.dirname(bundle), v.slice(TASK_ROOT.length))
              : v;
      environment.LAMBDA_TASK_ROOT = path.dirname(bundle);
      const parts = constructPath.split('/');
      bundles.push({
        name: parts[parts.length - 2] ?? constructPath,
        constructPath,
        file: bundle,
        bytes: fs.statSync(bundle).size,
        environment,
      });
    }
  }
  return bundles.sort((a, b) => a.name.localeCompare(b.name));
}

/** A well-formed stand-in for a value CloudFormation resolves at deploy time (a Ref or GetAtt). */
function placeholderFor(variable: string): string {
  if (variable.endsWith('_URL'))
    return `https://sqs.us-east-1.amazonaws.com/123456789012/${variable.toLowerCase()}`;
  return `bench-${variable.toLowerCase()}`;
}

/**
 * Module init of one bundle in a fresh Node process, with its environment as deployed: wall-clock ms
 * (the target) and the CPU ms the process spent meanwhile (less sensitive to a busy machine).
 */
export function initTime(bundle: LambdaBundle): { wall: number; cpu: number } {
  const url = pathToFileURL(bundle.file).href;
  const script = [
    'const c = process.cpuUsage(); const t = performance.now();',
    `await import(${JSON.stringify(url)});`,
    'const wall = performance.now() - t; const u = process.cpuUsage(c);',
    'process.stdout.write(JSON.stringify({ wall, cpu: (u.user + u.system) / 1000 }));',
  ].join(' ');
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.dirname(bundle.file),
    env: {
      PATH: process.env.PATH,
      AWS_REGION: 'us-east-1',
      AWS_LAMBDA_FUNCTION_NAME: bundle.name,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...bundle.environment,
    },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`init of ${bundle.name} failed: ${res.stderr.slice(0, 500)}`);
  return JSON.parse(res.stdout) as { wall: number; cpu: number };
}

/** `cdk synth` into .bench/cdk.out (the SPA asset is a stub unless `spa` built one). */
export function synth(log: (line: string) => void): string {
  const out = path.join(BENCH_DIR, 'cdk.out');
  let site = path.join(BENCH_DIR, 'web-dist');
  if (!fs.existsSync(path.join(site, 'index.html'))) {
    site = path.join(BENCH_DIR, 'site-stub');
    fs.mkdirSync(site, { recursive: true });
    fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>bench</title>');
  }
  fs.rmSync(out, { recursive: true, force: true });
  // The contract's ABI is copied into some bundles (what `npm run synth` does first; skipped when
  // the artifact is up to date).
  const contract = spawnSync(process.execPath, ['--import', 'tsx', 'lambdas/chain/compile.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (contract.status !== 0) throw new Error(`contract:build failed:\n${contract.stderr}`);
  log('cdk synth (bundles every function with esbuild)…');
  const started = Date.now();
  const res = spawnSync(
    path.join(ROOT, 'node_modules/.bin/cdk'),
    ['synth', '--quiet', '--output', out, '--context', `siteAssetPath=${site}`],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 },
  );
  if (res.status !== 0) throw new Error(`cdk synth failed:\n${res.stderr}\n${res.stdout}`);
  log(`cdk synth done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return out;
}

export async function runCold(ctx: BenchContext): Promise<Row[]> {
  const bundles = findBundles(synth(ctx.log));
  if (bundles.length === 0) throw new Error('cdk synth produced no function bundles');
  const rows: Row[] = [];
  for (const b of bundles) {
    rows.push(row('cold', `${b.name} bundle`, 'bytes', [b.bytes], { target: BUNDLE_TARGET_BYTES }));
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < ctx.runs; i++) {
      const t = initTime(b);
      wall.push(t.wall);
      cpu.push(t.cpu);
    }
    rows.push(
      row('cold', `${b.name} init`, 'ms', wall, {
        target: INIT_TARGET_MS,
        note: `CPU ${formatValue(median(cpu), 'ms')}`,
      }),
    );
  }
  ctx.log(`cold: ${bundles.length} functions measured`);
  return rows;
}
