// The operators' console (issue #20): what the admin Jobs and Setting pages show and do. Only users
// whose record says isAdmin get anything; everyone else gets 403. Every action (redrive, seal again)
// is written to the audit trail: who, when, what.
import { randomUUID } from 'node:crypto';
import type { AdminAuditRecord, AdminAuditTrail } from '../adapters/dynamo/admin-audit';
import type { DocumentRepository } from '../adapters/dynamo/documents';
import type { JobFailureStore } from '../adapters/dynamo/job-failures';
import type { SealRepository } from '../adapters/dynamo/sealing';
import type { UserRepository } from '../adapters/dynamo/repository';
import type { JobsConsole, QueueCounts } from '../adapters/sqs-console';
import type { Config } from '../config';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import type { AnchorJob, SealJob } from '../jobs';
import type { JobQueue } from '../ports';
import { WORKERS, type WorkerName } from '../../shared/api/routes';
import { limitTable } from './limits';

/** The caller, when an admin; 403 otherwise (a signed-out caller never gets this far). */
export async function requireAdmin(
  users: Pick<UserRepository, 'getById'>,
  user: AuthUser | null,
): Promise<AuthUser> {
  if (!user) throw new AppError('errors.unauthorized', 'Sign-in required');
  const record = await users.getById(user.sub);
  if (!record?.isAdmin || record.closed) throw new AppError('errors.forbidden', 'Administrators only');
  return user;
}

export interface JobsOverviewDeps {
  readonly console: Pick<JobsConsole, 'counts' | 'peekDeadLetters'>;
  readonly seals: Pick<SealRepository, 'listSweepMarkers'>;
  readonly failures: Pick<JobFailureStore, 'jobFailures'>;
  readonly now?: () => Date;
}

export interface DeadLetterView {
  readonly messageId: string;
  /** What failed: the code the worker recorded at the last try (a message key such as
   *  'errors.unavailable', or an error's name such as 'TimeoutError'); without a record,
   *  'jobFailed' (a well-formed job), 'jobNotJson' or 'jobInvalid'. */
  readonly errorCode: string;
  readonly docuId?: string;
  /** A notify job's kind ('email' or 'sms'); never its addresses or text. */
  readonly kind?: string;
  readonly attempts: number;
  readonly sentAt?: string;
}

export interface JobsOverview {
  readonly queues: {
    readonly name: WorkerName;
    readonly queue: QueueCounts;
    readonly deadLetter: QueueCounts;
    readonly deadLetters: DeadLetterView[];
  }[];
  /** Documents owing a seal (stuck in Generating) or a token (waiting for the anchor) for longer than
   *  `stuckAfterSeconds`: the sweep's markers, read by key (no scan). */
  readonly stuck: {
    readonly docuId: string;
    readonly waitingFor: 'seal' | 'anchor';
    readonly since: string;
  }[];
  readonly stuckAfterSeconds: number;
}

/** Only what is not personal: the document id and a notify job's kind. */
function describeDeadLetter(
  m: { messageId: string; body: string; attempts: number; sentAt?: string },
  recordedCode: string | undefined,
): DeadLetterView {
  const base = { messageId: m.messageId, attempts: m.attempts, ...(m.sentAt ? { sentAt: m.sentAt } : {}) };
  let body: unknown;
  try {
    body = JSON.parse(m.body);
  } catch {
    return { ...base, errorCode: recordedCode ?? 'jobNotJson' };
  }
  if (!body || typeof body !== 'object') return { ...base, errorCode: recordedCode ?? 'jobInvalid' };
  const { docuId, kind } = body as { docuId?: unknown; kind?: unknown };
  const known = typeof docuId === 'string' || kind === 'email' || kind === 'sms';
  return {
    ...base,
    errorCode: recordedCode ?? (known ? 'jobFailed' : 'jobInvalid'),
    ...(typeof docuId === 'string' ? { docuId: docuId.slice(0, 64) } : {}),
    ...(kind === 'email' || kind === 'sms' ? { kind } : {}),
  };
}

export async function jobsOverview(deps: JobsOverviewDeps, stuckAfterSeconds: number): Promise<JobsOverview> {
  const queues = await Promise.all(
    WORKERS.map(async (name) => {
      const counts = await deps.console.counts(name);
      const held = counts.deadLetter.waiting + counts.deadLetter.inFlight;
      const peeked = held > 0 ? await deps.console.peekDeadLetters(name, 10) : [];
      const recorded = await deps.failures.jobFailures(peeked.map((m) => m.messageId));
      return {
        name,
        ...counts,
        deadLetters: peeked.map((m) => describeDeadLetter(m, recorded.get(m.messageId)?.code)),
      };
    }),
  );
  const cutoff = (deps.now ?? (() => new Date()))().getTime() - stuckAfterSeconds * 1000;
  const stuck: JobsOverview['stuck'] = [];
  for (const waitingFor of ['seal', 'anchor'] as const) {
    for (const marker of await deps.seals.listSweepMarkers(waitingFor, 100)) {
      if (Date.parse(marker.since) <= cutoff)
        stuck.push({ docuId: marker.docuId, waitingFor, since: marker.since });
    }
  }
  stuck.sort((a, b) => a.since.localeCompare(b.since));
  return { queues, stuck, stuckAfterSeconds };
}

