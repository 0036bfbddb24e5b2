import { sqsWorker } from '../core/worker';
import { bulkDeps } from '../deps';
import { bulkMessageSchema, processBulkMessage } from '../usecases/bulk-send';

/** Queue `bulk` (issue #27 item 6): a few rows of a bulk send, each made and sent as one contract. */
export const handler = sqsWorker('bulk', bulkMessageSchema, async (message, { log }) => {
  await processBulkMessage(bulkDeps(), message, log);
});
