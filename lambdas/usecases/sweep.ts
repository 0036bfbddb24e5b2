// The sweep (issue #6): a scheduled job (EventBridge rule when deployed, a timer in the local cloud)
// that re-queues documents whose seal or anchor is overdue — a message lost, dead-lettered after a
// long chain outage, or a worker that died — within limits, and reports what it did. Every job it
// queues is idempotent, so queueing one that is merely slow costs one duplicate message, no harm.
//
// It also re-queues the notifications the notify queue dead-lettered (issue #36): an SES or SNS outage
// longer than the queue's tries (5 × its visibility timeout) leaves requests, completion mails,
// certificates, refusal notices and confirmation links in the DLQ. Each is sent back with its body
// unchanged — the same idempotency key, so a mail already sent is not sent again — once it has waited
// there a while (the DLQ alarm fires and the admin Jobs page shows it meanwhile), and at most
// NOTIFY_SWEEP_MAX_REQUEUES times, further apart each time; a job that still fails then, or one that
// can never be read, stays in the DLQ for an operator.
import type { DocumentRepository } from '../adapters/dynamo/documents';
import type { SealRepository } from '../adapters/dynamo/sealing';
import type { DeadLetterQueue, HeldDeadLetter } from '../adapters/sqs-dead-letters';
import type { Logger } from '../core/logger';
import { notifyJobSchema, type AnchorJob, type SealJob } from '../jobs';
import type { JobQueue } from '../ports';

export interface SweepDeps {
  readonly docs: Pick<DocumentRepository, 'getDocument'>;
  readonly seals: Pick<SealRepository, 'listSweepMarkers' | 'deleteSweepMarker' | 'listDueRenewals'>;
  readonly queue: JobQueue;
  /** The notify queue's dead letters (absent: the sweep leaves them to the admin's redrive). */
  readonly notifyDeadLetters?: DeadLetterQueue;
  /** How many messages wait in the seal or anchor queue, not yet received (SQS
   *  ApproximateNumberOfMessages). Absent: no backlog is assumed. */
  readonly backlog?: (queue: 'seal' | 'anchor') => Promise<number>;
  readonly now?: () => Date;
}

/** The sweep re-queues one dead-lettered notification at most this many times. With the deployed
 *  minimum age (300 s) it waits 10, 20, 40, 80, 160 and 320 minutes after each (re)queue: a mail path
 *  down for up to about ten hours is recovered without anyone; after that an operator redrives. */
export const NOTIFY_SWEEP_MAX_REQUEUES = 6;

/** Seconds after it was last (re)queued before the sweep re-queues a dead-lettered notification:
 *  twice the minimum age, doubled with each re-queue (the first wait spans the queue's own tries,
 *  5 × 60 s deployed, then leaves the message in the DLQ long enough for its alarm and the Jobs page). */
export function notifyRequeueDelaySeconds(minAgeSeconds: number, requeues: number): number {
  return minAgeSeconds * 2 ** (requeues + 1);
}

/** Seconds the sweep hides the dead letters it is deciding about from other readers. */
const HOLD_SECONDS = 60;

export interface SweepLimits {
  /** Only work owed for longer than this is re-queued (longer than a normal seal or anchor). */
  readonly minAgeSeconds: number;
  /** At most this many documents per queue and run. */
  readonly maxPerRun: number;
}

export interface SweepReport {
  readonly seal: number;
  readonly anchor: number;
  /** Claims of held tokens not yet moved (issue #32), queued to the anchor worker again. */
  readonly claim: number;
  /** Dead-lettered notifications sent back to the notify queue. */
  readonly notify: number;
  /** Archive timestamp renewals that were due, queued to the seal worker (issue #30 item 3). */
  readonly renew: number;
  /** Markers of documents that no longer owe the work (deleted, or done meanwhile). */
  readonly cleaned: number;
  /** Overdue seal or anchor work not re-queued because its queue had a backlog of at least
   *  maxPerRun messages waiting (the work is most likely still queued). */
  readonly postponed: number;
  /** Documents found owing their seal (Generating) for longer than minAgeSeconds, re-queued or not:
   *  the metric the stuck-in-Generating alarm watches (issue #20). */
  readonly stuckGenerating: number;
}

