// The anchor job (issue #6): mints one ERC-721 token for the sealed PDF's SHA-256 (to the owner's
// verified wallet when connected — issue #32 — else to the service's address, which holds it for the
// owner to claim later), records it on the document, writes 'hash_nft' to
// the history, and e-mails every party the certificate (a PDF with the hash, token, contract, chain,
// transaction and the verification link). A video-sign contract's agreement videos are minted first,
// one token per video hash, each recorded on its contractor (issue #15 item 5); the document's token
// is recorded last, so the sweep marker stays until every hash has its token, and the certificate
// lists them all.
//
// Idempotency: the chain adapter checks `tokenIdByHash` before sending, so a retried message never
// mints twice (a crash between two mints only leaves the later hashes to mint); the document and each
// contractor record their token once (conditional writes); the history item and the certificate
// messages are keyed by document and recipient. A chain that is down makes the job fail
// and retry later (the sweep re-queues what the dead-letter queue took); the document stays Completed.
//
// A claim (issue #32, `job.claim`) moves a held token to the wallet the owner claimed it to: the chain
// adapter reads the holder before sending and again after a failed send, the document records the
// move once, and the history gets one 'token_claimed'. The 'claim' sweep marker stays until then.
import { randomBytes } from 'node:crypto';
import { localeForPath, translate } from '../../shared/i18n/server';
import type { DocumentRecord, DocumentRepository, RecipientRecord } from '../adapters/dynamo/documents';
import type { UserRecord } from '../adapters/dynamo/repository';
import type { SealRepository } from '../adapters/dynamo/sealing';
import type { Logger } from '../core/logger';
import type { AnchorJob, NotifyJob } from '../jobs';
import type { AnchorChain, ChainRecord, JobQueue, ObjectStorage } from '../ports';
import type { CertificateInput, SealingKey, ServiceSigner, TrustServices } from '../sealing/types';
import { auditTime, contractorsOf, verifyPathFor, verifyUrlFor, videoSigners } from './seal-audit';
import { completionTargets } from './sealing';
import { createShortLink } from './short-links';
import { withMailBrand } from './brand-mail';
import { documentBrand } from './brand-account';
import type { ShortLinkStore } from '../adapters/dynamo/short-links';
import { maskContact } from '../../shared/domain/contact';
import { messageTitle, paragraphMessage } from './messages';
import { emitWebhookEvent } from './webhook-events';
import { isVerifiedWallet } from '../../shared/domain/wallet';
import type { WalletLinkStore } from '../adapters/dynamo/repository';
import { contractorWallet } from './wallet';
import { queueForBatch, type MerkleAnchorDeps } from './merkle-anchoring';

/** The certificate e-mail's paragraphs (sealing.certificate.*). */
/** A certificate SMS's short verify link works this many days (the page itself stays public). */
export const VERIFY_SHORT_LINK_DAYS = 365;

const CERTIFICATE_PARAGRAPHS = ['greeting', 'intro', 'hash', 'token', 'contract', 'chain', 'tx', 'verify'];

/** The certificate e-mail's paragraphs: the videos' tokens before the verify line; a video contract's
 *  introduction speaks of its agreed record, not of a signed PDF (issue #16). */
export function certificateParagraphs(kind: DocumentRecord['kind'], withVideos: boolean): string[] {
  const paragraphs = CERTIFICATE_PARAGRAPHS.map((p) =>
    p === 'intro' && kind === 'vcontract' ? 'introRecord' : p,
  );
  return withVideos ? [...paragraphs.slice(0, -1), 'videos', ...paragraphs.slice(-1)] : paragraphs;
}

/** The agreement videos' tokens as the certificate lists them (contractor order). */
export function videoTokens(recipients: readonly RecipientRecord[]) {
  return videoSigners(recipients).flatMap((r) =>
    r.videoAnchor && r.videoAnchor.sha256 === r.video.sha256
      ? [
          {
            recipient: r.name,
            sha256: r.video.sha256,
            tokenId: r.videoAnchor.tokenId,
            transactionHash: r.videoAnchor.transactionHash,
          },
        ]
      : [],
  );
}

export interface AnchorDeps {
  readonly docs: Pick<DocumentRepository, 'getDocument' | 'listRecipients' | 'listHistory' | 'addHistory'>;
  readonly seals: SealRepository;
  /** Verified wallets by e-mail (issue #32): a contractor's own video token goes to theirs. */
  readonly links?: Pick<WalletLinkStore, 'walletLinkOf'>;
  readonly users: { getById(userId: string): Promise<UserRecord | null> };
  readonly storage: ObjectStorage;
  readonly queue: JobQueue;
  readonly chain: () => AnchorChain;
  readonly chainName: string;
  readonly certificatePdf: (input: CertificateInput) => Promise<Uint8Array>;
  /** Issue #30: the certificate PDF is signed and PAdES B-LTA, as the sealed PDF is. */
  readonly serviceSigner: () => Promise<ServiceSigner | SealingKey>;
  readonly trust: () => TrustServices;
  readonly appUrl: string;
  /** Short links for SMS (issue #14): the verify link of a certificate SMS. */
  readonly shortLinks?: ShortLinkStore;
  /** Issue #33: set in anchorMode 'merkle': documents go into Merkle batches instead of each minting
   *  a token (agreement videos still get their tokens). */
  readonly merkle?: MerkleAnchorDeps;
}

