// The bulk worker's row (issue #27 item 6) on a redelivery: a contract already past its drafts —
// sent, rejected, completed — counts the row sent and is neither made nor sent again; a draft left
// half-made fails the row with its retryable reason.
import { processBulkRow, type BulkDeps, type BulkJob } from '../../../../lambdas/usecases/bulk-send';
import { createLogger } from '../../../../lambdas/core/logger';

const JOB: BulkJob = {
  bulkId: 'a'.repeat(32),
  line: 2,
  attempt: 0,
  ownerId: 'owner-1',
  templateId: 't1',
  lang: 'en',
  title: 'Lease',
  recipients: [{ name: 'Bea Buyer', contact: 'bea@example.com' }],
  values: {},
};

function depsWith(status: string) {
  const calls = { sent: 0, failed: [] as string[] };
  const deps = {
    bulks: {
      getRow: async () => null,
      startRow: async () => undefined,
      rowSent: async () => {
        calls.sent++;
        return true;
      },
      rowFailed: async (f: { error: string }) => {
        calls.failed.push(f.error);
        return true;
      },
    },
    users: { getById: async () => ({ userId: 'owner-1', email: 'o@example.com', name: 'Owner' }) },
    // Only the document read is given: making or sending it again would fail on what is missing.
    docs: { getDocument: async () => ({ status }) },
  } as unknown as BulkDeps;
  return { deps, calls };
}

describe('a bulk row delivered again', () => {
  it.each(['Agree', 'Generating', 'Completed', 'Reject', 'Reject_legal'])(
    'counts a contract in status %s as sent, without making or sending it again',
    async (status) => {
      const { deps, calls } = depsWith(status);
      await processBulkRow(deps, JOB, createLogger({}));
      expect(calls).toEqual({ sent: 1, failed: [] });
    },
  );

  it('fails a row whose draft was left half-made, to be retried as a new contract', async () => {
    const { deps, calls } = depsWith('Upload');
    await processBulkRow(deps, JOB, createLogger({}));
    expect(calls).toEqual({ sent: 0, failed: ['bulk.errors.interrupted'] });
  });
});
