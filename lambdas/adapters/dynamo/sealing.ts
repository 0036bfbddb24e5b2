// What the seal and anchor jobs and the sweep write (issue #6). Each step is one transaction
// conditional on the document's state, so a duplicated or retried message changes nothing twice:
// - completeSeal: Generating → Completed with the final file, the hash → document record, and the
//   sweep marker moved from 'seal' to 'anchor' (and a hash → document record per agreement video);
// - recordVideoAnchor: a video's token on its contractor (only once; issue #15);
// - recordAnchor: the token on the document (only once) and the 'anchor' marker removed;
// - requestClaim / recordClaim / failClaim (issue #32): the owner's claim of a held token, asked for
//   once (with a 'claim' marker the sweep re-queues), recorded once when the token has moved.
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createEntities, type Entities, type SealedHashItem, type SweepMarkerItem } from './entities';
import { conflictError, type Expected } from './documents';
import { isConditionalFailure } from './conditions';

export type SweepMarkerRecord = SweepMarkerItem;
/** The work a sweep marker stands for. */
export type SweepQueue = SweepMarkerItem['queue'];
export type SealedHashRecord = SealedHashItem;

export interface FinalFile {
  readonly finalKey: string;
  readonly finalSizeBytes: number;
  readonly finalSha256: string;
  /** Pages of the sealed PDF (absent on files sealed before issue #34). */
  readonly finalPageCount?: number;
  readonly completedAt: string;
  /** Issue #30 item 3: when the archive timestamp is due for renewal (scheduled with the seal). */
  readonly evidenceRenewBy?: string;
}

/** The sealed file after an archive timestamp renewal (issue #30 item 3). */
export interface RenewedFile {
  readonly finalKey: string;
  readonly finalSizeBytes: number;
  /** SHA-256 of the renewed file (the anchored hash stays the document's finalSha256). */
  readonly sha256: string;
  readonly renewedAt: string;
  readonly evidenceRenewBy: string;
}

export interface EvidenceRenewalRecord {
  readonly docuId: string;
  readonly dueAt: string;
}

export interface AnchorFields {
  readonly anchorTokenId: string;
  readonly anchorTxHash: string;
  readonly anchorChainId: number;
  readonly anchorContract: string;
  readonly anchorHolder: string;
  readonly anchorBlockNumber: number;
  readonly anchoredAt: string;
  /** Minted to the service's address, held for the owner (issue #32). */
  readonly anchorHeld?: boolean;
}

/** A claimed token once it has moved (issue #32). */
export interface ClaimedToken {
  readonly claimTo: string;
  readonly claimTxHash: string;
  readonly claimedAt: string;
}

/** A contractor's agreement video of the sealed document (issue #15): verify finds it by its hash. */
export interface SealedVideo {
  readonly sha256: string;
  readonly recipientIndex: number;
}

/** A video's RFC 3161 timestamp (issue #30 item 4), as the seal job records it on the contractor. */
export interface VideoTimestamp {
  readonly sha256: string;
  /** The TimeStampToken, base64 DER. */
  readonly token: string;
  readonly genTime: string;
  readonly authority: string;
  readonly serialHex: string;
}

/** A video's token, as the anchor job records it on the contractor. */
export interface VideoAnchor {
  readonly sha256: string;
  readonly tokenId: string;
  readonly transactionHash: string;
  readonly chainId: number;
  readonly contractAddress: string;
  readonly holder: string;
  readonly blockNumber: number;
  readonly anchoredAt: string;
}

