// Sealing performance (architecture §12), printed as figures. Run: npx tsx bench/seal.ts [runs]
// 1. A 100-page PDF, 10 signers, 20 areas, 40 history lines, sealed warm (fonts parsed once): ≤ 0.5 s.
// 2. A 50 MB scanned PDF (50 pages, one 1 MB greyscale scan each), 2 signers, 2 areas: ≤ 3 s.
// Peak memory (max RSS of this process, both scenarios): ≤ 512 MB.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import { createServiceSigner, sealPdf, type SealInput } from '../lambdas/sealing/index';
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
const signer = createServiceSigner('SignSeal Bench');
const signedAt = new Date('2026-11-22T10:10:00Z');

/** 50 pages, each a 1000×1000 8-bit greyscale "scan" stored uncompressed: 50 MB of image data. */
async function scannedOriginal(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) {
    const page = doc.addPage([595.28, 841.89]);
    const scan = doc.context.register(
      doc.context.stream(randomBytes(1000 * 1000), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 1000,
        Height: 1000,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
      }),
    );
    const name = page.node.newXObject('Scan', scan);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(595.28, 0, 0, 841.89, 0, 0),
      drawObject(name),
      popGraphicsState(),
    );
  }
  return doc.save({ useObjectStreams: false });
}

async function bench(label: string, input: SealInput, count: number): Promise<void> {
  console.log(label);
  const totals: number[] = [];
  for (let run = 0; run < count; run += 1) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const result = await sealPdf(input);
    const total = performance.now() - start;
    const used = process.cpuUsage(cpu);
    totals.push(total);
    console.log(
      `  run ${run + 1}: ${total.toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU`,
      JSON.stringify(result.timings),
      `${result.pageCount} pages, ${(result.pdf.length / 1024 / 1024).toFixed(1)} MiB`,
    );
  }
  const warm = totals.slice(1).sort((a, b) => a - b);
  if (warm.length) console.log(`  warm median: ${warm[Math.floor(warm.length / 2)]!.toFixed(0)} ms`);
}

const pngs = names.map((_, i) => makeSignPng(700 - i * 10, 300));
await bench(
  '100 pages, 10 parties, 20 stamps, 40 history lines (target ≤ 500 ms warm; run 1 parses the fonts)',
  {
    original: await makeOriginal(100),
    stamps: stamps(20, 100, pngs),
    audit: auditData(names, 40, { pageCount: 100 }),
    language: 'jp',
    signer,
    signedAt,
  },
  runs,
);
const scanned = await scannedOriginal(50);
await bench(
  `scanned PDF of ${(scanned.length / 1024 / 1024).toFixed(1)} MiB, 50 pages, 2 parties, 2 stamps (target ≤ 3 s)`,
  {
    original: scanned,
    stamps: stamps(2, 50, pngs),
    audit: auditData(names.slice(0, 2), 10, { pageCount: 50 }),
    language: 'en',
    signer,
    signedAt,
  },
  Math.min(runs, 3),
);
console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB (target ≤ 512 MiB)`);
