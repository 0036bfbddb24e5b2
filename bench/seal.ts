// Sealing (architecture §12): generated originals of 10, 100 and 500 pages and a 50 MB scanned-like
// PDF, each sealed with 10 parties and 20 areas, by the product and, on the same inputs, by the
// node-signpdf pipeline the peers use (bench/seal-peer.ts; issue #19). Both are esbuild bundles built
// with the functions' bundling options and run in child processes (bench/seal-child.ts): warm, in
// turns in one process; and each one's first seal in fresh processes (import + seal, peak memory;
// the product's with the seal worker's NODE_OPTIONS, as Lambda runs it).
// Printed: the product's stage times, the peer's figures, the ratios against their targets, and
// `qpdf` rewriting the same file as the floor.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFName,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import { createServiceSigner } from '../lambdas/sealing/index';
import { LOCAL_HOST } from '../local/ports';
import { startLocalTrust } from '../local/trust/index';
import { auditData, makeOriginal, makeSignPng, stamps } from '../test/unit/sealing/fixtures';
import { SEAL_NODE_OPTIONS } from '../lib/function-assets';
import { functionBuildOptions } from './analyze';
import { BENCH_DIR, ROOT, type BenchContext } from './context';
import { formatValue, median, row, type Row } from './stats';

export const SEAL_100_TARGET_MS = 500;
export const SEAL_SCANNED_TARGET_MS = 3000;
export const MEMORY_TARGET_MB = 512;
const STAGES = ['load', 'stamp', 'audit', 'save', 'sign', 'hash'] as const;
const NAMES = [
  '山田 花子',
  '김민수',
  'Alice Smith',
  '佐藤 太郎',
  '이서연',
  'Bob Jones',
  '鈴木 一郎',
  '박지훈',
  'Carol White',
  '高橋 美咲',
];
/**
 * Issue #19's targets, as ratios of the product to the node-signpdf pipeline in the same run; peak
 * memory's lowered from 1.0 to 0.8 by issue #33.
 */
export const PEER_FIRST_TARGET = 1.0;
export const PEER_WARM_TARGET = 0.6;
export const PEER_SCANNED_TARGET = 0.5;
export const PEER_MEMORY_TARGET = 0.8;

/**
 * A scanned-like original: `pages` A4 pages, each one 1400×1400 8-bit greyscale image of noise over a
 * gradient, Flate-compressed (noise does not compress, like a scan's grain): about 50 MB for 26 pages.
 */
export async function scannedOriginal(targetBytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const side = 1400;
  let total = 0;
  while (total < targetBytes) {
    const pixels = randomBytes(side * side);
    for (let y = 0; y < side; y += 1) {
      // a gradient with grain: the image is not pure noise, like paper with print on it
      for (let x = 0; x < side; x += 8) pixels[y * side + x] = (x + y) & 0xff;
    }
    const data = deflateSync(pixels, { level: 1 });
    total += data.length;
    const page = doc.addPage([595.28, 841.89]);
    const image = doc.context.register(
      doc.context.stream(data, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
        Filter: PDFName.of('FlateDecode'),
      }),
    );
    const name = page.node.newXObject('Scan', image);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(595.28, 0, 0, 841.89, 0, 0),
      drawObject(name),
      popGraphicsState(),
    );
  }
  return doc.save({ useObjectStreams: false });
}

interface Scenario {
  name: string;
  file: string;
  pages: number;
  runs: number;
  /** Fresh-process pairs (product, peer) for the first seal and peak memory. */
  fresh: number;
  target?: number;
  peerTarget: number;
}

async function scenarios(ctx: BenchContext): Promise<Scenario[]> {
  const dir = path.join(BENCH_DIR, 'seal');
  fs.mkdirSync(dir, { recursive: true });
  const list: Scenario[] = [];
  for (const pages of [10, 100, 500]) {
    const file = path.join(dir, `original-${pages}.pdf`);
    if (!fs.existsSync(file)) fs.writeFileSync(file, await makeOriginal(pages));
    list.push({
      name: `${pages} pages`,
      file,
      pages,
      runs: pages >= 500 ? Math.min(ctx.runs, 3) + 1 : ctx.runs + 1,
      fresh: pages >= 500 ? 1 : 3,
      target: pages === 100 ? SEAL_100_TARGET_MS : undefined,
      peerTarget: PEER_WARM_TARGET,
    });
  }
  const scanned = path.join(dir, 'scanned-50mb.pdf');
  if (!fs.existsSync(scanned)) {
    ctx.log('seal: generating the 50 MB scanned-like original…');
    fs.writeFileSync(scanned, await scannedOriginal(50_000_000));
  }
  const doc = await PDFDocument.load(fs.readFileSync(scanned), { updateMetadata: false });
  list.push({
    name: `scanned ${formatValue(fs.statSync(scanned).size, 'bytes')}`,
    file: scanned,
    pages: doc.getPageCount(),
    // the peer hashes 50 MB with forge in JavaScript (seconds a round): fewer rounds
    runs: Math.min(ctx.runs, 2) + 1,
    fresh: 1,
    target: SEAL_SCANNED_TARGET_MS,
    peerTarget: PEER_SCANNED_TARGET,
  });
  return list;
}