export async function sweep(deps: SweepDeps, limits: SweepLimits, log: Logger): Promise<SweepReport> {
  const now = (deps.now ?? (() => new Date()))().getTime();
  const cutoff = now - limits.minAgeSeconds * 1000;
  const report = {
    seal: 0,
    anchor: 0,
    claim: 0,
    notify: 0,
    renew: 0,
    cleaned: 0,
    stuckGenerating: 0,
    postponed: 0,
  };
  for (const queue of ['seal', 'anchor'] as const) {
    const markers = await deps.seals.listSweepMarkers(queue, limits.maxPerRun * 4);
    // A queue with a backlog of its own is slow, not losing work: the overdue jobs are most likely
    // still in it, and re-queuing them would add a duplicate to the backlog for each (issue #33: at
    // 1,000 contracts at once the waits passed the minimum age and the sweep added up to 50 duplicate
    // jobs every run). Re-queuing resumes when the backlog has drained; stuck documents are counted
    // either way, so the stuck-in-Generating alarm still sees them.
    const waiting = markers.length > 0 && deps.backlog ? await waitingIn(deps.backlog, queue, log) : 0;
    const postpone = waiting >= limits.maxPerRun;
    for (const marker of markers) {
      // Seal markers are all read, to count the stuck documents; anchors stop at the run's limit.
      if (queue === 'anchor' && report.anchor >= limits.maxPerRun) break;
      if (Date.parse(marker.since) > cutoff) continue;
      const doc = await deps.docs.getDocument(marker.docuId);
      const owes =
        queue === 'seal'
          ? doc?.status === 'Generating'
          : doc?.status === 'Completed' && !doc.anchorTokenId && Boolean(doc.finalSha256);
      if (!doc || !owes) {
        await deps.seals.deleteSweepMarker(queue, marker.docuId);
        report.cleaned++;
        continue;
      }
      if (queue === 'seal') report.stuckGenerating++;
      if (postpone) {
        report.postponed++;
        continue;
      }
      if (queue === 'seal') {
        if (report.seal >= limits.maxPerRun) continue;
        const job: SealJob = { docuId: doc.docuId, reason: 'sweep' };
        await deps.queue.enqueue('seal', job);
      } else {
        const job: AnchorJob = { docuId: doc.docuId, hash: doc.finalSha256! };
        await deps.queue.enqueue('anchor', job);
      }
      report[queue]++;
    }
  }
  // Claims of held tokens (issue #32): a stalled chain delays the move, never loses it.
  for (const marker of await deps.seals.listSweepMarkers('claim', limits.maxPerRun * 4)) {
    if (report.claim >= limits.maxPerRun) break;
    if (Date.parse(marker.since) > cutoff) continue;
    const doc = await deps.docs.getDocument(marker.docuId);
    if (!doc?.claimTo || doc.claimedAt || doc.claimError || !doc.finalSha256) {
      await deps.seals.deleteSweepMarker('claim', marker.docuId);
      report.cleaned++;
      continue;
    }
    const job: AnchorJob = { docuId: doc.docuId, hash: doc.finalSha256, claim: true };
    await deps.queue.enqueue('anchor', job);
    report.claim++;
  }
  // Renewals due now (the schedule is sorted by due time: only what is due is read). A renewal is
  // idempotent, so one still in the queue from the last run costs a duplicate message, no harm.
  for (const due of await deps.seals.listDueRenewals(new Date(now).toISOString(), limits.maxPerRun)) {
    const job: SealJob = { docuId: due.docuId, renew: true, dueAt: due.dueAt, reason: 'renewal' };
    await deps.queue.enqueue('seal', job);
    report.renew++;
  }
  if (deps.notifyDeadLetters) {
    report.notify = await requeueNotifications(deps.notifyDeadLetters, limits, now, log);
  }
  if (report.seal || report.anchor || report.claim || report.notify || report.renew || report.cleaned)
    log.info('sweep re-queued overdue work', report);
  return report;
}

function isNotifyJob(body: string): boolean {
  try {
    return notifyJobSchema.safeParse(JSON.parse(body)).success;
  } catch {
    return false;
  }
}

/** Sends due dead-lettered notifications back to their queue, at most `maxPerRun`; answers how many. */
async function requeueNotifications(
  dlq: DeadLetterQueue,
  limits: SweepLimits,
  now: number,
  log: Logger,
): Promise<number> {
  const left: HeldDeadLetter[] = [];
  let requeued = 0;
  let unreadable = 0;
  let exhausted = 0;
  // Each read hides what it returns, so the next one sees other messages; a bounded number of reads.
  const reads = Math.ceil((limits.maxPerRun * 4) / 10);
  try {
    for (let read = 0; read < reads && requeued < limits.maxPerRun; read++) {
      const batch = await dlq.receive(10, HOLD_SECONDS);
      if (batch.length === 0) break;
      for (const message of batch) {
        if (requeued >= limits.maxPerRun) {
          left.push(message);
        } else if (!isNotifyJob(message.body)) {
          unreadable++; // it can never succeed: for the operator
          left.push(message);
        } else if (message.requeues >= NOTIFY_SWEEP_MAX_REQUEUES) {
          exhausted++;
          left.push(message);
        } else if (
          now - message.sentAt <
          notifyRequeueDelaySeconds(limits.minAgeSeconds, message.requeues) * 1000
        ) {
          left.push(message);
        } else {
          await dlq.requeue(message);
          requeued++;
        }
      }
    }
  } finally {
    for (const message of left) {
      await dlq.release(message).catch((err: unknown) => {
        log.warn('could not release a dead letter; it shows again when its hold ends', { err });
      });
    }
  }
  if (unreadable || exhausted) {
    log.warn('dead-lettered notifications left for an operator', { unreadable, exhausted });
  }
  return requeued;
}

/** The queue's waiting messages; 0 (sweep as before) when SQS cannot say. */
async function waitingIn(
  backlog: NonNullable<SweepDeps['backlog']>,
  queue: 'seal' | 'anchor',
  log: Logger,
): Promise<number> {
  try {
    return await backlog(queue);
  } catch (error) {
    log.warn('queue backlog unknown; sweeping as usual', { queue, error: (error as Error).message });
    return 0;
  }
}