export interface AdminActionDeps {
  readonly audit: Pick<AdminAuditTrail, 'recordAdminAction'>;
  readonly now?: () => Date;
}

async function audit(
  deps: AdminActionDeps,
  admin: AuthUser,
  action: AdminAuditRecord['action'],
  target: string,
  result: string,
): Promise<void> {
  await deps.audit.recordAdminAction({
    at: (deps.now ?? (() => new Date()))().toISOString(),
    auditId: randomUUID(),
    userId: admin.sub,
    email: admin.email,
    action,
    target,
    result,
  });
}

/** At most this many messages move per redrive; the page can be asked again. */
export const REDRIVE_MAX = 100;

export async function redrive(
  deps: AdminActionDeps & { readonly console: Pick<JobsConsole, 'redrive'> },
  admin: AuthUser,
  queue: WorkerName,
): Promise<{ moved: number }> {
  const moved = await deps.console.redrive(queue, REDRIVE_MAX);
  await audit(deps, admin, 'redrive', queue, `moved ${moved}`);
  return { moved };
}

export interface ResealDeps extends AdminActionDeps {
  readonly docs: Pick<DocumentRepository, 'getDocument'>;
  readonly queue: JobQueue;
}

/**
 * "Seal again": queues the work a stuck document owes — the seal job when it is Generating, the
 * anchor job when it is sealed but has no token yet. Both jobs are idempotent (a sealed document is
 * not sealed twice, a minted hash not minted twice, a message not mailed twice), so asking twice is
 * harmless. A document that owes nothing is refused with 409.
 */
export async function reseal(
  deps: ResealDeps,
  admin: AuthUser,
  docuId: string,
): Promise<{ queued: 'seal' | 'anchor' }> {
  const doc = await deps.docs.getDocument(docuId);
  if (!doc) throw new AppError('errors.notFound', 'No such document');
  let queued: 'seal' | 'anchor';
  if (doc.status === 'Generating') {
    const job: SealJob = { docuId, reason: 'admin' };
    await deps.queue.enqueue('seal', job);
    queued = 'seal';
  } else if (doc.status === 'Completed' && !doc.anchorTokenId && doc.finalSha256) {
    const job: AnchorJob = { docuId, hash: doc.finalSha256 };
    await deps.queue.enqueue('anchor', job);
    queued = 'anchor';
  } else {
    throw new AppError('admin.errors.notStuck', 'The document owes no seal or token', { status: 409 });
  }
  await audit(deps, admin, 'reseal', docuId, `queued ${queued}`);
  return { queued };
}

/** The configuration that is safe to show: limits, chain, sender, flags. Never a secret, a key, a
 *  secret's name or a URL that may carry an API key (the chain's RPC URL). */
export function safeSettings(c: Config) {
  return {
    limits: {
      maxUploadBytes: c.MAX_UPLOAD_BYTES,
      pdfMaxPages: c.PDF_MAX_PAGES,
      pdfMaxInflatedMb: c.PDF_MAX_INFLATED_MB,
      pdfMaxParseMs: c.PDF_MAX_PARSE_MS,
      minAge: c.MIN_AGE,
      rates: limitTable(c.RATE_LIMITS),
    },
    chain:
      c.CHAIN_ID && c.CHAIN_CONTRACT_ADDRESS
        ? { name: c.CHAIN_NAME, chainId: c.CHAIN_ID, contractAddress: c.CHAIN_CONTRACT_ADDRESS }
        : null,
    mail: { from: c.MAIL_FROM, ...(c.MAIL_REPLY_TO ? { replyTo: c.MAIL_REPLY_TO } : {}) },
    flags: {
      anchoring: Boolean(c.CHAIN_ID && c.CHAIN_CONTRACT_ADDRESS),
      smsMode: c.SMS_MODE,
      defaultPhoneCountry: c.DEFAULT_PHONE_COUNTRY,
    },
    sweep: { minAgeSeconds: c.SWEEP_MIN_AGE_SECONDS, maxPerRun: c.SWEEP_MAX_PER_RUN },
    appUrl: c.APP_URL,
  };
}
