// The MerkleAnchor contract and its adapter (issue #33) against a real ganache chain: a root is
// anchored once (a retry or a second container racing with the same key finds it instead of sending),
// the contract's own verify() and the independent script (scripts/verify-merkle.ts) accept the tree's
// proofs and refuse tampered ones.
import { createHash } from 'node:crypto';
import { Contract, Interface } from 'ethers';
import { MERKLE_CONTRACT_NAME } from '../../../../lambdas/chain/artifact';
import { ensureArtifact } from '../../../../lambdas/chain/compile';
import { deployDocumentAnchor } from '../../../../lambdas/chain/deploy';
import { MERKLE_ANCHOR_ABI } from '../../../../lambdas/chain/merkle-abi';
import { EvmMerkleAnchor } from '../../../../lambdas/adapters/evm-merkle';
import { EvmMerkleReader } from '../../../../lambdas/adapters/evm-merkle-reader';
import { merkleLeaf, merkleTree } from '../../../../shared/domain/merkle';
import { verifyMerkle } from '../../../../scripts/verify-merkle';
import { CHAIN_TEST_TIMEOUT_MS, startTestChain, type TestChain } from '../../../support/chain';

let chain: TestChain;
let address: string;
const adapters: EvmMerkleAnchor[] = [];

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const hashes = (tag: string, n: number) => Array.from({ length: n }, (_, i) => sha(`${tag} ${i}`));

function adapter(): EvmMerkleAnchor {
  const a = new EvmMerkleAnchor({
    rpcUrl: chain.rpcUrl,
    chainId: 1337,
    contractAddress: address,
    minterKey: async () => chain.minter.privateKey,
    timeoutMs: CHAIN_TEST_TIMEOUT_MS,
  });
  adapters.push(a);
  return a;
}

beforeAll(async () => {
  chain = await startTestChain();
  const { artifact } = ensureArtifact({ contract: MERKLE_CONTRACT_NAME });
  address = (await deployDocumentAnchor(chain.admin, chain.minter.address, artifact)).address;
}, 120_000);

afterAll(async () => {
  for (const a of adapters) a.destroy();
  await chain?.stop();
});

describe('the MerkleAnchor contract and its adapter', () => {
  it('declares in merkle-abi.ts the functions, event and errors the compiled contract has', () => {
    const compiled = new Interface(ensureArtifact({ contract: MERKLE_CONTRACT_NAME }).artifact.abi);
    const ours = new Interface(MERKLE_ANCHOR_ABI);
    ours.forEachFunction((f) =>
      expect(compiled.getFunction(f.format())?.format('full')).toBe(f.format('full')),
    );
    ours.forEachEvent((e) => expect(compiled.getEvent(e.format())?.format('full')).toBe(e.format('full')));
    ours.forEachError((e) => expect(compiled.getError(e.format())?.format('full')).toBe(e.format('full')));
  });

  it('anchors a root once: a retry and a reader find the same record, with no new transaction', async () => {
    const root = merkleTree(hashes('once', 3)).root;
    const a = adapter();
    expect(await a.findRoot(root)).toBeNull();
    const first = await a.anchorRoot(root);
    const nonce = await chain.provider.getTransactionCount(chain.minter.address);
    const again = await a.anchorRoot(root);
    const read = await new EvmMerkleReader({
      rpcUrl: chain.rpcUrl,
      chainId: 1337,
      contractAddress: address,
    }).findRoot(root);
    expect(first).toEqual({
      root,
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      blockNumber: expect.any(Number),
      anchoredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
      chainId: 1337,
      contractAddress: address,
    });
    expect(again).toEqual(first);
    expect(read).toEqual(first);
    expect(await chain.provider.getTransactionCount(chain.minter.address)).toBe(nonce);
  });

  it('anchors a root once when two containers with the one key race for it', async () => {
    const root = merkleTree(hashes('race', 5)).root;
    const contract = new Contract(address, MERKLE_ANCHOR_ABI, chain.provider);
    const before = (await contract.getFunction('totalRoots').staticCall()) as bigint;
    const [x, y] = await Promise.all([adapter().anchorRoot(root), adapter().anchorRoot(root)]);
    expect(x).toEqual(y);
    expect((await contract.getFunction('totalRoots').staticCall()) as bigint).toBe(before + 1n);
  });

  it('refuses a root from an account without ANCHOR_ROLE', async () => {
    const contract = new Contract(address, MERKLE_ANCHOR_ABI, chain.stranger);
    await expect(
      contract.getFunction('anchorRoot').staticCall(merkleTree(hashes('x', 1)).root),
    ).rejects.toThrow();
  });

  it("accepts the tree's proofs on chain and in the independent script, and refuses tampered ones", async () => {
    const list = hashes('batch', 1000);
    const tree = merkleTree(list);
    const record = await adapter().anchorRoot(tree.root);
    const contract = new Contract(address, MERKLE_ANCHOR_ABI, chain.provider);
    const verifyOnChain = contract.getFunction('verify');
    for (const i of [0, 1, 511, 998, 999]) {
      const proof = tree.proof(i);
      expect(await contract.getFunction('leafOf').staticCall(`0x${list[i]}`)).toBe(merkleLeaf(list[i]!));
      expect(await verifyOnChain.staticCall(tree.root, proof, `0x${list[i]}`)).toBe(true);
      const json = { sha256: list[i]!, root: tree.root, proof, contractAddress: address, chainId: 1337 };
      const check = await verifyMerkle(chain.rpcUrl, json);
      expect(check).toEqual({
        ok: true,
        reason: `anchored at ${record.anchoredAt}`,
        root: tree.root,
        timestamp: Date.parse(record.anchoredAt) / 1000,
      });
    }
    const proof = tree.proof(7);
    const tampered = [...proof];
    tampered[2] = tree.proof(100)[2]!;
    expect(await verifyOnChain.staticCall(tree.root, tampered, `0x${list[7]}`)).toBe(false);
    expect(await verifyOnChain.staticCall(tree.root, proof, `0x${list[8]}`)).toBe(false);
    const base = { root: tree.root, contractAddress: address, chainId: 1337 };
    expect((await verifyMerkle(chain.rpcUrl, { ...base, sha256: list[7]!, proof: tampered })).ok).toBe(false);
    expect((await verifyMerkle(chain.rpcUrl, { ...base, sha256: list[8]!, proof })).ok).toBe(false);
    // A correct proof of a root never anchored: the chain has no time for it.
    const other = merkleTree(hashes('never', 4));
    const unanchored = await verifyMerkle(chain.rpcUrl, {
      ...base,
      root: other.root,
      sha256: hashes('never', 4)[1]!,
      proof: other.proof(1),
    });
    expect(unanchored).toEqual(
      expect.objectContaining({ ok: false, reason: expect.stringMatching(/no record/) }),
    );
  });
});
