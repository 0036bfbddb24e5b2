// Anchoring in batches (issue #33, anchorMode 'merkle'; docs/anchoring.md, docs/decisions.md decision
// 163). A sealed document's anchor job queues its SHA-256 for the next batch; a batch closes when it
// holds ANCHOR_BATCH_SIZE documents or its oldest has waited ANCHOR_BATCH_AGE_SECONDS; then one
// transaction anchors the root of a Merkle tree over its hashes (shared/domain/merkle.ts) and every
// document records its root, leaf index, proof and transaction. Each document's certificate then
// follows in its own anchor job (the same follow-ups as a token's).
//
// Exactly once: a batch is written with its members before anything is sent and is the only one open
// (the 'current' slot); whoever finds it open finishes it — after a crash, on a retry, or a second
// worker — so a document never goes into two batches that are both sent. The chain is read before the
// root is sent (EvmMerkleAnchor, like minting), so a root is anchored once; each document records its
// proof once (conditional write). A document waits in its pending item until it has recorded its
// proof, and its 'anchor' sweep marker stays until then, so nothing is lost.
import type { DocumentRecord } from '../adapters/dynamo/documents';
import type { DynamoMerkleBatches, MerkleBatch } from '../adapters/dynamo/merkle-batches';
import type { Logger } from '../core/logger';
import type { BatchJobQueue, JobQueue, MerkleRootAnchor } from '../ports';
import { merkleTree } from '../../shared/domain/merkle';

export interface MerkleAnchorDeps {
  readonly batches: Pick<
    DynamoMerkleBatches,
    | 'addPending'
    | 'listPending'
    | 'deletePending'
    | 'openBatch'
    | 'currentBatch'
    | 'recordBatchAnchor'
    | 'recordMember'
    | 'closeBatch'
    | 'tick'
    | 'resetTimer'
  >;
  readonly roots: () => MerkleRootAnchor;
  readonly queue: JobQueue & Partial<Pick<BatchJobQueue, 'enqueueMany'>>;
  /** A batch closes at this many documents… */
  readonly batchSize: number;
  /** …or when its oldest has waited this long. */
  readonly batchAgeSeconds: number;
  readonly now?: () => Date;
}

/** The flush job the timer queues (the anchor worker's other message). */
export const MERKLE_FLUSH_JOB = { merkleFlush: true } as const;

/** How many members record their proofs at once. */
const RECORD_CONCURRENCY = 16;

/** Queues a sealed document for the next batch, and anchors the batches that are due. */
export async function queueForBatch(
  deps: MerkleAnchorDeps,
  doc: DocumentRecord,
  log: Logger,
): Promise<'queued' | 'recorded'> {
  const now = deps.now?.() ?? new Date();
  const added = await deps.batches.addPending(doc.docuId, doc.finalSha256!, now.toISOString());
  if (!added) return 'recorded';
  const timer = await deps.batches.tick(new Date(now.getTime() + deps.batchAgeSeconds * 1000).toISOString());
  log.info('document queued for a Merkle batch', { docuId: doc.docuId, waiting: timer.added });
  // The first document of a batch queues the one flush that closes it on age; the one that fills it
  // (or one that finds the timer overdue: its flush job was lost) closes it now.
  if (timer.added === 1)
    await deps.queue.enqueue('anchor', MERKLE_FLUSH_JOB, { delaySeconds: deps.batchAgeSeconds });
  if (timer.added >= deps.batchSize || Date.parse(timer.dueAt) <= now.getTime())
    await flushMerkleBatches(deps, log);
  return 'queued';
}

/** Anchors every batch that is due (finishing an open one first); queues a flush for the rest. */
export async function flushMerkleBatches(deps: MerkleAnchorDeps, log: Logger): Promise<number> {
  let anchored = 0;
  for (;;) {
    let batch = await deps.batches.currentBatch();
    if (!batch) {
      const pending = await deps.batches.listPending();
      if (pending.length === 0) return anchored;
      const now = deps.now?.() ?? new Date();
      const dueAt = Date.parse(pending[0]!.since) + deps.batchAgeSeconds * 1000;
      if (pending.length < deps.batchSize && dueAt > now.getTime()) {
        // Not due yet: make sure a flush comes when it is.
        await deps.batches.resetTimer();
        await deps.batches.tick(new Date(dueAt).toISOString());
        await deps.queue.enqueue('anchor', MERKLE_FLUSH_JOB, {
          delaySeconds: Math.max(1, Math.ceil((dueAt - now.getTime()) / 1000)),
        });
        return anchored;
      }
      batch = newBatch(pending.slice(0, deps.batchSize), now);
      if (!(await deps.batches.openBatch(batch))) continue; // another worker opened one: finish it
      await deps.batches.resetTimer();
      log.info('Merkle batch opened', { root: batch.root, documents: batch.members.length });
    }
    await finishBatch(deps, batch, log);
    anchored++;
  }
}

/** A batch of waiting documents: one leaf per distinct hash, in the order they came. */
export function newBatch(pending: readonly { docuId: string; sha256: string }[], now: Date): MerkleBatch {
  const leafOf = new Map<string, number>();
  for (const p of pending) if (!leafOf.has(p.sha256)) leafOf.set(p.sha256, leafOf.size);
  const tree = merkleTree([...leafOf.keys()]);
  return {
    root: tree.root,
    members: pending.map((p) => ({ docuId: p.docuId, sha256: p.sha256, leafIndex: leafOf.get(p.sha256)! })),
    leafCount: leafOf.size,
    createdAt: now.toISOString(),
  };
}

/** Anchors the batch's root (once) and records every member's proof; then the batch is closed. */
async function finishBatch(deps: MerkleAnchorDeps, batch: MerkleBatch, log: Logger): Promise<void> {
  const hashes: string[] = [];
  for (const m of batch.members) hashes[m.leafIndex] = m.sha256;
  const tree = merkleTree(hashes);
  if (tree.root !== batch.root) throw new Error(`Batch ${batch.root}: its members make another root.`);
  let anchor = batch.anchor;
  if (!anchor) {
    const started = Date.now();
    const record = await deps.roots().anchorRoot(batch.root);
    anchor = {
      transactionHash: record.transactionHash,
      blockNumber: record.blockNumber,
      anchoredAt: record.anchoredAt,
      chainId: record.chainId,
      contractAddress: record.contractAddress,
    };
    await deps.batches.recordBatchAnchor(batch.root, anchor);
    log.info('Merkle root anchored', {
      root: batch.root,
      documents: batch.members.length,
      transactionHash: anchor.transactionHash,
      ms: Date.now() - started,
    });
  }
  const members = [...batch.members];
  for (let i = 0; i < members.length; i += RECORD_CONCURRENCY) {
    await Promise.all(
      members.slice(i, i + RECORD_CONCURRENCY).map((m) =>
        deps.batches.recordMember(m.docuId, m.sha256, {
          root: batch.root,
          leafIndex: m.leafIndex,
          leafCount: batch.leafCount,
          proof: tree.proof(m.leafIndex),
          ...anchor,
        }),
      ),
    );
  }
  await deps.batches.deletePending(members.map((m) => m.docuId));
  // Each document's certificate and history in its own job (idempotent: a resumed batch queues again).
  const jobs = members.map((m) => ({ docuId: m.docuId, hash: m.sha256 }));
  if (deps.queue.enqueueMany) await deps.queue.enqueueMany('anchor', jobs);
  else for (const job of jobs) await deps.queue.enqueue('anchor', job);
  await deps.batches.closeBatch(batch.root, new Date().toISOString());
}
