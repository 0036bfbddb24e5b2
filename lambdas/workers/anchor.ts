import { sqsWorker } from '../core/worker';
import { anchorDeps } from '../deps';
import { anchorQueueJobSchema } from '../jobs';
import { anchorDocument } from '../usecases/anchoring';
import { flushMerkleBatches } from '../usecases/merkle-anchoring';

/** Queue `anchor`: one token per final hash (or, in anchorMode 'merkle', a place in a batch and the
 *  batches' flushes), then the certificate e-mails. A batch's jobs run at once (issue #33): the chain
 *  adapter sends their mints one after another (consecutive nonces) and awaits the receipts together,
 *  so ten documents share a block or two instead of waiting a block each; the certificates are made
 *  beside them. Each job is idempotent on its own (the chain is read before a mint; a second mint of
 *  one hash in the batch joins the first). */
export const handler = sqsWorker(
  'anchor',
  anchorQueueJobSchema,
  async (job, { log }) => {
    const deps = anchorDeps();
    if ('merkleFlush' in job) {
      if (deps.merkle) await flushMerkleBatches(deps.merkle, log);
      return;
    }
    await anchorDocument(deps, job, log);
  },
  { parallel: true },
);
