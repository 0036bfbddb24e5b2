// Sealing (architecture §12): generated originals of 10, 100 and 500 pages and a 50 MB scanned-like
// PDF, each sealed with 10 parties and 20 areas in a child process of its own (bench/seal-child.ts):
// each stage's time (load, stamp, audit pages, save, CMS signature, hash), the total and the peak
// memory of one seal; beside it, in the same run, `qpdf` rewriting the same file as the floor, and the ratio.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFName,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import { makeOriginal } from '../test/unit/sealing/fixtures';
import { BENCH_DIR, ROOT, type BenchContext } from './context';
import { formatValue, median, row, type Row } from './stats';

export const SEAL_100_TARGET_MS = 500;
export const SEAL_SCANNED_TARGET_MS = 3000;
export const MEMORY_TARGET_MB = 512;
const STAGES = ['load', 'stamp', 'audit', 'save', 'sign', 'hash'] as const;

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
  target?: number;
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
      target: pages === 100 ? SEAL_100_TARGET_MS : undefined,
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
    runs: Math.min(ctx.runs, 3) + 1,
    target: SEAL_SCANNED_TARGET_MS,
  });
  return list;
}

interface RunLine {
  run: number;
  total: number;
  timings: Record<(typeof STAGES)[number], number>;
  outBytes: number;
}

function sealInChild(s: Scenario, runs: number): { runs: RunLine[]; maxRssMb: number } {
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/seal-child.ts'), s.file, String(runs), String(s.pages)],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 2 ** 20, env: { ...process.env, NODE_OPTIONS: '' } },
  );
  if (res.status !== 0) throw new Error(`sealing ${s.name} failed: ${res.stderr.slice(-1500)}`);
  const lines = res.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as RunLine & { maxRssMb?: number });
  const last = lines.pop()!;
  return { runs: lines, maxRssMb: last.maxRssMb! };
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

export async function runSeal(ctx: BenchContext): Promise<Row[]> {
  const rows: Row[] = [];
  for (const s of await scenarios(ctx)) {
    ctx.log(`seal: ${s.name} (${s.runs} runs, the first parses the fonts)…`);
    // Peak memory of one job in a fresh process (what a new container's first seal needs); the
    // timing process runs several seals, and V8 collects lazily on a machine with this much memory.
    const single = sealInChild(s, 1);
    const { runs, maxRssMb } = sealInChild(s, s.runs);
    const [first, ...warm] = runs;
    const totals = warm.map((r) => r.total);
    const stages = STAGES.map((st) => `${st} ${median(warm.map((r) => r.timings[st])).toFixed(0)}`).join(
      ' / ',
    );
    const floor = qpdfTimes(s.file, Math.max(3, Math.min(ctx.runs, 5)));
    rows.push(
      row('seal', `${s.name}: seal total (warm)`, 'ms', totals, {
        target: s.target,
        note: `ms: ${stages}`,
      }),
      row('seal', `${s.name}: first seal in a fresh process`, 'ms', [first!.total], {
        note: 'parses the CJK fonts once per container',
      }),
      row('seal', `${s.name}: qpdf rewrite (floor)`, 'ms', floor),
      row('seal', `${s.name}: seal / qpdf`, 'ratio', [median(totals) / median(floor)], {
        note: `out ${formatValue(first!.outBytes, 'bytes')}`,
      }),
      row('seal', `${s.name}: peak memory of one seal (VmHWM)`, 'MB', [single.maxRssMb], {
        target: MEMORY_TARGET_MB,
        note: `fresh process; ${maxRssMb.toFixed(0)} MB after ${s.runs} seals in one`,
      }),
    );
  }
  return rows;
}
