// The Merkle tree of issue #33 (shared/domain/merkle.ts): roots and proofs for every batch size up to
// a few odd and even ones, one leaf, and refusal of tampered proofs.
import { createHash } from 'node:crypto';
import { keccak256 } from 'ethers/crypto';
import { concat } from 'ethers/utils';
import {
  merkleLeaf,
  merkleParent,
  merkleTree,
  rootFromProof,
  verifyMerkleProof,
} from '../../../shared/domain/merkle';

const sha = (i: number) => createHash('sha256').update(`document ${i}`).digest('hex');
const hashes = (n: number) => Array.from({ length: n }, (_, i) => sha(i));

describe('the Merkle tree of anchored hashes', () => {
  it("hashes a leaf twice as OpenZeppelin's StandardMerkleTree does for one bytes32", () => {
    const h = sha(1);
    expect(merkleLeaf(h)).toBe(keccak256(keccak256(`0x${h}`)));
    expect(merkleLeaf(`0x${h.toUpperCase()}`)).toBe(merkleLeaf(h));
  });

  it('hashes a parent from its two children sorted, whatever their order', () => {
    const [a, b] = [merkleLeaf(sha(1)), merkleLeaf(sha(2))];
    const [lo, hi] = a < b ? [a, b] : [b, a];
    expect(merkleParent(a, b)).toBe(keccak256(concat([lo, hi])));
    expect(merkleParent(b, a)).toBe(merkleParent(a, b));
  });

  it('makes the root of one hash its leaf, with an empty proof', () => {
    const tree = merkleTree([sha(7)]);
    expect(tree.root).toBe(merkleLeaf(sha(7)));
    expect(tree.proof(0)).toEqual([]);
    expect(verifyMerkleProof(tree.root, [], sha(7))).toBe(true);
  });

  it.each([2, 3, 5, 7, 8, 9, 100, 101, 1000])('proves every leaf of a batch of %i', (n) => {
    const list = hashes(n);
    const tree = merkleTree(list);
    for (let i = 0; i < n; i++) {
      const proof = tree.proof(i);
      expect(proof.length).toBeLessThanOrEqual(Math.ceil(Math.log2(n)));
      expect(rootFromProof(merkleLeaf(list[i]!), proof)).toBe(tree.root);
    }
  });

  it('builds the three-leaf tree by hand: the odd last leaf goes up unchanged', () => {
    const [a, b, c] = hashes(3).map(merkleLeaf) as [string, string, string];
    const tree = merkleTree(hashes(3));
    expect(tree.root).toBe(merkleParent(merkleParent(a, b), c));
    expect(tree.proof(2)).toEqual([merkleParent(a, b)]);
    expect(tree.proof(0)).toEqual([b, c]);
  });

  it('refuses a tampered proof, another hash, a proof for another root and a malformed element', () => {
    const list = hashes(9);
    const tree = merkleTree(list);
    const proof = tree.proof(4);
    const flipped = proof.map((p, i) => (i === 1 ? `${p.slice(0, -1)}${p.endsWith('0') ? '1' : '0'}` : p));
    expect(verifyMerkleProof(tree.root, proof, list[4]!)).toBe(true);
    expect(verifyMerkleProof(tree.root, flipped, list[4]!)).toBe(false);
    expect(verifyMerkleProof(tree.root, proof, list[5]!)).toBe(false);
    expect(verifyMerkleProof(tree.root, proof.slice(1), list[4]!)).toBe(false);
    expect(verifyMerkleProof(merkleTree(hashes(8)).root, proof, list[4]!)).toBe(false);
    expect(verifyMerkleProof(tree.root, ['0x1234'], list[4]!)).toBe(false);
  });

  it('refuses an inner node presented as a leaf (second preimage)', () => {
    const list = hashes(4);
    const tree = merkleTree(list);
    const [a, b] = [merkleLeaf(list[0]!), merkleLeaf(list[1]!)];
    const inner = merkleParent(a, b);
    // The inner node is a valid "leaf" of the upper level, but no SHA-256 has it as its leaf.
    expect(rootFromProof(inner, [tree.proof(0)[1]!])).toBe(tree.root);
    expect(verifyMerkleProof(tree.root, [tree.proof(0)[1]!], inner.slice(2))).toBe(false);
  });

  it('refuses an empty batch and a leaf out of range', () => {
    expect(() => merkleTree([])).toThrow(/at least one/);
    expect(() => merkleTree(hashes(3)).proof(3)).toThrow(/No leaf 3/);
  });
});
