// Merkle anchoring (issue #33): many sealed documents' SHA-256 hashes under one root, anchored on chain
// in one transaction (lambdas/chain/MerkleAnchor.sol). The construction is OpenZeppelin's
// StandardMerkleTree for one bytes32 value per leaf, so OpenZeppelin's MerkleProof (on chain) and
// `StandardMerkleTree.verify(root, ['bytes32'], [sha256], proof)` (@openzeppelin/merkle-tree) accept
// the proofs:
//   leaf   = keccak256(keccak256(abi.encode(bytes32 sha256)))   (double-hashed: a 64-byte inner node
//            can never be presented as a leaf, so no second preimage)
//   parent = keccak256(min(a, b) ‖ max(a, b))                    (sorted pair: a proof is siblings only)
// The leaves keep the batch's order; a level with an odd count lifts its last node unchanged to the
// next level (that node's proof has no sibling there). docs/anchoring.md documents the proof's JSON.
// Shared: the anchor worker builds trees, the verify page and scripts/verify-merkle.ts check proofs.
// ethers/hash's solidityPackedKeccak256 is keccak256(abi.encodePacked(...)) as in Solidity; ethers'
// crypto entry point is not imported by shared code (its name matches the lint rule that keeps
// node:crypto out of code the SPA shares).
import { solidityPackedKeccak256 } from 'ethers/hash';

const keccakOf = (...words: string[]) =>
  solidityPackedKeccak256(
    words.map(() => 'bytes32'),
    words,
  );

const BYTES32 = /^0x[0-9a-f]{64}$/;
const SHA256 = /^(0x)?[0-9a-fA-F]{64}$/;

/** The `0x` lower-case form of a SHA-256 (given with or without 0x). */
export function bytes32Of(sha256: string): string {
  if (!SHA256.test(sha256)) throw new Error('A SHA-256 must be 64 hex characters.');
  return `0x${sha256.replace(/^0x/, '').toLowerCase()}`;
}

/** The tree's leaf for a document's SHA-256. */
export function merkleLeaf(sha256: string): string {
  return keccakOf(keccakOf(bytes32Of(sha256)));
}

/** A parent of two nodes: keccak256 of the two sorted (lower first). */
export function merkleParent(a: string, b: string): string {
  return a <= b ? keccakOf(a, b) : keccakOf(b, a);
}

/** The root a proof leads to from a leaf (OpenZeppelin MerkleProof.processProof). */
export function rootFromProof(leaf: string, proof: readonly string[]): string {
  let node = leaf.toLowerCase();
  for (const sibling of proof) {
    const s = sibling.toLowerCase();
    if (!BYTES32.test(s)) throw new Error('A proof element must be 32 bytes in 0x hex.');
    node = merkleParent(node, s);
  }
  return node;
}

/** Whether `proof` leads from the leaf of `sha256` to `root`. */
export function verifyMerkleProof(root: string, proof: readonly string[], sha256: string): boolean {
  try {
    return rootFromProof(merkleLeaf(sha256), proof) === root.toLowerCase();
  } catch {
    return false;
  }
}

export interface MerkleTree {
  readonly root: string;
  /** The leaves in the batch's order. */
  readonly leaves: readonly string[];
  /** The inclusion proof of leaf `index` (siblings from the leaf up). */
  proof(index: number): string[];
}

/** The tree over `sha256s` (at least one; the caller removes duplicates). */
export function merkleTree(sha256s: readonly string[]): MerkleTree {
  if (sha256s.length === 0) throw new Error('A Merkle tree needs at least one hash.');
  const leaves = sha256s.map(merkleLeaf);
  const levels: string[][] = [leaves];
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const above: string[] = [];
    for (let i = 0; i < below.length; i += 2) {
      above.push(i + 1 < below.length ? merkleParent(below[i]!, below[i + 1]!) : below[i]!);
    }
    levels.push(above);
  }
  return {
    root: levels[levels.length - 1]![0]!,
    leaves,
    proof(index: number): string[] {
      if (!Number.isInteger(index) || index < 0 || index >= leaves.length)
        throw new Error(`No leaf ${index} in a tree of ${leaves.length}.`);
      const proof: string[] = [];
      let i = index;
      for (const level of levels.slice(0, -1)) {
        const sibling = i ^ 1;
        if (sibling < level.length) proof.push(level[sibling]!);
        i >>= 1;
      }
      return proof;
    },
  };
}
