import { AppError } from '../core/errors';
import { sqsWorker } from '../core/worker';
import { anchorJobSchema } from '../jobs';

/** Queue `anchor`. Its use case arrives with the sealing issue (#6); until then a message is refused
 *  loudly (retried, then dead-lettered) rather than dropped, so nothing is lost. */
export const handler = sqsWorker('anchor', anchorJobSchema, async (job, { log }) => {
  log.warn('anchor job received before its use case exists', { docuId: job.docuId });
  throw new AppError('errors.unavailable', 'Anchor jobs are not handled yet');
});
