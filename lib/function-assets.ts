// Files some functions read at run time besides their bundle: the CJK fonts the sealing code embeds
// in PDFs (seal and anchor workers), the NFT contract's compiled ABI (anchor worker, verification,
// health) and the gallery's starter forms (templates). They are copied next to the bundle when the function is built, and an environment variable
// says where (Lambda unpacks the bundle in LAMBDA_TASK_ROOT, /var/task).
import { createRequire } from 'node:module';
import { dirname, join, posix } from 'node:path';
import { CHAIN_ARTIFACT_FILE, CHAIN_ARTIFACT_PATH } from '../lambdas/chain/artifact.js';
import { fieldsFileOf, GALLERY, GALLERY_SOURCE_DIR } from '../lambdas/gallery/catalog.js';
import { FONT_FILES } from '../lambdas/sealing/fonts.js';

export interface AssetFile {
  /** Absolute path on the build machine. */
  readonly source: string;
  /** Path inside the bundle, '/'-separated. */
  readonly target: string;
}

export interface FunctionAssets {
  readonly files: readonly AssetFile[];
  readonly environment: Readonly<Record<string, string>>;
  /** Packages installed beside the bundle instead of bundled (RENDER_MODULES). */
  readonly nodeModules?: readonly string[];
}

/**
 * Issue #33, decision 163: the page renderer (lambdas/adapters/page-renderer.ts) — pdf.js's Node build
 * with its font data, and Skia's prebuilt N-API binary — is never bundled (esbuild `external` for every
 * function) and is installed in the node_modules of the functions that render (RENDERING below). npm
 * installs a binary for the build machine; the functions run on Linux arm64, whose binary is installed
 * beside it after the install (`renderBinaryHook`).
 */
export const RENDER_MODULES = ['pdfjs-dist', '@napi-rs/canvas'] as const;

function rendering(): FunctionAssets {
  return { files: [], environment: {}, nodeModules: RENDER_MODULES };
}

/** The Linux arm64 binary of the canvas, for the functions that render (run after npm's install). */
export function renderBinaryCommands(outputDir: string): string[] {
  const { version } = require('@napi-rs/canvas/package.json') as { version: string };
  return [
    `cd '${outputDir.replace(/'/g, `'\\''`)}' && npm install --no-save --no-package-lock --ignore-scripts --force --os=linux --cpu=arm64 --libc=glibc @napi-rs/canvas-linux-arm64-gnu@${version}`,
  ];
}

const TASK_ROOT = '/var/task';
const require = createRequire(import.meta.url);

function fonts(): FunctionAssets {
  return {
    files: FONT_FILES.map((f) => ({ source: require.resolve(f.module), target: `assets/fonts/${f.file}` })),
    environment: { SEAL_FONT_DIR: posix.join(TASK_ROOT, 'assets/fonts') },
  };
}

/**
 * The seal worker's Node.js options (issue #33), both accepted in NODE_OPTIONS:
 * - `--max-semi-space-size=1`: V8's young generation capped at 1 MB a semi-space. Left to itself V8
 *   doubles it up to 16 MB while a seal builds pdf-lib's objects of the document, and those pages
 *   stay resident (a fresh worker's peak ~10 MB higher) for no speed a seal needs.
 * - `--v8-pool-size=1`: one V8 background thread instead of four (each with its stack and malloc
 *   arena, ~3 MB together): the worker has 1024 MB, which Lambda gives well under one vCPU, so the
 *   other three could not run beside it anyway.
 * Measured in docs/performance.md (`seal`); the bench runs the product's fresh seals with them.
 */
export const SEAL_NODE_OPTIONS = '--max-semi-space-size=1 --v8-pool-size=1';

function sealWorker(): FunctionAssets {
  const { files, environment } = fonts();
  return { files, environment: { ...environment, NODE_OPTIONS: SEAL_NODE_OPTIONS } };
}

function contract(): FunctionAssets {
  return {
    files: [{ source: CHAIN_ARTIFACT_PATH, target: `assets/${CHAIN_ARTIFACT_FILE}` }],
    environment: { CHAIN_ARTIFACT: posix.join(TASK_ROOT, 'assets', CHAIN_ARTIFACT_FILE) },
  };
}

/** The gallery's starter forms (issue #27 item 5): each PDF and the fields read from it. */
function gallery(): FunctionAssets {
  return {
    files: GALLERY.flatMap((g) =>
      [g.file, fieldsFileOf(g)].map((file) => ({
        source: join(GALLERY_SOURCE_DIR, file),
        target: `assets/gallery/${file}`,
      })),
    ),
    environment: { GALLERY_DIR: posix.join(TASK_ROOT, 'assets/gallery') },
  };
}

function merge(...parts: FunctionAssets[]): FunctionAssets {
  return {
    files: parts.flatMap((p) => p.files),
    environment: Object.assign({}, ...parts.map((p) => p.environment)) as Record<string, string>,
  };
}

/** By entry module, relative to the repository root. */
const FUNCTION_ASSETS: Readonly<Record<string, () => FunctionAssets>> = {
  'lambdas/workers/seal.ts': sealWorker,
  'lambdas/workers/anchor.ts': () => merge(fonts(), contract()),
  'lambdas/handlers/verify.ts': contract,
  'lambdas/handlers/templates.ts': gallery,
  // Issue #33: the images of an accepted upload's first pages are made at its completion.
  'lambdas/handlers/complete-upload.ts': rendering,
};

export function assetsFor(entry: string): FunctionAssets {
  const make = FUNCTION_ASSETS[entry.split(/[\\/]/).join('/')];
  return make ? make() : { files: [], environment: {} };
}

/** esbuild command hooks that copy the files into the bundle's output folder. */
export function copyAssetsHooks(files: readonly AssetFile[], nodeModules: readonly string[] = []) {
  const quote = (p: string) => `'${p.replace(/'/g, `'\\''`)}'`;
  return {
    beforeBundling: (): string[] => [],
    beforeInstall: (): string[] => [],
    afterBundling: (_inputDir: string, outputDir: string): string[] => [
      ...files.map((f) => {
        const target = join(outputDir, f.target);
        return `mkdir -p ${quote(dirname(target))} && cp ${quote(f.source)} ${quote(target)}`;
      }),
      ...(nodeModules.includes('@napi-rs/canvas') ? renderBinaryCommands(outputDir) : []),
    ],
  };
}
