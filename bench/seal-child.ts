// One sealing scenario in its own process, so that its peak memory (VmHWM) is its own: reads the
// original, seals it `runs` times with 10 parties and 20 areas, prints one JSON line per run and one
// with the process's max RSS. Started by bench/seal.ts; not meant to be run by hand.
import fs from 'node:fs';
import { createServiceSigner, sealPdf } from '../lambdas/sealing/index';
import { auditData, makeSignPng, stamps } from '../test/unit/sealing/fixtures';

const [file, runsArg, pagesArg] = process.argv.slice(2);
const runs = Number(runsArg);
const pages = Number(pagesArg);
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
const original = new Uint8Array(fs.readFileSync(file!));
const pngs = NAMES.map((_, i) => makeSignPng(700 - i * 10, 300));
const input = {
  original,
  stamps: stamps(20, pages, pngs),
  audit: auditData(NAMES, 40, { pageCount: pages }),
  language: 'jp' as const,
  signer: createServiceSigner('SignSeal Bench'),
  signedAt: new Date('2026-11-22T10:10:00Z'),
};
for (let run = 0; run < runs; run += 1) {
  const t = performance.now();
  const result = await sealPdf(input);
  const total = performance.now() - t;
  process.stdout.write(
    JSON.stringify({
      run,
      total,
      timings: result.timings,
      outBytes: result.pdf.length,
      pageCount: result.pageCount,
    }) + '\n',
  );
}
process.stdout.write(JSON.stringify({ maxRssMb: peakRssMb() }) + '\n');

/**
 * This process's peak resident memory. Linux's VmHWM belongs to the process's own memory map, which
 * exec replaces; `resourceUsage().maxRSS` (getrusage) carries over the parent's resident size at fork,
 * which for a bench runner that has built the SPA and generated 50 MB PDFs is larger than a seal.
 */
function peakRssMb(): number {
  try {
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS / 1024;
}
