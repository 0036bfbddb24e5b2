// `npm run bench [-- part ...] [--runs N] [--duration S] [--markdown]`: runs the bench parts (all by
// default) and prints ONE table: each figure's median and spread over the runs, its target
// (architecture §12) and whether it is met. Progress goes to stderr, the table to stdout; the
// table is also written to .bench/latest.{txt,md,json}. See docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runApi } from './api';
import { runBilling } from './billing';
import { runBulk } from './bulk';
import { runBurst } from './burst';
import { stopBenchCloud } from './cloud';
import { runCold } from './cold';
import { runCost } from './cost';
import { BENCH_DIR, type BenchContext } from './context';
import { runE2e } from './e2e';
import { runFields } from './fields';
import { runMerkle } from './merkle';
import { runPhone, runTurn } from './phone';
import { runSchedule } from './schedule';
import { runSeal } from './seal';
import { runSealFields } from './seal-fields';
import { runSigns } from './signs';
import { runVideo } from './video';
import { runSpa } from './spa';
import { runVconfirm } from './vconfirm';
import { runVcontract } from './vcontract';
import { runWebhooks } from './webhooks';
import { formatMarkdown, formatTable, verdict, type Row } from './stats';

type Part = (ctx: BenchContext) => Promise<Row[]>;

/** In the order they run: spa first, so that cold's `cdk synth` can reuse its SPA build. */
export const PARTS: Record<string, Part> = {
  spa: runSpa,
  cold: runCold,
  seal: runSeal,
  'seal-fields': runSealFields,
  api: runApi,
  e2e: runE2e,
  phone: runPhone,
  turn: runTurn,
  fields: runFields,
  signs: runSigns,
  video: runVideo,
  vconfirm: runVconfirm,
  vcontract: runVcontract,
  billing: runBilling,
  bulk: runBulk,
  schedule: runSchedule,
  webhooks: runWebhooks,
  cost: runCost,
  burst: runBurst,
  merkle: runMerkle,
};

/** Parts run only when named: `burst` takes many minutes (1,000 contracts, twice). */
const OPT_IN = ['burst'];

function parseArgs(argv: readonly string[]) {
  const parts: string[] = [];
  let runs = 5;
  let durationSeconds = 5;
  let markdown = false;
  let contracts: number | undefined;
  let workers: number | undefined;
  let noKill = false;
  let killOnly = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--runs') runs = Number(argv[++i]);
    else if (a === '--duration') durationSeconds = Number(argv[++i]);
    else if (a === '--markdown') markdown = true;
    else if (a === '--contracts') contracts = Number(argv[++i]);
    else if (a === '--workers') workers = Number(argv[++i]);
    else if (a === '--no-kill') noKill = true;
    else if (a === '--kill-only') killOnly = true;
    else if (a in PARTS) parts.push(a);
    else throw new Error(`unknown argument ${a}: parts are ${Object.keys(PARTS).join(', ')}`);
  }
  if (noKill && killOnly) throw new Error('--no-kill and --kill-only exclude each other');
  if (!(runs >= 1) || !(durationSeconds >= 1)) throw new Error('--runs and --duration take a number ≥ 1');
  for (const [flag, value] of [
    ['--contracts', contracts],
    ['--workers', workers],
  ] as const) {
    if (value !== undefined && !(Number.isInteger(value) && value >= 1))
      throw new Error(`${flag} takes a whole number ≥ 1`);
  }
  return {
    parts: parts.length
      ? Object.keys(PARTS).filter((p) => parts.includes(p))
      : Object.keys(PARTS).filter((p) => !OPT_IN.includes(p)),
    runs,
    durationSeconds,
    markdown,
    ...(contracts ? { contracts } : {}),
    ...(workers ? { workers } : {}),
    noKill,
    killOnly,
  };
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, Node ${process.version}, ${os.platform()} ${os.arch()}`;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const log = (line: string) =>
    process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);
  const ctx: BenchContext = {
    runs: args.runs,
    durationSeconds: args.durationSeconds,
    log,
    ...(args.contracts ? { contracts: args.contracts } : {}),
    ...(args.workers ? { workers: args.workers } : {}),
    noKill: args.noKill,
    killOnly: args.killOnly,
  };
  const before = machine();
  const rows: Row[] = [];
  const failures: string[] = [];
  try {
    for (const name of args.parts) {
      log(`— ${name} —`);
      try {
        rows.push(...(await PARTS[name]!(ctx)));
      } catch (err) {
        failures.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
        log(`${name} FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      }
    }
  } finally {
    await stopBenchCloud();
  }
  const header = [
    `SignSeal bench — ${new Date().toISOString()} — parts: ${args.parts.join(', ')} — ${args.runs} runs each`,
    `machine: ${before}`,
  ];
  const misses = rows.filter((r) => verdict(r) === 'MISS').length;
  const footer = [
    `${rows.length} figures, ${misses} over target${failures.length ? `, ${failures.length} part(s) failed: ${failures.join('; ')}` : ''}; total ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  ];
  const text = [...header, '', formatTable(rows), '', ...footer].join('\n');
  const md = [...header.map((h) => `${h}  `), '', formatMarkdown(rows), '', ...footer].join('\n');
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  fs.writeFileSync(path.join(BENCH_DIR, 'latest.txt'), text + '\n');
  fs.writeFileSync(path.join(BENCH_DIR, 'latest.md'), md + '\n');
  fs.writeFileSync(
    path.join(BENCH_DIR, 'latest.json'),
    JSON.stringify({ machine: before, rows, failures }, null, 2),
  );
  process.stdout.write((args.markdown ? md : text) + '\n');
  if (failures.length) process.exitCode = 1;
}

await main();
