// `npm run contract:build`: compiles DocumentAnchor.sol and MerkleAnchor.sol (issue #33) with solc-js
// (offline: the compiler ships in the npm package) and writes lambdas/chain/build/<Name>.json { abi,
// bytecode, solcVersion, sourceHash }. Skips the work when an artifact's sourceHash matches the
// current inputs.
// ganache 7.9 runs only shanghai bytecode, hence evmVersion 'shanghai' (see docs/decisions.md).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CHAIN_ARTIFACT_PATH,
  CHAIN_SOURCE_PATH,
  CONTRACT_NAME,
  MERKLE_ARTIFACT_PATH,
  MERKLE_CONTRACT_NAME,
  MERKLE_SOURCE_PATH,
  type ChainArtifact,
} from './artifact';

/** The contracts this repository builds: the name, its source and where its artifact goes. */
export const CONTRACTS = {
  [CONTRACT_NAME]: { source: CHAIN_SOURCE_PATH, artifact: CHAIN_ARTIFACT_PATH },
  [MERKLE_CONTRACT_NAME]: { source: MERKLE_SOURCE_PATH, artifact: MERKLE_ARTIFACT_PATH },
} as const;
export type ContractName = keyof typeof CONTRACTS;

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
export function compileContract(name: ContractName = CONTRACT_NAME): ChainArtifact {
  const source = fs.readFileSync(CONTRACTS[name].source, 'utf8');
  const solc = require('solc') as Solc;
  const fileName = `${name}.sol`;
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
  const compiled = output.contracts?.[fileName]?.[name];
  if (!compiled) throw new Error(`solc produced no ${name} contract.`);
  return {
    contractName: name,
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
  options: { file?: string; force?: boolean; log?: (line: string) => void; contract?: ContractName } = {},
): { artifact: ChainArtifact; compiled: boolean } {
  const name = options.contract ?? CONTRACT_NAME;
  const file = options.file ?? CONTRACTS[name].artifact;
  const existing = readArtifact(file);
  const sourceHash = currentSourceHash(fs.readFileSync(CONTRACTS[name].source, 'utf8'));
  if (!options.force && existing && existing.sourceHash === sourceHash) {
    return { artifact: existing, compiled: false };
  }
  options.log?.(`Compiling ${name}.sol (solc, evmVersion shanghai)…`);
  const artifact = compileContract(name);
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
    for (const name of Object.keys(CONTRACTS) as ContractName[]) {
      const { artifact, compiled } = ensureArtifact({
        contract: name,
        force: process.argv.includes('--force'),
      });
      const rel = path.relative(process.cwd(), CONTRACTS[name].artifact);
      console.log(
        compiled
          ? `Compiled ${name} with solc ${artifact.solcVersion} in ${((Date.now() - started) / 1000).toFixed(1)} s → ${rel}`
          : `${rel} is up to date (sourceHash ${artifact.sourceHash.slice(0, 12)}…).`,
      );
    }
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