interface WarmLine {
  round: number;
  pipeline: 'product' | 'peer';
  total: number;
  timings?: Record<(typeof STAGES)[number], number>;
  outBytes: number;
}

interface FreshLine {
  importMs: number;
  sealMs: number;
  outBytes: number;
  maxRssMb: number;
}

interface Bundles {
  product: string;
  peer: string;
  /** The trust adapter (lambdas/adapters/trust.ts), for the B-LTA rows (issue #30). */
  trust: string;
}

/**
 * The two pipelines as esbuild bundles, built as `AppFunction` builds a function (minified ESM for
 * Node 22, the require banner); the peer without the product's module replacements.
 */
async function buildBundles(dir: string): Promise<Bundles> {
  const build = async (entry: string, name: string, aliases: boolean) => {
    const options = functionBuildOptions([entry], dir);
    await esbuild.build({
      ...options,
      alias: aliases ? options.alias : {},
      entryNames: name,
      outExtension: { '.js': '.mjs' },
      metafile: false,
      write: true,
    });
    return path.join(dir, `${name}.mjs`);
  };
  return {
    product: await build('lambdas/sealing/index.ts', 'product', true),
    peer: await build('bench/seal-peer.ts', 'peer', false),
    trust: await build('lambdas/droppable/trust.ts', 'trust', true),
  };
}

/**
 * The inputs both pipelines read, as files: the sign PNGs, a PKCS#12 signer, and per page count the
 * 20 areas (each naming its PNG by index) and the audit data.
 */
function writeInputs(dir: string, list: readonly Scenario[]): void {
  const pngs = NAMES.map((_, i) => makeSignPng(700 - i * 10, 300));
  pngs.forEach((png, i) => fs.writeFileSync(path.join(dir, `sign-${i}.png`), png));
  const signer = createServiceSigner('SignSeal Bench');
  fs.writeFileSync(path.join(dir, 'signer.p12'), signer.p12);
  for (const { pages } of list) {
    const areas = stamps(20, pages, pngs).map((stamp) => ({ ...stamp, png: pngs.indexOf(stamp.png) }));
    const inputs = {
      signs: pngs.length,
      passphrase: signer.passphrase,
      audit: auditData(NAMES, 40, { pageCount: pages }),
      stamps: areas,
    };
    fs.writeFileSync(path.join(dir, `inputs-${pages}.json`), JSON.stringify(inputs));
  }
}

/** `nodeOptions`: the NODE_OPTIONS the child runs with (none unless given, as before issue #33). */
function child(args: string[], nodeOptions = ''): string[] {
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/seal-child.ts'), ...args],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 16 * 2 ** 20,
      env: { ...process.env, NODE_OPTIONS: nodeOptions },
    },
  );
  if (res.status !== 0) throw new Error(`seal-child ${args.join(' ')} failed: ${res.stderr.slice(-1500)}`);
  return res.stdout.trim().split('\n');
}

/** As `child`, without blocking this process: the local authorities it serves answer meanwhile. */
function childAsync(args: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'bench/seal-child.ts'), ...args],
      {
        cwd: ROOT,
        env: { ...process.env, NODE_OPTIONS: '' },
      },
    );
    let out = '';
    let err = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    proc.on('error', reject);
    proc.on('close', (code) => {
      if (code === 0) resolve(out.trim().split('\n'));
      else reject(new Error(`seal-child ${args[0]} failed: ${err.slice(-1500)}`));
    });
  });
}

/**
 * A fresh process's one seal. The product's runs with the seal worker's NODE_OPTIONS (its Lambda
 * environment, lib/function-assets.ts: issue #33); the peer's with none, as it always was.
 */