export function certificateKeyFor(docuId: string): string {
  return `documents/${docuId}/certificate.pdf`;
}

export type AnchorOutcome = 'anchored' | 'already-anchored' | 'skipped';

function recordOf(doc: DocumentRecord): ChainRecord | null {
  const m = doc.merkleAnchor;
  if (m && doc.finalSha256 && !doc.anchorTokenId) {
    // Issue #33: no token; the certificate names the batch's root and the leaf instead.
    return {
      sha256: doc.finalSha256,
      tokenId: '',
      holder: '',
      transactionHash: m.transactionHash,
      blockNumber: m.blockNumber,
      anchoredAt: m.anchoredAt,
      chainId: m.chainId,
      contractAddress: m.contractAddress,
    };
  }
  if (!doc.anchorTokenId || !doc.finalSha256) return null;
  return {
    sha256: doc.finalSha256,
    tokenId: doc.anchorTokenId,
    holder: doc.anchorHolder ?? '',
    transactionHash: doc.anchorTxHash ?? '',
    blockNumber: doc.anchorBlockNumber ?? 0,
    anchoredAt: doc.anchoredAt ?? '',
    chainId: doc.anchorChainId ?? 0,
    contractAddress: doc.anchorContract ?? '',
  };
}

/** The certificate PDF (stored once per document) and one message per party, keyed for idempotency. */
async function certificateFollowUps(
  deps: AnchorDeps,
  doc: DocumentRecord,
  log: Logger,
  /** The owner when the caller has already read it. */
  knownOwner?: UserRecord | null,
): Promise<void> {
  const record = recordOf(doc);
  if (!record) return;
  // Webhooks (issue #31): every path that finds the token recorded passes here (retries too).
  await emitWebhookEvent(doc.ownerId, 'document.anchored', {
    docuId: doc.docuId,
    sha256: doc.finalSha256 ?? '',
    tokenId: record.tokenId,
    transactionHash: record.transactionHash,
    chainId: record.chainId,
  });
  const [owner, recipients, history] = await Promise.all([
    knownOwner !== undefined ? knownOwner : deps.users.getById(doc.ownerId),
    deps.docs.listRecipients(doc.docuId),
    deps.docs.listHistory(doc.docuId),
  ]);
  if (!history.some((h) => h.action === 'hash_nft')) {
    const time = new Date().toISOString();
    await deps.docs.addHistory({
      docuId: doc.docuId,
      ownerId: doc.ownerId,
      itemId: `${time}#${randomBytes(4).toString('hex')}`,
      time,
      action: 'hash_nft',
      actorName: 'SignSeal',
      actorContact: '',
      actorContactMasked: '',
      ip: '',
      userAgent: 'anchor worker',
      transactionHash: record.transactionHash,
    });
  }
  const targets = completionTargets(doc, owner, recipients);
  const videos = videoTokens(recipients);
  const key = doc.certificateKey ?? certificateKeyFor(doc.docuId);
  const byLang = new Map<string, string>();
  const jobs: NotifyJob[] = [];
  for (const target of targets) {
    const locale = localeForPath(target.lang);
    const verify = verifyUrlFor(deps.appUrl, target.lang, doc.docuId);
    const merkle = !doc.anchorTokenId ? doc.merkleAnchor : undefined;
    const token = merkle
      ? translate(
          'sealing.certificate.merkleToken',
          { root: merkle.root, leaf: merkle.leafIndex, count: merkle.leafCount },
          locale,
        )
      : record.tokenId;
    const values = {
      name: target.name || target.contact,
      title: messageTitle(doc.title, locale),
      number: doc.id4.toUpperCase(),
      hash: record.sha256,
      token,
      contract: record.contractAddress,
      chain: `${deps.chainName} (${record.chainId})`,
      tx: record.transactionHash,
      verify,
      videos: videos
        .map((v) =>
          translate(
            'sealing.certificate.videoLine',
            { name: v.recipient, hash: v.sha256, token: v.tokenId, tx: v.transactionHash },
            locale,
          ),
        )
        .join('\n'),
    };
    const message = {
      idempotencyKey: `certificate#${doc.docuId}#${target.contact.toLowerCase()}`,
      docuId: doc.docuId,
      to: target,
      locale,
      prefix: 'sealing.certificate',
      paragraphs: certificateParagraphs(doc.kind, videos.length > 0),
      values,
    } as const;
    if (target.method === 'phone') {
      const short = deps.shortLinks
        ? await createShortLink(
            { shortLinks: deps.shortLinks, appUrl: deps.appUrl },
            { kind: 'path', path: verifyPathFor(target.lang, doc.docuId) },
            new Date(Date.now() + VERIFY_SHORT_LINK_DAYS * 24 * 3600 * 1000),
          )
        : verify;
      jobs.push(
        withMailBrand(
          paragraphMessage({ ...message, values: { ...values, verify: short } }),
          doc.brand,
          deps.appUrl,
        ),
      );
      continue;
    }
    // One certificate per language: the e-mail's language decides which one is attached.
    let langKey = byLang.get(target.lang);
    if (!langKey) {
      langKey = target.lang === 'en' ? key : key.replace(/\.pdf$/, `-${target.lang}.pdf`);
      // A retried or duplicate job after the certificates were made and recorded (certificateKey is set
      // once every language of a run is stored) mails the stored files: the mailed certificate stays
      // the kept one, and no second signature and timestamps are made (issue #33: at 1,000 contracts at
      // once, re-making them was a large share of the anchor worker's time).
      if (doc.certificateKey && (await deps.storage.head(langKey))) {
        byLang.set(target.lang, langKey);
      }
    }
    if (!byLang.has(target.lang)) {
      const brand = await documentBrand(deps.storage, doc.brand);
      const pdf = await deps.certificatePdf({
        ...(brand ? { brand } : {}),
        language: target.lang,
        title: values.title,
        shortNumber: values.number,
        completedAt: auditTime(doc.completedAt) ?? '',
        parties: [
          ...(owner ? [{ name: owner.name, maskedContact: maskContact(owner.email) }] : []),
          ...contractorsOf(doc, recipients).map((r) => ({
            name: r.name,
            maskedContact: maskContact(r.contact),
            ...(r.decidedAt ? { signedAt: auditTime(r.decidedAt)! } : {}),
          })),
        ],
        finalSha256: record.sha256,
        ...(doc.sha256 ? { originalSha256: doc.sha256 } : {}),
        tokenId: token,
        ...(videos.length > 0 ? { videos } : {}),
        contractAddress: record.contractAddress,
        chainId: record.chainId,
        chainName: deps.chainName,
        transactionHash: record.transactionHash,
        anchoredAt: auditTime(record.anchoredAt) ?? record.anchoredAt,
        verifyUrl: verify,
        signer: await deps.serviceSigner(),
        signedAt: new Date(),
        trust: deps.trust(),
      });
      await deps.storage.put(langKey, pdf, 'application/pdf');
      byLang.set(target.lang, langKey);
    }
    jobs.push(
      withMailBrand(
        paragraphMessage({
          ...message,
          attachments: [
            { filename: `${values.number}-certificate.pdf`, contentType: 'application/pdf', key: langKey },
          ],
        }),
        doc.brand,
        deps.appUrl,
      ),
    );
  }
  if (!doc.certificateKey && byLang.size > 0) await deps.seals.setCertificateKey(doc.docuId, key);
  for (const job of jobs) await deps.queue.enqueue('notify', job);
  log.info('certificate messages queued', { docuId: doc.docuId, messages: jobs.length });
}

