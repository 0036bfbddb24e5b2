// Archive timestamp renewal (issue #30 item 3, architecture §22): a B-LTA file stays verifiable only
// while the certificate of its last document timestamp is valid; before it expires, the seal worker
// adds the validation data of that timestamp (DSS) and a new document timestamp over the whole file.
// The sweep queues the renewals that are due (lambdas/usecases/sweep.ts); this runs one. Idempotent:
// the repository replaces the file only when the document still has the file renewed and the due
// time taken, so a duplicate message renews once; the new file keeps every earlier byte, so the
// anchored hash is still the hash of a prefix of it (the verify page finds it by that).
import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from '../core/logger';
import type { TimestampFacts } from '../sealing/pades';
import type { SealJob } from '../jobs';
import { finalKeyFor, renewalDue, waitingOnTrust, type SealDeps } from './sealing';

export interface RenewalDeps extends Pick<
  SealDeps,
  'docs' | 'seals' | 'storage' | 'trust' | 'renewBeforeDays'
> {
  readonly renewArchiveTimestamp: (
    pdf: Uint8Array,
    trust: ReturnType<SealDeps['trust']>,
  ) => Promise<{ pdf: Uint8Array; timestamp: TimestampFacts }>;
  readonly now?: () => Date;
}

export type RenewalOutcome = 'renewed' | 'not-due' | 'skipped' | 'lost-race';

export async function renewEvidence(deps: RenewalDeps, job: SealJob, log: Logger): Promise<RenewalOutcome> {
  const now = (deps.now ?? (() => new Date()))();
  const doc = await deps.docs.getDocument(job.docuId);
  if (!doc || doc.status !== 'Completed' || !doc.finalKey || !doc.evidenceRenewBy) {
    log.warn('renewal for a document without a B-LTA file; schedule dropped', { docuId: job.docuId });
    if (job.dueAt) await deps.seals.deleteRenewal(job.docuId, job.dueAt);
    return 'skipped';
  }
  if (Date.parse(doc.evidenceRenewBy) > now.getTime()) return 'not-due';
  const current = await deps.storage.getBytes(doc.finalKey);
  const renewed = await waitingOnTrust(
    () => deps.renewArchiveTimestamp(current, deps.trust()),
    doc.docuId,
    log,
  );
  const key = finalKeyFor(doc.docuId, `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`);
  await deps.storage.put(key, renewed.pdf, 'application/pdf');
  const won = await deps.seals.recordRenewal(doc.docuId, doc.finalKey, doc.evidenceRenewBy, {
    finalKey: key,
    finalSizeBytes: renewed.pdf.length,
    sha256: createHash('sha256').update(renewed.pdf).digest('hex'),
    renewedAt: now.toISOString(),
    evidenceRenewBy: renewalDue(renewed.timestamp, deps.renewBeforeDays ?? 90).toISOString(),
  });
  if (!won) {
    await deps.storage.deleteMany([key]);
    log.info('archive timestamp renewed by another attempt; this one discarded', { docuId: doc.docuId });
    return 'lost-race';
  }
  // The previous file stays (its hash may be the anchored one; downloads now get the renewed file).
  log.info('archive timestamp renewed', {
    docuId: doc.docuId,
    authority: renewed.timestamp.authority,
    bytes: renewed.pdf.length,
  });
  return 'renewed';
}