function fresh(pipeline: 'product' | 'peer', bundle: string, s: Scenario): FreshLine {
  const options = pipeline === 'product' ? SEAL_NODE_OPTIONS : '';
  return JSON.parse(child(['fresh', pipeline, bundle, s.file, String(s.pages)], options)[0]!) as FreshLine;
}

function qpdfTimes(file: string, runs: number): number[] {
  const out = path.join(path.dirname(file), 'qpdf-out.pdf');
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    const res = spawnSync('qpdf', [file, out], { encoding: 'utf8' });
    if (res.status !== 0 && res.status !== 3) throw new Error(`qpdf failed: ${res.stderr}`);
    times.push(performance.now() - t);
  }
  fs.rmSync(out, { force: true });
  return times;
}

const ratios = (a: readonly number[], b: readonly number[]) => a.map((v, i) => v / b[i]!);

/** Issue #30: a 100-page B-LTA seal's worker time against B-B's and the peer's B-B. */
export const LTA_TARGET = 1.5;

interface LtaLine {
  round: number;
  kind: 'bb' | 'lta' | 'peer';
  total: number;
  evidence?: Record<'timestamp' | 'revocation' | 'dss' | 'docTimestamp' | 'roundTrips', number>;
  outBytes: number;
}

/**
 * B-LTA (issue #30): the product sealing with the local trust services (CA, OCSP responder and two
 * timestamp authorities in this process, the seals in a child: each round trip crosses processes
 * over HTTP, as with a remote authority), in turns with its B-B seal and the peer's B-B pipeline.
 */