export async function anchorDocument(deps: AnchorDeps, job: AnchorJob, log: Logger): Promise<AnchorOutcome> {
  if (job.claim) return (await deliverClaim(deps, job.docuId, log)) ? 'anchored' : 'skipped';
  const doc = await deps.docs.getDocument(job.docuId);
  if (!doc || doc.status !== 'Completed' || doc.finalSha256 !== job.hash) {
    log.warn('anchor job for a document that is gone or was sealed again; nothing to do', {
      docuId: job.docuId,
    });
    if (!doc || doc.status !== 'Completed') await deps.seals.deleteSweepMarker('anchor', job.docuId);
    return 'skipped';
  }
  const recipients = await deps.docs.listRecipients(doc.docuId);
  const videos = videoSigners(recipients).filter((r) => r.videoAnchor?.sha256 !== r.video.sha256);
  if ((doc.anchorTokenId || doc.merkleAnchor) && videos.length === 0) {
    await certificateFollowUps(deps, doc, log);
    return 'already-anchored';
  }
  if (deps.merkle && videos.length === 0) {
    // Issue #33: the document waits for its batch; the batch's flush queues its follow-ups.
    return (await queueForBatch(deps.merkle, doc, log)) === 'queued' ? 'skipped' : 'already-anchored';
  }
  const chain = deps.chain();
  const owner = await deps.users.getById(doc.ownerId);
  // Issue #32: only a wallet proved by a signed message receives tokens; a typed one does not.
  const service = await chain.serviceAddress();
  const holder = owner && isVerifiedWallet(owner) ? owner.walletAddress! : service;
  const started = Date.now();
  // In contractor order; the chain adapter gives each send its turn (consecutive nonces).
  for (const r of videos) {
    // A contractor with a verified wallet gets the token of their own video.
    const own = deps.links
      ? await contractorWallet({ links: deps.links, users: deps.users }, r.contact)
      : null;
    const minted = await chain.mint(r.video.sha256, own ?? holder);
    await deps.seals.recordVideoAnchor(doc.docuId, r.index, {
      sha256: r.video.sha256,
      tokenId: minted.tokenId,
      transactionHash: minted.transactionHash,
      chainId: minted.chainId,
      contractAddress: minted.contractAddress,
      holder: minted.holder,
      blockNumber: minted.blockNumber,
      anchoredAt: minted.anchoredAt,
    });
    log.info('agreement video anchored', { docuId: doc.docuId, recipient: r.index, tokenId: minted.tokenId });
  }
  if (doc.anchorTokenId || doc.merkleAnchor) {
    await certificateFollowUps(deps, doc, log, owner);
    return 'already-anchored';
  }
  if (deps.merkle) {
    // Issue #33: the document waits for its batch; the batch's flush queues its follow-ups.
    return (await queueForBatch(deps.merkle, doc, log)) === 'queued' ? 'skipped' : 'already-anchored';
  }
  const record = await chain.mint(job.hash, holder);
  const anchor = {
    anchorTokenId: record.tokenId,
    anchorTxHash: record.transactionHash,
    anchorChainId: record.chainId,
    anchorContract: record.contractAddress,
    anchorHolder: record.holder,
    anchorBlockNumber: record.blockNumber,
    anchoredAt: record.anchoredAt,
    // Held when the service's address has it (a retry may find it minted to a wallet earlier).
    anchorHeld: record.holder === service,
  };
  const recorded = await deps.seals.recordAnchor(doc.docuId, anchor);
  log.info('document anchored', {
    docuId: doc.docuId,
    tokenId: record.tokenId,
    ms: Date.now() - started,
  });
  // Recorded here: the document is what was read plus the token. Recorded by another worker (a
  // race): read what it wrote.
  const anchored = recorded ? { ...doc, ...anchor } : await deps.docs.getDocument(doc.docuId);
  if (anchored) await certificateFollowUps(deps, anchored, log, owner);
  return 'anchored';
}

