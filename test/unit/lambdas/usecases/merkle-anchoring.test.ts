// The Merkle batching use case (issue #33, decision 164) with an in-memory store that keeps the
// DynamoDB adapter's conditions, against a real ganache chain: a batch closes on size or on age; two
// workers flushing at once anchor one root once; a worker that crashes after sending resumes the same
// root without a second transaction; every document records a proof that leads to the root.
import { createHash } from 'node:crypto';
import { Contract } from 'ethers';
import type {
  BatchAnchor,
  MerkleBatch,
  MerkleDocumentAnchor,
  PendingLeaf,
} from '../../../../lambdas/adapters/dynamo/merkle-batches';
import { EvmMerkleAnchor } from '../../../../lambdas/adapters/evm-merkle';
import { MERKLE_CONTRACT_NAME } from '../../../../lambdas/chain/artifact';
import { ensureArtifact } from '../../../../lambdas/chain/compile';
import { deployDocumentAnchor } from '../../../../lambdas/chain/deploy';
import { MERKLE_ANCHOR_ABI } from '../../../../lambdas/chain/merkle-abi';
import { createLogger } from '../../../../lambdas/core/logger';
import {
  flushMerkleBatches,
  queueForBatch,
  type MerkleAnchorDeps,
} from '../../../../lambdas/usecases/merkle-anchoring';
import type { DocumentRecord } from '../../../../lambdas/adapters/dynamo/documents';
import { verifyMerkleProof } from '../../../../shared/domain/merkle';
import { CHAIN_TEST_TIMEOUT_MS, startTestChain, type TestChain } from '../../../support/chain';

const log = createLogger({ test: 'merkle-anchoring' }, 'error');
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** The store's conditions, in memory: one current batch, a proof recorded once. */
class MemoryBatches {
  pending = new Map<string, PendingLeaf>();
  batches = new Map<string, MerkleBatch>();
  current: string | undefined;
  timer: { dueAt: string; added: number } | undefined;
  recorded = new Map<string, MerkleDocumentAnchor>();
  failAnchorRecordOnce = false;
  async addPending(docuId: string, sha256: string, since: string) {
    if (this.recorded.has(docuId)) return false;
    this.pending.set(docuId, { docuId, sha256, since });
    return true;
  }
  async listPending() {
    return [...this.pending.values()].sort((a, b) =>
      a.since === b.since ? (a.docuId < b.docuId ? -1 : 1) : a.since < b.since ? -1 : 1,
    );
  }
  async deletePending(ids: readonly string[]) {
    for (const id of ids) this.pending.delete(id);
  }
  async openBatch(batch: MerkleBatch) {
    if (this.current || this.batches.has(batch.root)) return false;
    this.batches.set(batch.root, batch);
    this.current = batch.root;
    return true;
  }
  async currentBatch() {
    return this.current ? this.batches.get(this.current)! : null;
  }
  async recordBatchAnchor(root: string, anchor: BatchAnchor) {
    if (this.failAnchorRecordOnce) {
      this.failAnchorRecordOnce = false;
      throw new Error('crash after sending');
    }
    const b = this.batches.get(root)!;
    if (!b.anchor) this.batches.set(root, { ...b, anchor });
  }
  async recordMember(docuId: string, _sha256: string, anchor: MerkleDocumentAnchor) {
    if (this.recorded.has(docuId)) return false;
    this.recorded.set(docuId, anchor);
    return true;
  }
  async closeBatch(root: string) {
    if (this.current === root) this.current = undefined;
  }
  async tick(dueAt: string) {
    this.timer = { dueAt: this.timer?.dueAt ?? dueAt, added: (this.timer?.added ?? 0) + 1 };
    return this.timer;
  }
  async resetTimer() {
    this.timer = undefined;
  }
}

let chain: TestChain;
let address: string;
const adapters: EvmMerkleAnchor[] = [];
const roots = () => {
  const a = new EvmMerkleAnchor({
    rpcUrl: chain.rpcUrl,
    chainId: 1337,
    contractAddress: address,
    minterKey: async () => chain.minter.privateKey,
    timeoutMs: CHAIN_TEST_TIMEOUT_MS,
  });
  adapters.push(a);
  return a;
};

beforeAll(async () => {
  chain = await startTestChain();
  const { artifact } = ensureArtifact({ contract: MERKLE_CONTRACT_NAME });
  address = (await deployDocumentAnchor(chain.admin, chain.minter.address, artifact)).address;
}, 120_000);