async function ltaRows(ctx: BenchContext, bundles: Bundles, s: Scenario): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-trust-'));
  const trust = await startLocalTrust({
    dataDir,
    host: LOCAL_HOST,
    ports: { tsa: 0, tsaFallback: 0, ocsp: 0 },
  });
  try {
    const rounds = Math.max(4, ctx.runs + 1);
    ctx.log(`seal: ${s.name} B-LTA (${rounds} rounds B-B / B-LTA / node-signpdf in one process)…`);
    const lines = (
      await childAsync([
        'lta',
        bundles.product,
        bundles.peer,
        bundles.trust,
        s.file,
        String(s.pages),
        String(rounds),
        trust.tsaUrls.join(','),
        trust.signerFile,
      ])
    ).map((l) => JSON.parse(l) as LtaLine);
    // The first round (JIT, the PKCS#12 key, the OCSP cache) is left out, as for the warm rows.
    const of = (kind: LtaLine['kind']) => lines.filter((l) => l.kind === kind && l.round > 0);
    const bb = of('bb');
    const lta = of('lta');
    const peer = of('peer');
    const waits = lta.map((l) => l.evidence?.roundTrips ?? 0);
    const stage = (k: keyof NonNullable<LtaLine['evidence']>) =>
      median(lta.map((l) => l.evidence?.[k] ?? 0)).toFixed(0);
    return [
      row(
        'seal',
        `${s.name}: B-LTA seal total (warm, local authorities)`,
        'ms',
        lta.map((l) => l.total),
        {
          note: `ms: timestamp ${stage('timestamp')} / OCSP wait ${stage('revocation')} / DSS ${stage('dss')} / document timestamp ${stage('docTimestamp')}; out ${formatValue(lta[0]?.outBytes ?? Number.NaN, 'bytes')}`,
        },
      ),
      row(
        'seal',
        `${s.name}: B-LTA without its round trips`,
        'ms',
        lta.map((l, i) => l.total - waits[i]!),
        {
          note: `round trips waited: median ${median(waits).toFixed(0)} ms`,
        },
      ),
      row(
        'seal',
        `${s.name}: B-B seal total (same rounds)`,
        'ms',
        bb.map((l) => l.total),
      ),
      row(
        'seal',
        `${s.name}: B-LTA / B-B (warm, per round)`,
        'ratio',
        ratios(
          lta.map((l) => l.total),
          bb.map((l) => l.total),
        ),
        {
          target: LTA_TARGET,
        },
      ),
      row(
        'seal',
        `${s.name}: B-LTA / node-signpdf B-B (warm, per round)`,
        'ratio',
        ratios(
          lta.map((l) => l.total),
          peer.map((l) => l.total),
        ),
        {
          target: PEER_FIRST_TARGET,
          note: `node-signpdf ${median(peer.map((l) => l.total)).toFixed(0)} ms`,
        },
      ),
    ];
  } finally {
    await trust.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runSeal(ctx: BenchContext): Promise<Row[]> {
  const rows: Row[] = [];
  const dir = path.join(BENCH_DIR, 'seal');
  const list = await scenarios(ctx);
  const bundles = await buildBundles(dir);
  writeInputs(dir, list);
  for (const s of list) {
    ctx.log(`seal: ${s.name} (${s.runs} rounds product/peer in one process, ${s.fresh} fresh pair(s))…`);
    // Warm: both pipelines in one process, in turns; the first round (JIT, fonts, PKCS#12) is left out.
    const lines = child(['warm', bundles.product, bundles.peer, s.file, String(s.pages), String(s.runs)]).map(
      (l) => JSON.parse(l) as WarmLine,
    );
    const warm = (p: WarmLine['pipeline']) => lines.filter((l) => l.pipeline === p && l.round > 0);
    const product = warm('product');
    const peer = warm('peer');
    const totals = product.map((r) => r.total);
    const stages = STAGES.map((st) => `${st} ${median(product.map((r) => r.timings![st])).toFixed(0)}`).join(
      ' / ',
    );
    // First seal: a fresh process per pipeline and pair, the pairs one after the other.
    const firsts: { product: FreshLine; peer: FreshLine }[] = [];
    for (let i = 0; i < s.fresh; i += 1) {
      firsts.push({ product: fresh('product', bundles.product, s), peer: fresh('peer', bundles.peer, s) });
    }
    const first = (p: 'product' | 'peer') => firsts.map((f) => f[p].importMs + f[p].sealMs);
    const memory = (p: 'product' | 'peer') => firsts.map((f) => f[p].maxRssMb);
    const floor = qpdfTimes(s.file, Math.max(3, Math.min(ctx.runs, 5)));
    const firstTarget = s.pages <= 100 && s.fresh > 1 ? PEER_FIRST_TARGET : undefined;
    rows.push(
      row('seal', `${s.name}: seal total (warm)`, 'ms', totals, { target: s.target, note: `ms: ${stages}` }),
      row(
        'seal',
        `${s.name}: node-signpdf pipeline (warm)`,
        'ms',
        peer.map((r) => r.total),
        {
          note: `in turns with the seal, ${peer.length} rounds`,
        },
      ),
      row(
        'seal',
        `${s.name}: seal / node-signpdf (warm, per round)`,
        'ratio',
        ratios(
          totals,
          peer.map((r) => r.total),
        ),
        {
          target: s.peerTarget,
        },
      ),
      row('seal', `${s.name}: first seal in a fresh process (import + seal)`, 'ms', first('product'), {
        note: `import ${median(firsts.map((f) => f.product.importMs)).toFixed(0)} + seal ${median(firsts.map((f) => f.product.sealMs)).toFixed(0)} ms`,
      }),
      row('seal', `${s.name}: node-signpdf first seal (import + seal)`, 'ms', first('peer'), {
        note: `import ${median(firsts.map((f) => f.peer.importMs)).toFixed(0)} + seal ${median(firsts.map((f) => f.peer.sealMs)).toFixed(0)} ms`,
      }),
      row(
        'seal',
        `${s.name}: seal / node-signpdf (first seal, per pair)`,
        'ratio',
        ratios(first('product'), first('peer')),
        {
          target: firstTarget,
        },
      ),
      row('seal', `${s.name}: qpdf rewrite (floor)`, 'ms', floor),
      row('seal', `${s.name}: seal / qpdf`, 'ratio', [median(totals) / median(floor)], {
        note: `out ${formatValue(product[0]?.outBytes ?? Number.NaN, 'bytes')}`,
      }),
      row('seal', `${s.name}: peak memory of one seal (VmHWM)`, 'MB', memory('product'), {
        target: MEMORY_TARGET_MB,
        note: `fresh process: code, fonts, original, output; NODE_OPTIONS=${SEAL_NODE_OPTIONS}`,
      }),
      row('seal', `${s.name}: node-signpdf peak memory (VmHWM)`, 'MB', memory('peer')),
      row(
        'seal',
        `${s.name}: seal / node-signpdf (peak memory, per pair)`,
        'ratio',
        ratios(memory('product'), memory('peer')),
        {
          // issue #33: every scenario, 500 pages and the scan too (one pair each: single processes)
          target: PEER_MEMORY_TARGET,
          note: `load ${os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')}`,
        },
      ),
    );
    if (s.pages === 100) rows.push(...(await ltaRows(ctx, bundles, s)));
  }
  return rows;
}
