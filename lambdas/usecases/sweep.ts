// The sweep (issue #6): a scheduled job (EventBridge rule when deployed, a timer in the local cloud)
// that re-queues documents whose seal or anchor is overdue — a message lost, dead-lettered after a
// long chain outage, or a worker that died — within limits, and reports what it did. Every job it
// queues is idempotent, so queueing one that is merely slow costs one duplicate message, no harm.
import type { DocumentRepository } from '../adapters/dynamo/documents';
import type { SealRepository } from '../adapters/dynamo/sealing';
import type { Logger } from '../core/logger';
import type { AnchorJob, SealJob } from '../jobs';
import type { JobQueue } from '../ports';

export interface SweepDeps {
  readonly docs: Pick<DocumentRepository, 'getDocument'>;
  readonly seals: Pick<SealRepository, 'listSweepMarkers' | 'deleteSweepMarker'>;
  readonly queue: JobQueue;
  readonly now?: () => Date;
}

export interface SweepLimits {
  /** Only work owed for longer than this is re-queued (longer than a normal seal or anchor). */
  readonly minAgeSeconds: number;
  /** At most this many documents per queue and run. */
  readonly maxPerRun: number;
}

export interface SweepReport {
  readonly seal: number;
  readonly anchor: number;
  /** Markers of documents that no longer owe the work (deleted, or done meanwhile). */
  readonly cleaned: number;
  /** Documents found owing their seal (Generating) for longer than minAgeSeconds, re-queued or not:
   *  the metric the stuck-in-Generating alarm watches (issue #20). */
  readonly stuckGenerating: number;
}

export async function sweep(deps: SweepDeps, limits: SweepLimits, log: Logger): Promise<SweepReport> {
  const now = (deps.now ?? (() => new Date()))().getTime();
  const cutoff = now - limits.minAgeSeconds * 1000;
  const report = { seal: 0, anchor: 0, cleaned: 0, stuckGenerating: 0 };
  for (const queue of ['seal', 'anchor'] as const) {
    const markers = await deps.seals.listSweepMarkers(queue, limits.maxPerRun * 4);
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
      if (queue === 'seal') {
        report.stuckGenerating++;
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
  if (report.seal || report.anchor || report.cleaned) log.info('sweep re-queued overdue work', report);
  return report;
}
