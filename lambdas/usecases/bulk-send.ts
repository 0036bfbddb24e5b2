// Bulk send from a template (issue #27 item 6, architecture §19). The owner's CSV (one row per
// contract: each role's name and contact, an optional title, values by field label) is read and every
// row checked by the rules of Use template (planTemplateUse) before anything is stored; the good rows
// within the owner's remaining contracts become one bulk-queue message each (idempotency: bulk id,
// line, attempt); the bulk worker makes and sends each row's contract exactly once (processBulkRow),
// consuming one entitlement in the send's own transaction. Failed rows keep their job and can be
// queued again alone.
import { createHash, randomUUID } from 'node:crypto';
import { CsvError, parse } from 'csv-parse/sync';
import * as z from 'zod';
import type { BulkCheck, BulkProgress, BulkRequest, BulkRowError } from '../../shared/api/schemas';
import {
  BULK_MAX_ERRORS,
  BULK_MAX_ROWS,
  BULK_TITLE_COLUMN,
  bulkColumns,
  columnKey,
  roleColumns,
} from '../../shared/domain/bulk';
import { languageSchema } from '../../shared/api/schemas';
import { fieldTypeOf, isValueField } from '../../shared/domain/fields';
import { isDraft } from '../../shared/domain/status';
import { TEMPLATE_TITLE_MAX_CHARS } from '../../shared/domain/templates';
import type { BulkFailureRecord, BulkStore } from '../adapters/dynamo/bulk';
import type { TemplateRecord } from '../adapters/dynamo/templates';
import { AppError, isAppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import type { Logger } from '../core/logger';
import type { BatchJobQueue } from '../ports';
import { ownerActor } from './document-access';
import { enforceLimits } from './limits';
import { toProfile } from './profile';
import { companyBuyerOf } from './seats';
import { sendDocument } from './sending';
import { planTemplateUse, useTemplate } from './template-use';
import { accessTemplate, type TemplateDeps } from './templates';

export interface BulkDeps extends TemplateDeps {
  readonly bulks: BulkStore;
  readonly bulkQueue: BatchJobQueue;
}

/** A bulk, its rows and failures are kept this long (then gone by TTL). */
export const BULK_KEEP_DAYS = 30;

export const bulkJobSchema = z.object({
  bulkId: z.string().regex(/^[0-9a-f]{32}$/),
  line: z.number().int().positive(),
  attempt: z.number().int().nonnegative(),
  ownerId: z.string().min(1),
  templateId: z.string().min(1).max(64),
  lang: languageSchema,
  title: z.string().min(1).max(TEMPLATE_TITLE_MAX_CHARS),
  recipients: z.array(z.object({ name: z.string(), contact: z.string() })).min(1),
  values: z.record(z.string(), z.string()),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

/** Rows a bulk-queue message carries: 10,000 rows are 1,000 messages (100 SQS calls), not 10,000. */
export const BULK_ROWS_PER_MESSAGE = 10;
/** Rows of one message made and sent at once (they wait on the table, the store and the queues). */
const ROWS_AT_ONCE = 5;

/** One bulk-queue message: a few rows, each its own job with its own idempotency (bulk, line, attempt). */
export const bulkMessageSchema = z.object({ rows: z.array(bulkJobSchema).min(1).max(BULK_ROWS_PER_MESSAGE) });
export type BulkMessage = z.infer<typeof bulkMessageSchema>;

function messagesOf(jobs: readonly BulkJob[]): BulkMessage[] {
  const messages: BulkMessage[] = [];
  for (let i = 0; i < jobs.length; i += BULK_ROWS_PER_MESSAGE) {
    messages.push({ rows: jobs.slice(i, i + BULK_ROWS_PER_MESSAGE) });
  }
  return messages;
}

/**
 * The bulk worker's message: its rows, a few at once. A row refused is recorded as failed (see
 * processBulkRow); any other error is thrown once every row has had its turn, so SQS delivers the
 * message again and the rows already sent are found sent and skipped.
 */
export async function processBulkMessage(
  deps: BulkDeps,
  message: BulkMessage,
  log: Logger,
  now = new Date(),
): Promise<void> {
  let next = 0;
  let firstError: unknown;
  const lane = async () => {
    while (next < message.rows.length) {
      const job = message.rows[next++]!;
      try {
        await processBulkRow(deps, job, log, now);
      } catch (err) {
        firstError ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(ROWS_AT_ONCE, message.rows.length) }, lane));
  if (firstError !== undefined) throw firstError;
}

function fileRefused(code: string, message: string, details: Record<string, unknown> = {}): AppError {
  return new AppError(code, message, { status: 400, details });
}

/** A good row: what its contract will be made of. */
interface GoodRow {
  line: number;
  title: string;
  recipients: { name: string; contact: string }[];
  values: Record<string, string>;
}

interface Checked {
  check: BulkCheck;
  good: GoodRow[];
}

/** The template's value-field labels, each once, in the order of its roles and fields. */
function valueLabels(t: TemplateRecord): string[] {
  const labels = t.roles.flatMap((r) =>
    (r.fields ?? []).filter((f) => isValueField(fieldTypeOf(f)) && f.label).map((f) => f.label!),
  );
  return [...new Set(labels)];
}

/** The CSV's records with the line each starts on; a file that is not CSV is refused with its line. */
function readCsv(csv: string): { cells: string[]; line: number }[] {
  try {
    const records = parse(csv, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map((r) => ({ cells: r.record, line: r.info.lines }));
  } catch (err) {
    if (err instanceof CsvError) {
      throw fileRefused('bulk.errors.badCsv', `Not CSV: ${err.code}`, {
        line: (err as CsvError & { lines?: number }).lines ?? 1,
      });
    }
    throw err;
  }
}

/** The header's columns: each known one's position; unknown and repeated ones refused. */
function readHeader(header: readonly string[], t: TemplateRecord): Map<string, number> {
  const known = new Map(
    bulkColumns(
      t.roles.map((r) => r.name),
      valueLabels(t),
    ).map((c) => [columnKey(c), c]),
  );
  const at = new Map<string, number>();
  header.forEach((cell, i) => {
    const key = columnKey(cell);
    if (key === '' && i === header.length - 1) return; // a trailing comma
    if (!known.has(key))
      throw fileRefused('bulk.errors.unknownColumn', 'Unknown column', { column: cell.trim() });
    if (at.has(key))
      throw fileRefused('bulk.errors.duplicateColumn', 'Repeated column', { column: cell.trim() });
    at.set(key, i);
  });
  for (const role of t.roles) {
    for (const column of roleColumns(role.name)) {
      if (!at.has(columnKey(column)))
        throw fileRefused('bulk.errors.missingColumn', 'Missing column', { column });
    }
  }
  return at;
}

/** An AppError's details a message can show: its string and number values. */
function messageValues(err: AppError): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(err.details ?? {})) {
    if (typeof v === 'string' || typeof v === 'number') values[k] = v;
  }
  return values;
}

/** What a refusal says about a row: its key and values (the role named instead of a row index). */
function rowError(line: number, err: AppError, t: TemplateRecord): BulkRowError {
  const values = messageValues(err);
  if (typeof values.row === 'number' && err.code.startsWith('contractors.')) {
    values.role = t.roles[values.row]?.name ?? '';
  }
  return { line, error: err.code, ...(Object.keys(values).length ? { values } : {}) };
}

/** Contracts the owner may still send: the plan (the company's when a member) and their own lots. */
async function remainingFor(deps: BulkDeps, user: AuthUser, now: Date): Promise<number> {
  const record = await deps.users.getById(user.sub);
  if (!record) throw new AppError('errors.unauthorized', 'Sign-in required');
  // The figure /api/me and My Plan show (toProfile: the company's plan for a member, own lots).
  return toProfile(record, false, now, await companyBuyerOf(deps, record, now)).remaining.total;
}

async function checkRows(
  deps: BulkDeps,
  user: AuthUser,
  templateId: string,
  input: BulkRequest,
  now: Date,
): Promise<Checked & { template: TemplateRecord }> {
  const { template: t } = await accessTemplate(deps, user, templateId, 'use', now);
  const roleKeys = t.roles.map((r) => columnKey(r.name));
  if (new Set(roleKeys).size !== roleKeys.length) {
    throw fileRefused('bulk.errors.duplicateRoles', 'Two roles share a name');
  }
  const records = readCsv(input.csv);
  if (records.length === 0) throw fileRefused('bulk.errors.noHeader', 'No header row');
  const at = readHeader(records[0]!.cells, t);
  const rows = records.slice(1);
  if (rows.length === 0) throw fileRefused('bulk.errors.empty', 'No rows');
  if (rows.length > BULK_MAX_ROWS) {
    throw fileRefused('bulk.errors.tooManyRows', 'Too many rows', { max: BULK_MAX_ROWS });
  }
  const owner = await ownerActor(deps, user);
  const labels = valueLabels(t);
  const width = records[0]!.cells.length;
  const cell = (cells: readonly string[], column: string) => {
    const i = at.get(columnKey(column));
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };

  const errors: BulkRowError[] = [];
  const good: GoodRow[] = [];
  for (const { cells, line } of rows) {
    // A trailing comma on some rows only is not worth refusing; fewer or more cells is.
    const got = cells.length === width + 1 && cells[width] === '' ? width : cells.length;
    if (got !== width) {
      errors.push({ line, error: 'bulk.errors.cellCount', values: { expected: width, got } });
      continue;
    }
    const recipients = t.roles.map((r) => {
      const [name, contact] = roleColumns(r.name);
      return { name: cell(cells, name), contact: cell(cells, contact) };
    });
    const values: Record<string, string> = {};
    for (const label of labels) {
      const value = cell(cells, label);
      if (value !== '') values[label] = value;
    }
    const title = cell(cells, BULK_TITLE_COLUMN) || input.title || t.title;
    if (title.length > TEMPLATE_TITLE_MAX_CHARS || /\p{Cc}/u.test(title)) {
      errors.push({ line, error: 'bulk.errors.badTitle', values: { max: TEMPLATE_TITLE_MAX_CHARS } });
      continue;
    }
    try {
      planTemplateUse(
        t,
        { recipients, values, lang: input.lang },
        owner.contact ?? null,
        deps.englishPhoneCountry,
      );
      good.push({ line, title, recipients, values });
    } catch (err) {
      if (!isAppError(err) || err.status >= 500) throw err;
      errors.push(rowError(line, err, t));
    }
  }
  const errorCount = errors.length;
  const remaining = await remainingFor(deps, user, now);
  const accepted = good.slice(0, remaining);
  for (const row of good.slice(remaining))
    errors.push({ line: row.line, error: 'bulk.errors.pastAllowance' });
  errors.sort((a, b) => a.line - b.line);
  return {
    template: t,
    good: accepted,
    check: {
      rows: rows.length,
      accepted: accepted.length,
      errors: errors.slice(0, BULK_MAX_ERRORS),
      errorCount,
      remaining,
      pastAllowance: good.length - accepted.length,
      columns: bulkColumns(
        t.roles.map((r) => r.name),
        labels,
      ),
    },
  };
}

function progressOf(
  bulk: NonNullable<Awaited<ReturnType<BulkStore['getBulk']>>>,
  failures: readonly BulkFailureRecord[],
): BulkProgress {
  return {
    bulkId: bulk.bulkId,
    templateId: bulk.templateId,
    status: bulk.sent + bulk.failed >= bulk.total ? 'done' : 'running',
    total: bulk.total,
    sent: bulk.sent,
    failed: bulk.failed,
    refused: bulk.refused,
    failedRows: failures.map((f) => ({
      line: f.line,
      error: f.error,
      ...(f.errorValues ? { values: JSON.parse(f.errorValues) as Record<string, string | number> } : {}),
    })),
    createdAt: bulk.createdAt,
  };
}

const ttlFrom = (now: Date) => Math.floor(now.getTime() / 1000) + BULK_KEEP_DAYS * 24 * 3600;

/**
 * POST /api/templates/{templateId}/bulk: checks the file; with `send`, queues its good rows within
 * the allowance as one bulk (nothing is queued when no row is good).
 */
export async function bulkSend(
  deps: BulkDeps,
  user: AuthUser,
  templateId: string,
  input: BulkRequest,
  now = new Date(),
): Promise<{ check: BulkCheck; progress: BulkProgress | null }> {
  const { check, good, template } = await checkRows(deps, user, templateId, input, now);
  if (!input.send || good.length === 0) return { check, progress: null };
  await enforceLimits(deps.limits, [{ rule: 'bulkSendsPerOwner', key: user.sub }]);

  const bulkId = randomUUID().replace(/-/g, '');
  const ttl = ttlFrom(now);
  const bulk = {
    bulkId,
    ownerId: user.sub,
    templateId,
    total: good.length,
    sent: 0,
    failed: 0,
    refused: check.rows - good.length,
    createdAt: now.toISOString(),
    ttl,
  };
  await deps.bulks.createBulk(bulk);
  const jobs: BulkJob[] = good.map((row) => ({
    bulkId,
    line: row.line,
    attempt: 0,
    ownerId: user.sub,
    templateId: template.templateId,
    lang: input.lang,
    title: row.title,
    recipients: row.recipients,
    values: row.values,
  }));
  // Each job is idempotent (bulk id, line, attempt): a batch sent twice after a failure costs nothing.
  try {
    await deps.bulkQueue.enqueueMany('bulk', messagesOf(jobs));
  } catch {
    await deps.bulkQueue.enqueueMany('bulk', messagesOf(jobs));
  }
  return { check, progress: progressOf(bulk, []) };
}

async function ownBulk(deps: BulkDeps, user: AuthUser, templateId: string, bulkId: string) {
  const bulk = await deps.bulks.getBulk(bulkId);
  if (!bulk || bulk.ownerId !== user.sub || bulk.templateId !== templateId) {
    throw new AppError('bulk.errors.notFound', `No bulk send ${bulkId}`, {
      status: 404,
      details: { bulkId },
    });
  }
  return bulk;
}

/** GET …/bulk/{bulkId}: the counts and the failed rows (the first BULK_MAX_ERRORS). */
export async function bulkProgress(
  deps: BulkDeps,
  user: AuthUser,
  templateId: string,
  bulkId: string,
): Promise<BulkProgress> {
  const bulk = await ownBulk(deps, user, templateId, bulkId);
  const failures = bulk.failed > 0 ? await deps.bulks.listFailures(bulkId, BULK_MAX_ERRORS) : [];
  return progressOf(bulk, failures);
}

/** POST …/bulk/{bulkId}/retry: the failed rows queued again, each as its next attempt. */
export async function retryBulk(
  deps: BulkDeps,
  user: AuthUser,
  templateId: string,
  bulkId: string,
): Promise<BulkProgress> {
  await ownBulk(deps, user, templateId, bulkId);
  for (;;) {
    const failures = await deps.bulks.listFailures(bulkId, 90);
    if (failures.length === 0) break;
    // Taken first (a second retry at once takes none of them), then queued.
    if (!(await deps.bulks.takeFailures(bulkId, failures))) continue;
    const jobs = failures.map((f) => ({ ...bulkJobSchema.parse(JSON.parse(f.job)), attempt: f.attempt + 1 }));
    await deps.bulkQueue.enqueueMany('bulk', messagesOf(jobs));
  }
  return bulkProgress(deps, user, templateId, bulkId);
}

/** The contract of a row's attempt: the same id on every delivery, a new one on a retry. */
export function bulkDocuId(job: Pick<BulkJob, 'bulkId' | 'line' | 'attempt'>): string {
  return createHash('sha256').update(`${job.bulkId}:${job.line}:${job.attempt}`).digest('hex').slice(0, 32);
}

/**
 * The bulk worker's one row: make its contract from the template (as Use template does, with the
 * owner's acceptance of the terms given at bulk send) and send it (as Send does, one entitlement in
 * the send's transaction). A redelivered message finds the row sent, or its contract made, and goes
 * on from there; a refusal (an AppError below 500: no contract left, a contact's limit, the template
 * gone) fails the row with its reason, counted once; anything else is thrown for SQS to retry.
 */
export async function processBulkRow(
  deps: BulkDeps,
  job: BulkJob,
  log: Logger,
  now = new Date(),
): Promise<void> {
  const ttl = ttlFrom(now);
  const row = await deps.bulks.getRow(job.bulkId, job.line);
  // Sent, or this attempt (or a later one) already ended: a duplicate delivery.
  if (
    row &&
    (row.state === 'sent' ||
      row.attempt > job.attempt ||
      (row.state === 'failed' && row.attempt === job.attempt))
  ) {
    return;
  }
  const docuId = bulkDocuId(job);
  const at = { bulkId: job.bulkId, line: job.line, attempt: job.attempt, docuId, ttl };
  await deps.bulks.startRow({ ...at, state: 'working' });

  try {
    const record = await deps.users.getById(job.ownerId);
    if (!record) throw new AppError('errors.unauthorized', 'The owner is gone', { status: 401 });
    const user: AuthUser = {
      sub: record.userId,
      email: record.email,
      emailVerified: record.emailVerified ?? false,
      name: record.name,
    };
    let status = (await deps.docs.getDocument(docuId))?.status;
    if (status && status !== 'SetPos' && isDraft(status)) {
      // A delivery that stopped half-way through making the draft: there is no safe way on from an
      // unknown step, so the row fails with a retryable reason (its retry makes a new contract).
      throw new AppError('bulk.errors.interrupted', 'The row stopped half-way; retry it', { status: 409 });
    }
    if (!status) {
      const made = await useTemplate(
        deps,
        user,
        job.templateId,
        { recipients: job.recipients, values: job.values, title: job.title, lang: job.lang },
        now,
        { docuId, acceptTerms: true, countUpload: false },
      );
      status = made.status;
    }
    if (isDraft(status)) {
      await sendDocument(
        deps,
        user,
        docuId,
        { lang: job.lang, bulk: true },
        { ip: 'bulk', userAgent: 'bulk send' },
        now,
      );
    }
    await deps.bulks.rowSent(at);
  } catch (err) {
    // A conflict is a race (another row of the owner's took the entitlement record's version ten
    // times running): the message is delivered again, as for any error that is not a refusal.
    if (!isAppError(err) || err.status >= 500 || err.code === 'errors.conflict') throw err;
    log.warn('bulk row refused', { bulkId: job.bulkId, line: job.line, code: err.code });
    const values = messageValues(err);
    await deps.bulks.rowFailed(
      {
        bulkId: job.bulkId,
        line: job.line,
        attempt: job.attempt,
        error: err.code,
        ...(Object.keys(values).length ? { errorValues: JSON.stringify(values) } : {}),
        job: JSON.stringify(job),
        ttl,
      },
      docuId,
    );
  }
}
