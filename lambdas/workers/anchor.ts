import { sqsWorker } from '../core/worker';
import { anchorDeps } from '../deps';
import { anchorQueueJobSchema } from '../jobs';
import { anchorDocument } from '../usecases/anchoring';
import { flushMerkleBatches } from '../usecases/merkle-anchoring';

/** Queue `anchor`: one token per final hash (or, in anchorMode 'merkle', a place in a batch and the
 *  batches' flushes), then the certificate e-mails. */
export const handler = sqsWorker('anchor', anchorQueueJobSchema, async (job, { log }) => {
  const deps = anchorDeps();
  if ('merkleFlush' in job) {
    if (deps.merkle) await flushMerkleBatches(deps.merkle, log);
    return;
  }
  await anchorDocument(deps, job, log);
});
