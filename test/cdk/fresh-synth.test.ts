// Issue #20 item 1: `npx cdk synth` on a fresh clone. The tracked files are copied to a temporary
// folder (node_modules symlinked, as `npm install` would provide it) without web/dist and without the
// compiled contract (lambdas/chain/build), and the CDK CLI runs there with cdk.json's context, as an
// operator types it. Without the SPA build the app stops at once with one line naming the command;
// with it, the app compiles the contract itself and synthesises, the anchor worker's bundle carrying
// the artifact. Every function is bundled (about 2–4 min on a busy 2-core machine), so the second
// case synthesises only the app stack, the one with functions.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PROJECT_ROOT } from '../../lib/constructs/app-function';

let clone: string;

beforeAll(() => {
  clone = mkdtempSync(join(tmpdir(), 'signseal-fresh-'));
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: PROJECT_ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    const from = join(PROJECT_ROOT, file);
    if (!existsSync(from)) continue; // deleted in the working tree
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    cpSync(from, join(clone, file));
  }
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(clone, 'node_modules'));
});

afterAll(() => {
  if (clone) rmSync(clone, { recursive: true, force: true });
});

function synth(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, CDK_DISABLE_VERSION_CHECK: '1' };
  delete env.NODE_OPTIONS; // jest's --experimental-vm-modules is not the operator's shell
  delete env.CDK_DEFAULT_ACCOUNT;
  delete env.CDK_DEFAULT_REGION;
  const started = Date.now();
  const result = spawnSync('npx', ['cdk', 'synth', '--quiet', ...args], {
    cwd: clone,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { ...result, seconds: (Date.now() - started) / 1000 };
}

it('has neither the SPA build nor the compiled contract in the copy', () => {
  expect(existsSync(join(clone, 'bin/app.ts'))).toBe(true);
  expect(existsSync(join(clone, 'web/dist'))).toBe(false);
  expect(existsSync(join(clone, 'lambdas/chain/build'))).toBe(false);
});

it('stops at once with one line naming `npm run build` when the SPA is not built', () => {
  const result = synth();
  expect(result.status).not.toBe(0);
  const ours = result.stderr.split('\n').filter((line) => line.startsWith('signseal:'));
  expect(ours).toEqual([
    `signseal: ${join(clone, 'web/dist')}/index.html not found: run \`npm run build\` first.`,
  ]);
  // No bundling trace: the app stopped before building anything.
  expect(result.stderr).not.toMatch(/esbuild|bundling|cp: cannot stat/i);
  expect(result.seconds).toBeLessThan(90);
}, 120_000);

it('compiles the contract itself and synthesises the app stack once the SPA is built', () => {
  mkdirSync(join(clone, 'web/dist'), { recursive: true });
  writeFileSync(join(clone, 'web/dist/index.html'), '<!doctype html><title>SignSeal</title>');
  const result = synth('SignSealApp');
  if (result.status !== 0) throw new Error(`cdk synth failed:\n${result.stderr.slice(-4000)}`);
  expect(result.stderr).toContain('signseal: Compiling DocumentAnchor.sol');
  expect(existsSync(join(clone, 'lambdas/chain/build/DocumentAnchor.json'))).toBe(true);
  // The anchor worker's bundle (and the verification handler's) carry the artifact.
  const out = join(clone, 'cdk.out');
  const carrying = readdirSync(out).filter((dir) =>
    existsSync(join(out, dir, 'assets', 'DocumentAnchor.json')),
  );
  expect(carrying.length).toBeGreaterThanOrEqual(2);
  console.log(`fresh-clone synth of SignSealApp: ${result.seconds.toFixed(0)} s`);
}, 600_000);