export interface SealRepository {
  /** Generating → Completed with the final file; false when the document was no longer in the
   *  expected state (another worker sealed it, or it was deleted). `videos` are the agreement videos'
   *  hashes, recorded in the same transaction for verification. */
  completeSeal(
    docuId: string,
    expected: Expected,
    final: FinalFile,
    videos?: readonly SealedVideo[],
  ): Promise<boolean>;
  /** Records a video's token on its contractor once; false when it already has one (or is gone). */
  recordVideoAnchor(docuId: string, recipientIndex: number, anchor: VideoAnchor): Promise<boolean>;
  /** Records a video's RFC 3161 timestamp on its contractor once (issue #30); false when it has one. */
  recordVideoTimestamp(docuId: string, recipientIndex: number, stamp: VideoTimestamp): Promise<boolean>;
  /** Records the token once; false when the document already has one (or is gone). */
  recordAnchor(docuId: string, anchor: AnchorFields): Promise<boolean>;
  setCertificateKey(docuId: string, key: string): Promise<void>;
  /** Asks for the held token to move to `to` (issue #32): false when the document has no token or a
   *  claim was asked for already (exactly one of racing claims wins). Leaves a 'claim' marker. */
  requestClaim(docuId: string, to: string, at: string): Promise<boolean>;
  /** The token has moved: recorded once (false when already recorded); the marker is removed. */
  recordClaim(docuId: string, claimed: ClaimedToken): Promise<boolean>;
  /** The token cannot be moved (it is not held by the service): recorded, the marker removed. */
  failClaim(docuId: string, error: string): Promise<void>;
  /** The first time a contractor opened their link; later calls change nothing. */
  markOpened(docuId: string, index: number, at: string): Promise<void>;
  findSealedHash(sha256: string): Promise<SealedHashRecord | null>;
  /** Archive timestamp renewals due at `now` or before, at most `limit`, the most urgent first. */
  listDueRenewals(now: string, limit: number): Promise<EvidenceRenewalRecord[]>;
  /**
   * Replaces the sealed file by its renewed one (issue #30 item 3) when the document still has the file
   * renewed (`expectedKey`) and is still due at `dueAt`; moves its schedule to the next renewal and
   * lets the verify page find the new file's hash. False when another attempt won.
   */
  recordRenewal(docuId: string, expectedKey: string, dueAt: string, renewed: RenewedFile): Promise<boolean>;
  /** Removes a schedule item (its document is gone or no longer B-LTA). */
  deleteRenewal(docuId: string, dueAt: string): Promise<void>;
  /** Markers of one queue, at most `limit`, oldest first. */
  listSweepMarkers(queue: SweepQueue, limit: number): Promise<SweepMarkerRecord[]>;
  /** Removes a marker whose document no longer exists or no longer owes the work. */
  deleteSweepMarker(queue: SweepQueue, docuId: string): Promise<void>;
}

export class DynamoSealRepository implements SealRepository {
  private readonly e: Entities;

  constructor(
    private readonly documentClient: DynamoDBDocumentClient,
    table: string,
  ) {
    this.e = createEntities(documentClient, table);
  }

  async completeSeal(
    docuId: string,
    expected: Expected,
    final: FinalFile,
    videos: readonly SealedVideo[] = [],
  ): Promise<boolean> {
    const update = this.e.document
      .patch({ docuId })
      .set({
        ...final,
        status: 'Completed',
        updatedAt: final.completedAt,
        version: expected.version + 1,
      })
      .where((a, o) => `${o.eq(a.status, expected.status)} AND ${o.eq(a.version, expected.version)}`)
      .params();
    const hash = this.e.sealedHash
      .create({ sha256: final.finalSha256, docuId, sealedAt: final.completedAt })
      .params();
    const items = [
      { Update: update as never },
      { Put: hash as never },
      ...(final.evidenceRenewBy
        ? [{ Put: this.e.evidenceRenewal.put({ docuId, dueAt: final.evidenceRenewBy }).params() as never }]
        : []),
      { Delete: this.e.sweepMarker.delete({ queue: 'seal', docuId }).params() as never },
      {
        Put: this.e.sweepMarker
          .put({ queue: 'anchor', docuId, since: final.completedAt, sha256: final.finalSha256 })
          .params() as never,
      },
      // A put, not a create: the same recording cannot be in two contracts, but should identical bytes
      // come again (a test's synthetic video), the later contract answers rather than the seal failing.
      ...videos.map((v) => ({
        Put: this.e.sealedHash
          .put({ sha256: v.sha256, docuId, sealedAt: final.completedAt, recipientIndex: v.recipientIndex })
          .params() as never,
      })),
    ];
    return this.transact(items);
  }

