import { sqsWorker } from '../core/worker';
import { bulkDeps } from '../deps';
import { bulkJobSchema, processBulkRow } from '../usecases/bulk-send';

/** Queue `bulk` (issue #27 item 6): one row of a bulk send, made and sent as one contract. */
export const handler = sqsWorker('bulk', bulkJobSchema, async (job, { log }) => {
  await processBulkRow(bulkDeps(), job, log);
});
