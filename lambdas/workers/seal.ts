import { AppError } from '../core/errors';
import { sqsWorker } from '../core/worker';
import { sealJobSchema } from '../jobs';

/** Queue `seal`. Its use case arrives with the sealing issue (#6); until then a message is refused
 *  loudly (retried, then dead-lettered) rather than dropped, so nothing is lost. */
export const handler = sqsWorker('seal', sealJobSchema, async (job, { log }) => {
  log.warn('seal job received before its use case exists', { docuId: job.docuId });
  throw new AppError('errors.unavailable', 'Seal jobs are not handled yet');
});