  async recordVideoAnchor(docuId: string, recipientIndex: number, anchor: VideoAnchor): Promise<boolean> {
    try {
      await this.e.recipient
        .patch({ docuId, index: recipientIndex })
        .set({ videoAnchor: { ...anchor } })
        .where((a, o) => o.notExists(a.videoAnchor))
        .go();
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  async recordVideoTimestamp(
    docuId: string,
    recipientIndex: number,
    stamp: VideoTimestamp,
  ): Promise<boolean> {
    try {
      await this.e.recipient
        .patch({ docuId, index: recipientIndex })
        .set({ videoTimestamp: { ...stamp } })
        .where((a, o) => o.notExists(a.videoTimestamp))
        .go();
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  /** One transaction; false when a condition failed (another attempt won, or the item is gone). */
  private async transact(items: readonly object[]): Promise<boolean> {
    try {
      await this.documentClient.send(new TransactWriteCommand({ TransactItems: items as never }));
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  async listDueRenewals(now: string, limit: number): Promise<EvidenceRenewalRecord[]> {
    const res = await this.e.evidenceRenewal.query.byDue({}).lte({ dueAt: now }).go({ limit });
    return res.data.map((r) => ({ docuId: r.docuId, dueAt: r.dueAt }));
  }

  async recordRenewal(
    docuId: string,
    expectedKey: string,
    dueAt: string,
    renewed: RenewedFile,
  ): Promise<boolean> {
    const update = this.e.document
      .patch({ docuId })
      .set({
        finalKey: renewed.finalKey,
        finalSizeBytes: renewed.finalSizeBytes,
        evidenceRenewBy: renewed.evidenceRenewBy,
        updatedAt: renewed.renewedAt,
      })
      .add({ evidenceRenewals: 1 })
      .where((a, o) => `${o.eq(a.finalKey, expectedKey)} AND ${o.eq(a.evidenceRenewBy, dueAt)}`)
      .params();
    const items = [
      { Update: update as never },
      { Delete: this.e.evidenceRenewal.delete({ docuId, dueAt }).params() as never },
      {
        Put: this.e.evidenceRenewal.put({ docuId, dueAt: renewed.evidenceRenewBy }).params() as never,
      },
      {
        Put: this.e.sealedHash
          .put({ sha256: renewed.sha256, docuId, sealedAt: renewed.renewedAt, renewedAt: renewed.renewedAt })
          .params() as never,
      },
    ];
    return this.transact(items);
  }

  async deleteRenewal(docuId: string, dueAt: string): Promise<void> {
    await this.e.evidenceRenewal.delete({ docuId, dueAt }).go();
  }

  async recordAnchor(docuId: string, anchor: AnchorFields): Promise<boolean> {
    const update = this.e.document
      .patch({ docuId })
      .set({ ...anchor })
      .where((a, o) => `${o.eq(a.status, 'Completed')} AND ${o.notExists(a.anchorTokenId)}`)
      .params();
    const items = [
      { Update: update as never },
      { Delete: this.e.sweepMarker.delete({ queue: 'anchor', docuId }).params() as never },
    ];
    try {
      await this.documentClient.send(new TransactWriteCommand({ TransactItems: items }));
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) {
        await this.deleteSweepMarker('anchor', docuId);
        return false;
      }
      throw err;
    }
  }

  async requestClaim(docuId: string, to: string, at: string): Promise<boolean> {
    const update = this.e.document
      .patch({ docuId })
      .set({ claimTo: to, claimRequestedAt: at })
      .where(
        (a, o) =>
          `${o.eq(a.status, 'Completed')} AND ${o.exists(a.anchorTokenId)} AND ${o.notExists(a.claimTo)}`,
      )
      .params();
    const marker = this.e.sweepMarker.put({ queue: 'claim', docuId, since: at, to }).params();
    return this.transact([{ Update: update as never }, { Put: marker as never }]);
  }

  async recordClaim(docuId: string, claimed: ClaimedToken): Promise<boolean> {
    const update = this.e.document
      .patch({ docuId })
      .set({ claimTxHash: claimed.claimTxHash, claimedAt: claimed.claimedAt, anchorHolder: claimed.claimTo })
      .where((a, o) => `${o.eq(a.claimTo, claimed.claimTo)} AND ${o.notExists(a.claimedAt)}`)
      .params();
    const done = await this.transact([
      { Update: update as never },
      { Delete: this.e.sweepMarker.delete({ queue: 'claim', docuId }).params() as never },
    ]);
    if (!done) await this.deleteSweepMarker('claim', docuId);
    return done;
  }

  async failClaim(docuId: string, error: string): Promise<void> {
    try {
      await this.e.document
        .patch({ docuId })
        .set({ claimError: error })
        .where((a, o) => `${o.exists(a.claimTo)} AND ${o.notExists(a.claimedAt)}`)
        .go();
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
    }
    await this.deleteSweepMarker('claim', docuId);
  }

  async markOpened(docuId: string, index: number, at: string): Promise<void> {
    try {
      await this.e.recipient
        .patch({ docuId, index })
        .set({ openedAt: at })
        .where((a, o) => o.notExists(a.openedAt))
        .go();
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
    }
  }

  async setCertificateKey(docuId: string, key: string): Promise<void> {
    try {
      await this.e.document
        .patch({ docuId })
        .set({ certificateKey: key })
        .where((a, o) => o.exists(a.docuId))
        .go();
    } catch (err) {
      if (isConditionalFailure(err)) throw conflictError(docuId);
      throw err;
    }
  }

  async findSealedHash(sha256: string): Promise<SealedHashRecord | null> {
    const res = await this.e.sealedHash.get({ sha256 }).go();
    return res.data ?? null;
  }

  async listSweepMarkers(queue: SweepQueue, limit: number): Promise<SweepMarkerRecord[]> {
    const res = await this.e.sweepMarker.query.byQueue({ queue }).go({ pages: 'all' });
    return [...res.data].sort((a, b) => a.since.localeCompare(b.since)).slice(0, limit);
  }

  async deleteSweepMarker(queue: SweepQueue, docuId: string): Promise<void> {
    await this.e.sweepMarker.delete({ queue, docuId }).go();
  }
}
