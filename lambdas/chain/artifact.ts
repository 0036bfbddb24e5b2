// The compiled DocumentAnchor contract (ABI + bytecode) is a build output of `npm run contract:build`
// (lambdas/chain/compile.ts), never checked in and never imported statically: code that needs it
// reads it at run time, so lint and typecheck work on a fresh clone without it.
//
// Where it is read from, first match wins:
//   1. env CHAIN_ARTIFACT (an absolute path);
//   2. ./build/DocumentAnchor.json next to this module (the repository: tsx, jest, the local cloud);
//   3. ./DocumentAnchor.json next to the running module (a Lambda bundle: the CDK copies
//      CHAIN_ARTIFACT_PATH into the bundle's folder in its afterBundling command hook).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InterfaceAbi } from 'ethers';

export const CONTRACT_NAME = 'DocumentAnchor';
/** The file name of the artifact, in the repository's build folder and in a Lambda bundle. */
export const CHAIN_ARTIFACT_FILE = `${CONTRACT_NAME}.json`;
const here = path.dirname(fileURLToPath(import.meta.url));
/** The contract's source. */
export const CHAIN_SOURCE_PATH = path.join(here, `${CONTRACT_NAME}.sol`);
/** Where `npm run contract:build` writes the artifact (gitignored). */
export const CHAIN_ARTIFACT_PATH = path.join(here, 'build', CHAIN_ARTIFACT_FILE);

/** Issue #33: the Merkle root anchor. Its ABI is lambdas/chain/merkle-abi.ts (no artifact in a Lambda
 *  bundle); the artifact is read only to deploy it (npm run contract:deploy, the local chain, tests). */
export const MERKLE_CONTRACT_NAME = 'MerkleAnchor';
export const MERKLE_SOURCE_PATH = path.join(here, `${MERKLE_CONTRACT_NAME}.sol`);
export const MERKLE_ARTIFACT_PATH = path.join(here, 'build', `${MERKLE_CONTRACT_NAME}.json`);

export interface ChainArtifact {
  readonly contractName: string;
  readonly abi: InterfaceAbi;
  /** Creation bytecode, 0x-prefixed. */
  readonly bytecode: string;
  readonly solcVersion: string;
  /** SHA-256 of the source, the imported OpenZeppelin version and the compiler settings. */
  readonly sourceHash: string;
}

export class ChainArtifactMissingError extends Error {
  constructor(tried: readonly string[]) {
    super(
      `The compiled contract ${CHAIN_ARTIFACT_FILE} was not found (looked in ${tried.join(', ')}). ` +
        'Run `npm run contract:build`, or set CHAIN_ARTIFACT to its path.',
    );
    this.name = 'ChainArtifactMissingError';
  }
}

export function artifactCandidates(env: Record<string, string | undefined> = process.env): string[] {
  return [env.CHAIN_ARTIFACT, CHAIN_ARTIFACT_PATH, path.join(here, CHAIN_ARTIFACT_FILE)].filter(
    (p): p is string => Boolean(p),
  );
}

let cached: { path: string; artifact: ChainArtifact } | undefined;

/** Reads the artifact once per process (the first candidate path that exists). */
export function loadArtifact(env: Record<string, string | undefined> = process.env): ChainArtifact {
  const candidates = artifactCandidates(env);
  if (cached && candidates.includes(cached.path)) return cached.artifact;
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new ChainArtifactMissingError(candidates);
  const artifact = JSON.parse(fs.readFileSync(found, 'utf8')) as ChainArtifact;
  if (!Array.isArray(artifact.abi) || !/^0x[0-9a-f]+$/i.test(artifact.bytecode ?? '')) {
    throw new Error(
      `${found} is not a compiled ${CONTRACT_NAME} artifact; rebuild it with npm run contract:build.`,
    );
  }
  cached = { path: found, artifact };
  return artifact;
}
