import { sqsWorker } from '../core/worker';
import { sealDeps } from '../deps';
import { sealJobSchema } from '../jobs';
import { sealDocument } from '../usecases/sealing';

/** Queue `seal`: stamps, audit pages, CMS signature, Completed; then the anchor job and the e-mails. */
export const handler = sqsWorker('seal', sealJobSchema, async (job, { log }) => {
  await sealDocument(sealDeps(), job, log);
});
