// The operators' console use cases (issue #20) with in-memory ports: who is an admin, what a dead
// letter shows (never personal data), which documents are stuck, what "seal again" queues, the audit
// trail, and that the settings carry no secret.
import type { AdminAuditRecord } from '../../../../lambdas/adapters/dynamo/admin-audit';
import type { DocumentRecord } from '../../../../lambdas/adapters/dynamo/documents';
import type { JobsConsole } from '../../../../lambdas/adapters/sqs-console';
import { parseConfig } from '../../../../lambdas/config';
import { isAppError } from '../../../../lambdas/core/errors';
import type { JobQueue } from '../../../../lambdas/ports';
import {
  jobsOverview,
  redrive,
  requireAdmin,
  reseal,
  safeSettings,
} from '../../../../lambdas/usecases/admin';

const admin = { sub: 'admin-1', email: 'ops@example.com', emailVerified: true, name: 'Ops' };
const now = () => new Date('2026-11-26T04:00:00.000Z');

function users(records: Record<string, { isAdmin?: boolean; closed?: boolean }>) {
  return { getById: async (id: string) => (records[id] ? ({ userId: id, ...records[id] } as never) : null) };
}

async function refusal(p: Promise<unknown>): Promise<{ code: string; status: number }> {
  try {
    await p;
  } catch (err) {
    if (isAppError(err)) return { code: err.code, status: err.status };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('requireAdmin', () => {
  it('lets an admin through and refuses everyone else with 403', async () => {
    const repo = users({
      'admin-1': { isAdmin: true },
      'owner-1': {},
      'closed-1': { isAdmin: true, closed: true },
    });
    await expect(requireAdmin(repo, admin)).resolves.toBe(admin);
    for (const sub of ['owner-1', 'closed-1', 'unknown']) {
      expect(await refusal(requireAdmin(repo, { ...admin, sub }))).toEqual({
        code: 'errors.forbidden',
        status: 403,
      });
    }
    expect(await refusal(requireAdmin(repo, null))).toEqual({ code: 'errors.unauthorized', status: 401 });
  });
});

describe('jobsOverview', () => {
  const counts = { waiting: 0, inFlight: 0, delayed: 0 };
  const console: Pick<JobsConsole, 'counts' | 'peekDeadLetters'> = {
    counts: async (queue) => ({
      queue: counts,
      deadLetter: { ...counts, waiting: queue === 'notify' ? 3 : 0 },
    }),
    peekDeadLetters: async () => [
      {
        messageId: 'm1',
        body: JSON.stringify({ kind: 'email', to: ['private@example.com'], subject: 'Secret', text: 'x' }),
        attempts: 5,
        sentAt: '2026-11-26T03:00:00.000Z',
      },
      { messageId: 'm2', body: '{not json', attempts: 5, sentAt: undefined },
      { messageId: 'm3', body: JSON.stringify({ docuId: 'doc-9' }), attempts: 6, sentAt: undefined },
      { messageId: 'm4', body: JSON.stringify({ hello: 'world' }), attempts: 1, sentAt: undefined },
    ],
  };
  const markers = {
    seal: [
      { queue: 'seal' as const, docuId: 'old', since: '2026-11-26T03:00:00.000Z' },
      { queue: 'seal' as const, docuId: 'fresh', since: '2026-11-26T03:59:00.000Z' },
    ],
    anchor: [{ queue: 'anchor' as const, docuId: 'unminted', since: '2026-11-26T02:00:00.000Z' }],
  };
  const seals = { listSweepMarkers: async (queue: 'seal' | 'anchor') => markers[queue] };
  // What the workers recorded: m3's last try failed on the chain.
  const failures = {
    jobFailures: async (ids: readonly string[]) =>
      new Map(
        ids
          .filter((id) => id === 'm3')
          .map((id) => [
            id,
            {
              messageId: id,
              queue: 'notify',
              code: 'TimeoutError',
              attempt: 6,
              at: '2026-11-26T03:30:00.000Z',
            },
          ]),
      ),
  };

  it('describes dead letters by error code, document, kind and attempts only', async () => {
    const overview = await jobsOverview({ console, seals, failures, now }, 300);
    expect(overview.queues.map((q) => q.name)).toEqual([
      'seal',
      'anchor',
      'notify',
      'bulk',
      'schedule',
      'webhook',
    ]);
    const notify = overview.queues.find((q) => q.name === 'notify')!;
    expect(notify.deadLetters).toEqual([
      {
        messageId: 'm1',
        errorCode: 'jobFailed',
        kind: 'email',
        attempts: 5,
        sentAt: '2026-11-26T03:00:00.000Z',
      },
      { messageId: 'm2', errorCode: 'jobNotJson', attempts: 5 },
      // The recorded code wins over the guess from the body.
      { messageId: 'm3', errorCode: 'TimeoutError', docuId: 'doc-9', attempts: 6 },
      { messageId: 'm4', errorCode: 'jobInvalid', attempts: 1 },
    ]);
    expect(JSON.stringify(overview)).not.toMatch(/private@example\.com|Secret/);
    // Queues whose DLQ is empty are not peeked.
    expect(overview.queues.find((q) => q.name === 'seal')!.deadLetters).toEqual([]);
  });

  it('lists documents owing a seal or a token for longer than the threshold, oldest first', async () => {
    const overview = await jobsOverview({ console, seals, failures, now }, 300);
    expect(overview.stuck).toEqual([
      { docuId: 'unminted', waitingFor: 'anchor', since: '2026-11-26T02:00:00.000Z' },
      { docuId: 'old', waitingFor: 'seal', since: '2026-11-26T03:00:00.000Z' },
    ]);
  });
});

describe('actions', () => {
  function deps(doc: Partial<DocumentRecord> | null) {
    const queued: { queue: string; job: unknown }[] = [];
    const trail: AdminAuditRecord[] = [];
    const queue: JobQueue = {
      check: async () => undefined,
      enqueue: async (name, job) => {
        queued.push({ queue: name, job });
        return { messageId: String(queued.length) };
      },
    };
    return {
      queued,
      trail,
      deps: {
        docs: {
          getDocument: async (docuId: string) => (doc ? ({ docuId, ...doc } as DocumentRecord) : null),
        },
        queue,
        audit: { recordAdminAction: async (r: AdminAuditRecord) => void trail.push(r) },
        now,
      },
    };
  }

  it('queues the seal of a Generating document and writes who, when and what', async () => {
    const { deps: d, queued, trail } = deps({ status: 'Generating' });
    await expect(reseal(d, admin, 'doc-1')).resolves.toEqual({ queued: 'seal' });
    expect(queued).toEqual([{ queue: 'seal', job: { docuId: 'doc-1', reason: 'admin' } }]);
    expect(trail).toEqual([
      expect.objectContaining({
        at: '2026-11-26T04:00:00.000Z',
        userId: 'admin-1',
        email: 'ops@example.com',
        action: 'reseal',
        target: 'doc-1',
        result: 'queued seal',
      }),
    ]);
  });

  it('queues the anchor of a sealed document without a token', async () => {
    const { deps: d, queued } = deps({ status: 'Completed', finalSha256: 'a'.repeat(64) });
    await expect(reseal(d, admin, 'doc-2')).resolves.toEqual({ queued: 'anchor' });
    expect(queued).toEqual([{ queue: 'anchor', job: { docuId: 'doc-2', hash: 'a'.repeat(64) } }]);
  });

  it('refuses a document that owes nothing (409) or does not exist (404), queueing and auditing nothing', async () => {
    for (const [doc, expected] of [
      [{ status: 'Completed', finalSha256: 'a'.repeat(64), anchorTokenId: '7' }, 409],
      [{ status: 'Ready' }, 409],
      [null, 404],
    ] as const) {
      const { deps: d, queued, trail } = deps(doc as Partial<DocumentRecord> | null);
      expect((await refusal(reseal(d, admin, 'doc-3'))).status).toBe(expected);
      expect(queued).toEqual([]);
      expect(trail).toEqual([]);
    }
  });

  it('redrives and audits how many messages moved', async () => {
    const { deps: d, trail } = deps(null);
    const result = await redrive({ ...d, console: { redrive: async () => 4 } }, admin, 'anchor');
    expect(result).toEqual({ moved: 4 });
    expect(trail[0]).toMatchObject({ action: 'redrive', target: 'anchor', result: 'moved 4' });
  });
});

describe('safeSettings', () => {
  it('shows the limits, chain, sender and flags, and no secret, key or RPC URL', () => {
    const c = parseConfig({
      TABLE_NAME: 't',
      DOCUMENTS_BUCKET: 'b',
      SEAL_QUEUE_URL: 'https://sqs.example/seal',
      ANCHOR_QUEUE_URL: 'https://sqs.example/anchor',
      NOTIFY_QUEUE_URL: 'https://sqs.example/notify',
      BULK_QUEUE_URL: 'https://sqs.example/bulk',
      SCHEDULE_QUEUE_URL: 'https://sqs.example/schedule',
      TSA_URLS: 'https://tsa.example/tsr',
      USER_POOL_ID: 'p',
      USER_POOL_CLIENT_ID: 'c',
      MAIL_FROM: 'SignSeal <no-reply@example.com>',
      APP_URL: 'https://sign.example.com',
      CHAIN_RPC_URL: 'https://rpc.example/v2/SECRET-API-KEY',
      CHAIN_ID: '80002',
      CHAIN_CONTRACT_ADDRESS: '0x' + '1'.repeat(40),
      CHAIN_MINTER_KEY: '0x' + 'ab'.repeat(32),
      CHAIN_MINTER_SECRET_ID: 'signseal/chain-minter-key',
      SEAL_SIGNER_SECRET_ID: 'signseal/sealing-key',
      ORIGIN_VERIFY_SECRET: 'origin-secret',
    });
    const settings = safeSettings(c);
    expect(settings.chain).toEqual({
      name: 'EVM chain',
      chainId: 80002,
      contractAddress: '0x' + '1'.repeat(40),
    });
    expect(settings.mail.from).toBe('SignSeal <no-reply@example.com>');
    expect(settings.flags.anchoring).toBe(true);
    expect(settings.limits.rates.emailsPerOwner).toEqual({ limit: 300, windowSeconds: 3600 });
    const text = JSON.stringify(settings);
    for (const secret of [
      'SECRET-API-KEY',
      'ab'.repeat(32),
      'chain-minter-key',
      'sealing-key',
      'origin-secret',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