/** Moves a held token to the wallet the owner claimed it to (issue #32); true when this call or an
 *  earlier one moved it. */
export async function deliverClaim(deps: AnchorDeps, docuId: string, log: Logger): Promise<boolean> {
  const doc = await deps.docs.getDocument(docuId);
  if (!doc?.claimTo || !doc.anchorTokenId || doc.claimError) {
    await deps.seals.deleteSweepMarker('claim', docuId);
    return false;
  }
  let transactionHash = doc.claimTxHash ?? '';
  let claimedAt = doc.claimedAt;
  if (!claimedAt) {
    try {
      transactionHash = (await deps.chain().transferHeld(doc.anchorTokenId, doc.claimTo)).transactionHash;
    } catch (err) {
      if ((err as Error).name !== 'TokenNotHeldError') throw err;
      // Someone else holds it (it was minted to a wallet): nothing can move it, so say so once.
      log.warn('claimed token is not held by the service', { docuId, tokenId: doc.anchorTokenId });
      await deps.seals.failClaim(docuId, 'notHeld');
      return false;
    }
    const at = new Date().toISOString();
    if (
      await deps.seals.recordClaim(docuId, {
        claimTo: doc.claimTo,
        claimTxHash: transactionHash,
        claimedAt: at,
      })
    ) {
      claimedAt = at;
      log.info("token moved to the owner's wallet", { docuId, tokenId: doc.anchorTokenId });
    } else {
      // Another worker recorded it: its record is the one.
      const again = await deps.docs.getDocument(docuId);
      claimedAt = again?.claimedAt;
      transactionHash = again?.claimTxHash ?? transactionHash;
    }
  }
  if (!claimedAt) return false;
  // Keyed by the recorded time: a retry writes the same item again, never a second one.
  await deps.docs.addHistory({
    docuId,
    ownerId: doc.ownerId,
    itemId: `${claimedAt}#claim`,
    time: claimedAt,
    action: 'token_claimed',
    actorName: 'SignSeal',
    actorContact: '',
    actorContactMasked: '',
    ip: '',
    userAgent: 'anchor worker',
    transactionHash,
  });
  return true;
}
