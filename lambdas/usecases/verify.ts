// Public verification (issue #6): is this hash (or this document id, from the QR code) a document
// sealed here — or an agreement video of one (issue #15: whose, recorded when) — which one (parties
// masked), and what does the chain say about it — read live from the contract, not from our table,
// so the answer does not rest on trusting this service's database.
import type { VerifyParty, VerifyQuery, VerifyResponse } from '../../shared/api/verify';
import { maskContact } from '../../shared/domain/contact';
import type { DocumentRecord, DocumentRepository, RecipientRecord } from '../adapters/dynamo/documents';
import type { UserRecord } from '../adapters/dynamo/repository';
import type { SealRepository } from '../adapters/dynamo/sealing';
import type { Logger } from '../core/logger';
import type { ChainReader, MerkleRootReader } from '../ports';
import { merkleLeaf } from '../../shared/domain/merkle';

export interface VerifyDeps {
  readonly docs: Pick<DocumentRepository, 'getDocument' | 'listRecipients'>;
  readonly seals: Pick<SealRepository, 'findSealedHash'>;
  readonly users: { getById(userId: string): Promise<UserRecord | null> };
  /** Null when no chain is configured. */
  readonly chain: () => ChainReader | null;
  readonly chainName: string;
  /** Issue #33: the MerkleAnchor contract; null when none is configured. */
  readonly merkle?: () => MerkleRootReader | null;
}

/** 'Alice Smith' → 'A**** S****', '山田 花子' → '山* 花*'. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const chars = Array.from(word);
      return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
    })
    .join(' ');
}

interface Sealed {
  readonly doc: DocumentRecord;
  /** The hash is this contractor's agreement video (issue #15). */
  readonly video?: RecipientRecord;
  readonly recipients?: RecipientRecord[];
}

async function sealedDocument(deps: VerifyDeps, query: VerifyQuery): Promise<Sealed | null> {
  if (query.hash) {
    const sealed = await deps.seals.findSealedHash(query.hash);
    if (!sealed) return null;
    const doc = await deps.docs.getDocument(sealed.docuId);
    if (!doc || doc.status !== 'Completed') return null;
    // A renewed file (issue #30 item 3) answers for its document; the chain holds the anchored hash.
    if (sealed.recipientIndex === undefined)
      return doc.finalSha256 === query.hash || sealed.renewedAt ? { doc } : null;
    const recipients = await deps.docs.listRecipients(doc.docuId);
    const video = recipients.find((r) => r.index === sealed.recipientIndex && r.video?.sha256 === query.hash);
    return video ? { doc, video, recipients } : null;
  }
  const doc = await deps.docs.getDocument(query.document!);
  return doc?.status === 'Completed' && doc.finalSha256 ? { doc } : null;
}

export async function verify(deps: VerifyDeps, query: VerifyQuery, log: Logger): Promise<VerifyResponse> {
  const sealed = await sealedDocument(deps, query);
  const doc = sealed?.doc ?? null;
  const renewed = Boolean(doc && query.hash && !sealed?.video && query.hash !== doc.finalSha256);
  const hash = (renewed ? doc?.finalSha256 : query.hash) ?? doc?.finalSha256 ?? null;
  let document: VerifyResponse['document'];
  let video: VerifyResponse['video'];
  if (doc) {
    const [owner, recipients] = await Promise.all([
      deps.users.getById(doc.ownerId),
      sealed?.recipients ?? deps.docs.listRecipients(doc.docuId),
    ]);
    const parties: VerifyParty[] = [
      ...(owner ? [{ name: maskName(owner.name), contact: maskContact(owner.email) }] : []),
      // A video contract's owner row (the requester) is the owner above (issue #16).
      ...recipients
        .filter((r) => !(doc.kind === 'vcontract' && r.isOwner))
        .map((r) => ({
          name: maskName(r.name),
          contact: maskContact(r.contact),
          ...(r.decidedAt ? { signedAt: r.decidedAt } : {}),
        })),
    ];
    document = {
      title: doc.title ?? '',
      shortNumber: doc.id4.toUpperCase(),
      completedAt: doc.completedAt ?? '',
      finalSha256: doc.finalSha256!,
      parties,
      kind: doc.kind,
    };
    const by = sealed?.video;
    if (by?.video) {
      video = {
        recipientName: by.name,
        recordedAt: by.video.recordedAt,
        sizeBytes: by.video.sizeBytes,
        contentType: by.video.contentType,
        // The token only (issue #30 item 4): the page reads its time, authority and serial from it.
        ...(by.videoTimestamp?.sha256 === by.video.sha256
          ? { timestamp: { token: by.videoTimestamp.token } }
          : {}),
      };
    }
  }
  let chain: VerifyResponse['chain'] = { state: 'absent' };
  const m = doc?.merkleAnchor;
  if (doc && m && hash === doc.finalSha256 && !sealed?.video) {
    return {
      hash,
      known: true,
      ...(document ? { document } : {}),
      chain: await merkleChainState(deps, hash, m, log),
    };
  }
  const client = hash ? deps.chain() : null;
  if (hash && !client) chain = { state: 'unavailable' };
  if (hash && client) {
    try {
      const record = await client.findByHash(hash);
      if (record) {
        chain = {
          state: 'anchored',
          record: {
            tokenId: record.tokenId,
            holder: record.holder,
            transactionHash: record.transactionHash,
            blockNumber: record.blockNumber,
            anchoredAt: record.anchoredAt,
            chainId: record.chainId,
            chainName: deps.chainName,
            contractAddress: record.contractAddress,
            sha256: record.sha256,
          },
        };
      } else {
        chain = { state: doc ? 'pending' : 'absent' };
      }
    } catch (err) {
      log.warn('chain unavailable for verification', { err });
      chain = { state: 'unavailable' };
    }
  }
  return { hash, known: doc !== null, ...(document ? { document } : {}), ...(video ? { video } : {}), chain };
}

/** A document anchored in a Merkle batch (issue #33): its proof, and the root read live from the chain. */
async function merkleChainState(
  deps: VerifyDeps,
  sha256: string,
  m: NonNullable<DocumentRecord['merkleAnchor']>,
  log: Logger,
): Promise<VerifyResponse['chain']> {
  const reader = deps.merkle?.() ?? null;
  if (!reader) return { state: 'unavailable' };
  try {
    const root = await reader.findRoot(m.root);
    if (!root) return { state: 'absent' };
    return {
      state: 'anchored',
      merkle: {
        sha256,
        leaf: merkleLeaf(sha256),
        root: m.root,
        leafIndex: m.leafIndex,
        leafCount: m.leafCount,
        proof: [...m.proof],
        transactionHash: root.transactionHash,
        blockNumber: root.blockNumber,
        anchoredAt: root.anchoredAt,
        chainId: root.chainId,
        chainName: deps.chainName,
        contractAddress: root.contractAddress,
      },
    };
  } catch (err) {
    log.warn('chain unavailable for verification', { err });
    return { state: 'unavailable' };
  }
}
