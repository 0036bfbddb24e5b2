import { sqsWorker } from '../core/worker';
import { renewalDeps, sealDeps } from '../deps';
import { renewEvidence } from '../usecases/evidence-renewal';
import { sealJobSchema } from '../jobs';
import { sealDocument } from '../usecases/sealing';

/** Queue `seal`: stamps, audit pages, CMS signature, Completed; then the anchor job and the e-mails. */
export const handler = sqsWorker('seal', sealJobSchema, async (job, { log }) => {
  // Issue #30 item 3: the same worker renews archive timestamps (it has the PDF code and the trust).
  if (job.renew) await renewEvidence(renewalDeps(), job, log);
  else await sealDocument(sealDeps(), job, log);
});