afterAll(async () => {
  for (const a of adapters) a.destroy();
  await chain?.stop();
});

function setup(batchSize: number, now: () => Date) {
  const store = new MemoryBatches();
  const queued: { job: unknown; delaySeconds?: number }[] = [];
  const deps = (anchor = roots()): MerkleAnchorDeps => ({
    batches: store,
    roots: () => anchor,
    queue: {
      enqueue: async (_q, job, options) => {
        queued.push({ job, delaySeconds: options?.delaySeconds });
        return { messageId: String(queued.length) };
      },
      check: async () => undefined,
    },
    batchSize,
    batchAgeSeconds: 5,
    now,
  });
  return { store, queued, deps };
}

const doc = (tag: string, i: number) =>
  ({ docuId: `${tag}-${i}`, finalSha256: sha(`${tag} ${i} ${Date.now()}`) }) as DocumentRecord;

const totalRoots = async () =>
  (await new Contract(address, MERKLE_ANCHOR_ABI, chain.provider)
    .getFunction('totalRoots')
    .staticCall()) as bigint;

describe('anchoring documents in Merkle batches', () => {
  it('closes a batch on size: the document that fills it anchors it, every document gets a proof', async () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    const { store, queued, deps } = setup(5, () => t0);
    const d = deps();
    const docs = Array.from({ length: 5 }, (_, i) => doc('size', i));
    for (const x of docs) await queueForBatch(d, x, log);
    // The first queued one delayed flush; the fifth filled the batch.
    expect(queued[0]).toEqual({ job: { merkleFlush: true }, delaySeconds: 5 });
    expect(store.pending.size).toBe(0);
    expect(store.current).toBeUndefined();
    const root = store.recorded.get(docs[0]!.docuId)!.root;
    for (const x of docs) {
      const r = store.recorded.get(x.docuId)!;
      expect(r.root).toBe(root);
      expect(verifyMerkleProof(r.root, r.proof, x.finalSha256!)).toBe(true);
    }
    // Each document's certificate follows in its own anchor job.
    expect(queued.slice(1).map((q) => q.job)).toEqual(
      docs.map((x) => ({ docuId: x.docuId, hash: x.finalSha256 })),
    );
  });

  it('closes a batch on age only: not before the oldest has waited, then at the flush', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const { store, deps } = setup(1000, () => now);
    const d = deps();
    const docs = Array.from({ length: 3 }, (_, i) => doc('age', i));
    for (const x of docs) await queueForBatch(d, x, log);
    expect(await flushMerkleBatches(d, log)).toBe(0);
    expect(store.recorded.size).toBe(0);
    now = new Date(now.getTime() + 5000);
    expect(await flushMerkleBatches(d, log)).toBe(1);
    expect(store.recorded.size).toBe(3);
  });

  it('anchors one root once when two workers flush at once', async () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    const { store, deps } = setup(4, () => t0);
    for (let i = 0; i < 4; i++)
      await store.addPending(`race-${i}`, sha(`race ${i} ${Date.now()}`), t0.toISOString());
    const before = await totalRoots();
    const counts = await Promise.all([flushMerkleBatches(deps(), log), flushMerkleBatches(deps(), log)]);
    expect(await totalRoots()).toBe(before + 1n);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(new Set([...store.recorded.values()].map((r) => r.root)).size).toBe(1);
    expect(store.recorded.size).toBe(4);
  });

  it('resumes the same root after a crash that followed the send, with no second transaction', async () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    const { store, deps } = setup(3, () => t0);
    for (let i = 0; i < 3; i++)
      await store.addPending(`crash-${i}`, sha(`crash ${i} ${Date.now()}`), t0.toISOString());
    store.failAnchorRecordOnce = true;
    const before = await totalRoots();
    await expect(flushMerkleBatches(deps(), log)).rejects.toThrow('crash after sending');
    const open = store.current!;
    expect(store.recorded.size).toBe(0);
    const nonce = await chain.provider.getTransactionCount(chain.minter.address);
    // A new document arrives meanwhile: it waits for the next batch, the open one is finished first.
    await store.addPending('crash-late', sha(`late ${Date.now()}`), t0.toISOString());
    expect(await flushMerkleBatches(deps(), log)).toBe(1);
    expect(await chain.provider.getTransactionCount(chain.minter.address)).toBe(nonce);
    expect(await totalRoots()).toBe(before + 1n);
    expect([...store.recorded.values()].map((r) => r.root)).toEqual([open, open, open]);
    expect(store.pending.has('crash-late')).toBe(true);
  });
});
