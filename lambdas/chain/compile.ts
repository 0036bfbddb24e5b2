// `npm run contract:build`: compiles DocumentAnchor.sol with solc-js (offline: the compiler ships in
// the npm package) and writes lambdas/chain/build/DocumentAnchor.json { abi, bytecode, solcVersion,
// sourceHash }. Skips the work when the artifact's sourceHash matches the current inputs.
// ganache 7.9 runs only shanghai bytecode, hence evmVersion 'shanghai' (see docs/decisions.md).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHAIN_ARTIFACT_PATH, CHAIN_SOURCE_PATH, CONTRACT_NAME, type ChainArtifact } from './artifact';

const require = createRequire(import.meta.url);

interface Solc {
  version(): string;
  compile(
    input: string,
    callbacks: { import: (p: string) => { contents: string } | { error: string } },
  ): string;
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

export const COMPILER_SETTINGS = {
  evmVersion: 'shanghai',
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
} as const;

const packageVersion = (name: string): string =>
  (JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string })
    .version;

/** What the artifact depends on: the source, the compiler, OpenZeppelin and the settings. */
export function currentSourceHash(source = fs.readFileSync(CHAIN_SOURCE_PATH, 'utf8')): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        source,
        solc: packageVersion('solc'),
        openzeppelin: packageVersion('@openzeppelin/contracts'),
        settings: COMPILER_SETTINGS,
      }),
    )
    .digest('hex');
}

/** Resolves `@openzeppelin/...` imports from node_modules; nothing else may be imported. */
function findImport(importPath: string): { contents: string } | { error: string } {
  if (!importPath.startsWith('@openzeppelin/contracts/'))
    return { error: `Import not allowed: ${importPath}` };
  try {
    return { contents: fs.readFileSync(require.resolve(importPath), 'utf8') };
  } catch {
    return { error: `Import not found: ${importPath}` };
  }
}

/** Compiles the contract; throws with solc's messages on any compile error. */
export function compileContract(): ChainArtifact {
  const source = fs.readFileSync(CHAIN_SOURCE_PATH, 'utf8');
  const solc = require('solc') as Solc;
  const fileName = `${CONTRACT_NAME}.sol`;
  const input = {
    language: 'Solidity',
    sources: { [fileName]: { content: source } },
    settings: COMPILER_SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(
      `solc could not compile ${fileName}:\n${errors.map((e) => e.formattedMessage).join('\n')}`,
    );
  }
  const compiled = output.contracts?.[fileName]?.[CONTRACT_NAME];
  if (!compiled) throw new Error(`solc produced no ${CONTRACT_NAME} contract.`);
  return {
    contractName: CONTRACT_NAME,
    abi: compiled.abi as ChainArtifact['abi'],
    bytecode: `0x${compiled.evm.bytecode.object}`,
    solcVersion: solc.version(),
    sourceHash: currentSourceHash(source),
  };
}

function readArtifact(file: string): ChainArtifact | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as ChainArtifact;
  } catch {
    return undefined;
  }
}

/** The artifact at `file`, compiled first when it is missing or stale. */
export function ensureArtifact(
  options: { file?: string; force?: boolean; log?: (line: string) => void } = {},
): { artifact: ChainArtifact; compiled: boolean } {
  const file = options.file ?? CHAIN_ARTIFACT_PATH;
  const existing = readArtifact(file);
  if (!options.force && existing && existing.sourceHash === currentSourceHash()) {
    return { artifact: existing, compiled: false };
  }
  options.log?.(`Compiling ${CONTRACT_NAME}.sol (solc, evmVersion shanghai)…`);
  const artifact = compileContract();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Write then rename, so a reader never sees half a file.
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(artifact, null, 2) + '\n');
  fs.renameSync(tmp, file);
  return { artifact, compiled: true };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  try {
    const { artifact, compiled } = ensureArtifact({ force: process.argv.includes('--force') });
    const rel = path.relative(process.cwd(), CHAIN_ARTIFACT_PATH);
    console.log(
      compiled
        ? `Compiled ${CONTRACT_NAME} with solc ${artifact.solcVersion} in ${((Date.now() - started) / 1000).toFixed(1)} s → ${rel}`
        : `${rel} is up to date (sourceHash ${artifact.sourceHash.slice(0, 12)}…).`,
    );
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
