import { sqsWorker } from '../core/worker';
import { anchorDeps } from '../deps';
import { anchorJobSchema } from '../jobs';
import { anchorDocument } from '../usecases/anchoring';

/** Queue `anchor`: one token per final hash, then the certificate e-mails. */
export const handler = sqsWorker('anchor', anchorJobSchema, async (job, { log }) => {
  await anchorDocument(anchorDeps(), job, log);
});
