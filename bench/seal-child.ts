// One sealing job in a process of its own, started by bench/seal.ts (not meant to be run by hand).
// The pipelines are the esbuild bundles bench/seal.ts builds (the product's `lambdas/sealing` with the
// functions' bundling options, and the node-signpdf peer of bench/seal-peer.ts); the inputs (sign
// PNGs, the PKCS#12 signer, the areas and the audit data as JSON) are files it wrote, so that nothing
// of either pipeline (not even pdf-lib) is loaded before the clock starts.
//   fresh <product|peer> <bundle> <file> <pages>: import the pipeline and seal once; prints the import
//     and seal times and the process's peak memory (VmHWM): a new container's first job.
//   warm <productBundle> <peerBundle> <file> <pages> <rounds>: both pipelines in this process, in turns
//     (the order alternating per round), one JSON line per seal.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Pipeline = 'product' | 'peer';
type Seal = (input: never) => Promise<{ pdf: Uint8Array; timings?: Record<string, number> }>;

function inputOf(file: string, pages: number) {
  const dir = path.dirname(file);
  const read = (name: string) => new Uint8Array(fs.readFileSync(path.join(dir, name)));
  const { signs, passphrase, audit, stamps } = JSON.parse(
    fs.readFileSync(path.join(dir, `inputs-${pages}.json`), 'utf8'),
  ) as {
    signs: number;
    passphrase: string;
    audit: unknown;
    stamps: { pageIndex: number; x: number; y: number; width: number; height: number; png: number }[];
  };
  const pngs = Array.from({ length: signs }, (_, i) => read(`sign-${i}.png`));
  return {
    original: new Uint8Array(fs.readFileSync(file)),
    stamps: stamps.map((stamp) => ({ ...stamp, png: pngs[stamp.png]! })),
    audit,
    language: 'jp' as const,
    signer: { p12: read('signer.p12'), passphrase },
    signedAt: new Date('2026-11-22T10:10:00Z'),
  };
}

async function load(pipeline: Pipeline, bundle: string): Promise<Seal> {
  const mod = (await import(pathToFileURL(bundle).href)) as Record<string, Seal>;
  return pipeline === 'product' ? mod.sealPdf! : mod.peerSeal!;
}

/** This process's peak resident memory (VmHWM: its own memory map; getrusage's maxRSS carries the parent's). */
function peakRssMb(): number {
  const kb = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1];
  return kb ? Number(kb) / 1024 : process.resourceUsage().maxRSS / 1024;
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'fresh') {
  const [pipeline, bundle, file, pages] = args as [Pipeline, string, string, string];
  const input = inputOf(file, Number(pages));
  const t0 = performance.now();
  const seal = await load(pipeline, bundle);
  const t1 = performance.now();
  const result = await seal(input as never);
  const t2 = performance.now();
  process.stdout.write(
    JSON.stringify({
      importMs: t1 - t0,
      sealMs: t2 - t1,
      outBytes: result.pdf.length,
      maxRssMb: peakRssMb(),
    }) + '\n',
  );
} else if (mode === 'warm') {
  const [productBundle, peerBundle, file, pages, rounds] = args as [string, string, string, string, string];
  const input = inputOf(file, Number(pages));
  const seals: Record<Pipeline, Seal> = {
    product: await load('product', productBundle),
    peer: await load('peer', peerBundle),
  };
  for (let round = 0; round < Number(rounds); round += 1) {
    const order: Pipeline[] = round % 2 ? ['peer', 'product'] : ['product', 'peer'];
    for (const pipeline of order) {
      const t = performance.now();
      const result = await seals[pipeline](input as never);
      const total = performance.now() - t;
      process.stdout.write(
        JSON.stringify({ round, pipeline, total, timings: result.timings, outBytes: result.pdf.length }) +
          '\n',
      );
    }
  }
} else if (mode === 'lta') {
  // Issue #30: B-B and B-LTA of the product and the peer's B-B, in turns, against the local trust
  // services the parent runs (another process, as a remote authority is).
  const [productBundle, peerBundle, trustBundle, file, pages, rounds, tsaUrls, signerFile] = args as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const base = inputOf(file, Number(pages));
  const signerJson = JSON.parse(fs.readFileSync(signerFile, 'utf8')) as {
    p12Base64: string;
    passphrase: string;
  };
  const signer = {
    p12: new Uint8Array(Buffer.from(signerJson.p12Base64, 'base64')),
    passphrase: signerJson.passphrase,
  };
  const { createTrustServices } = (await import(pathToFileURL(trustBundle).href)) as {
    createTrustServices: (o: { tsaUrls: string[] }) => unknown;
  };
  const trust = createTrustServices({ tsaUrls: tsaUrls.split(',') });
  const product = await load('product', productBundle);
  const peer = await load('peer', peerBundle);
  const kinds = {
    bb: () => product({ ...base, signer } as never),
    lta: () => product({ ...base, signer, trust } as never),
    peer: () => peer(base as never),
  };
  for (let round = 0; round < Number(rounds); round += 1) {
    const order = (['bb', 'lta', 'peer'] as const).map((_, i, all) => all[(i + round) % all.length]!);
    for (const kind of order) {
      const t = performance.now();
      const result = (await kinds[kind]()) as { pdf: Uint8Array; evidenceTimings?: Record<string, number> };
      const total = performance.now() - t;
      process.stdout.write(
        JSON.stringify({
          round,
          kind,
          total,
          evidence: result.evidenceTimings,
          outBytes: result.pdf.length,
        }) + '\n',
      );
    }
  }
} else {
  throw new Error(`unknown mode ${mode}`);
}
