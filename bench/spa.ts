// SPA (architecture §12): gzip size of the JavaScript the landing page loads (the entry chunk and its
// static imports) and, for each lazily loaded chunk, what it adds on top of that (the chunk and its
// static imports the landing page has not loaded). From a production `vite build` with a manifest.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { row, type Row } from './stats';
import { BENCH_DIR, ROOT, type BenchContext } from './context';

export const LANDING_TARGET_BYTES = 250_000;
/** Issue #15: the phone's recording page, all its JavaScript. */
export const RECORD_PAGE_TARGET_BYTES = 150_000;
/** Issue #15: the recorder and the QR code, each a lazy chunk of the pages that use them. */
export const VIDEO_CHUNK_TARGET_BYTES = 40_000;

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The manifest keys a chunk loads before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const i of manifest[key].imports ?? []) staticClosure(manifest, i, into);
  return into;
}

/** What a chunk is, for the table: pdf.js, the signer page (drawing), … or its own name. */
export function chunkLabel(key: string, chunk: ManifestChunk): string {
  const src = chunk.src ?? key;
  if (src.includes('pdfjs-dist')) return 'pdf.js';
  if (src.includes('aws-amplify')) return 'Amplify (sign-in)';
  if (/signer-page/.test(src)) return 'signer page (drawing, sign maker)';
  if (/signer\/components\/fonts/.test(src)) return 'sign maker fonts list';
  if (/video/i.test(src)) return `video (${path.basename(src)})`;
  if (/node_modules\/qrcode\//.test(src)) return 'QR code (qrcode)';
  if (/verify/i.test(src)) return `verify (${path.basename(src)})`;
  if (/app\/catalogues\//.test(src)) return `catalogue (${path.basename(src, '.ts')})`;
  return path.basename(src).replace(/\.(tsx?|mjs|js)$/, '');
}

export async function buildSpaForBench(log: (line: string) => void): Promise<string> {
  const outDir = path.join(BENCH_DIR, 'web-dist');
  log('vite build (production, with manifest)…');
  const started = Date.now();
  const { build } = await import('vite');
  await build({
    configFile: path.join(ROOT, 'web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  log(`vite build done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return outDir;
}

export function measureSpa(outDir: string): Row[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const gz = new Map<string, number>();
  const gzipOf = (key: string) => {
    const file = manifest[key]!.file;
    if (!file.endsWith('.js')) return 0;
    if (!gz.has(file)) gz.set(file, gzipSync(fs.readFileSync(path.join(outDir, file))).length);
    return gz.get(file)!;
  };
  const sum = (keys: Iterable<string>) => [...keys].reduce((s, k) => s + gzipOf(k), 0);

  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'));
  if (!entry) throw new Error('vite manifest has no index.html entry');
  // The landing page's JavaScript: the entry and its static imports, and the catalogue of its
  // language (a chunk main.tsx loads at once, in parallel with config.json).
  const landing = staticClosure(manifest, entry);
  const english = Object.keys(manifest).find((k) => k.endsWith('app/catalogues/en.ts'));
  if (english) staticClosure(manifest, english, landing);
  // The boot script the app shell runs first (issue #33; an entry of its own).
  const boot = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('src/boot.ts'));
  if (boot) staticClosure(manifest, boot, landing);
  const rows: Row[] = [
    row('spa', 'landing page JS (gzip)', 'bytes', [sum(landing)], {
      target: LANDING_TARGET_BYTES,
      note: `${landing.size} chunks`,
    }),
  ];
  // The phone's recording page (record.html): its entry, the catalogue, and what it loads lazily.
  const record = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('record.html'));
  if (record) {
    const closure = staticClosure(manifest, record);
    // Its part of the English catalogue (shared/i18n/parts.ts), not the whole one.
    const recordEnglish = Object.keys(manifest).find((k) => k.endsWith('app/catalogues/record-en.ts'));
    if (!recordEnglish) throw new Error("vite manifest has no recording page's catalogue part");
    staticClosure(manifest, recordEnglish, closure);
    // What it may load later, but one catalogue only (English, as for the landing page).
    for (const k of [...closure])
      for (const d of manifest[k]!.dynamicImports ?? [])
        if (!d.includes('app/catalogues/')) staticClosure(manifest, d, closure);
    rows.push(
      row('spa', 'phone recording page JS, all (gzip)', 'bytes', [sum(closure)], {
        target: RECORD_PAGE_TARGET_BYTES,
        note: `${closure.size} chunks, record.html`,
      }),
    );
  }
  const lazy = Object.keys(manifest)
    .filter((k) => manifest[k]!.isDynamicEntry && manifest[k]!.file.endsWith('.js'))
    .map((k) => {
      const added = [...staticClosure(manifest, k)].filter((c) => !landing.has(c));
      return { label: chunkLabel(k, manifest[k]!), bytes: sum(added), chunks: added.length };
    })
    .sort((a, b) => b.bytes - a.bytes);
  for (const l of lazy)
    rows.push(
      row('spa', `lazy: ${l.label} (gzip)`, 'bytes', [l.bytes], {
        note: `+${l.chunks} chunks`,
        target: /^(video \(recorder|QR code)/.test(l.label) ? VIDEO_CHUNK_TARGET_BYTES : undefined,
      }),
    );
  // The recorder: a lazy chunk of the signer's and the funnel's pages (shared with record.html, which
  // loads it at once, so the manifest may list it as a shared chunk rather than a dynamic entry).
  const recorder = Object.keys(manifest).find((k) => /recorder/.test(k) && !manifest[k]!.isDynamicEntry);
  if (recorder)
    rows.push(
      row(
        'spa',
        'lazy: video recorder (gzip)',
        'bytes',
        [sum([...staticClosure(manifest, recorder)].filter((c) => !landing.has(c)))],
        {
          target: VIDEO_CHUNK_TARGET_BYTES,
          note: 'signer page, funnel',
        },
      ),
    );
  // pdf.js runs its parser in a Web Worker, an asset the PDF viewer fetches (not a chunk).
  const assets = path.join(outDir, 'assets');
  for (const file of fs.readdirSync(assets).filter((f) => /worker.*\.m?js$/.test(f)))
    rows.push(
      row(
        'spa',
        `lazy: ${file.replace(/-[\w-]{8}\.m?js$/, '')} (gzip)`,
        'bytes',
        [gzipSync(fs.readFileSync(path.join(assets, file))).length],
        { note: 'Web Worker asset' },
      ),
    );
  return rows;
}

export async function runSpa(ctx: BenchContext): Promise<Row[]> {
  return measureSpa(await buildSpaForBench(ctx.log));
}
