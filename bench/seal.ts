// Sealing performance (architecture §12): a 100-page PDF, 10 signers, 20 areas, 40 history lines,
// sealed warm (fonts parsed once) must take ≤ 0.5 s. Run: npx tsx bench/seal.ts [runs]
import { performance } from 'node:perf_hooks';
import { createServiceSigner, sealPdf } from '../lambdas/sealing/index';
import { auditData, makeOriginal, makeSignPng, stamps } from '../test/unit/sealing/fixtures';

const runs = Number(process.argv[2] ?? 5);
const names = [
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
const original = await makeOriginal(100);
const pngs = names.map((_, i) => makeSignPng(700 - i * 10, 300));
const signer = createServiceSigner('SignSeal Bench');
const input = {
  original,
  stamps: stamps(20, 100, pngs),
  audit: auditData(names, 40, { pageCount: 100 }),
  language: 'jp' as const,
  signer,
  signedAt: new Date('2026-11-22T10:10:00Z'),
};

console.log(
  `original: ${(original.length / 1024).toFixed(0)} KiB, 100 pages, 10 parties, 20 stamps, 40 history lines`,
);
const totals: number[] = [];
for (let run = 0; run < runs; run += 1) {
  const start = performance.now();
  const result = await sealPdf(input);
  const total = performance.now() - start;
  totals.push(total);
  console.log(
    `run ${run + 1}${run === 0 ? ' (cold: fonts parsed)' : ''}: ${total.toFixed(0)} ms`,
    JSON.stringify(result.timings),
    `${result.pageCount} pages, ${(result.pdf.length / 1024).toFixed(0)} KiB`,
  );
}
const warm = totals.slice(1).sort((a, b) => a - b);
if (warm.length)
  console.log(`warm median: ${warm[Math.floor(warm.length / 2)]!.toFixed(0)} ms (target ≤ 500 ms)`);
console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
