// Bulk send from a template (issue #27 item 6, architecture §19): a CSV of one row per contract is
// checked whole before anything is sent (each bad row with its line and reason), then each good row
// within the owner's remaining contracts becomes one message of the bulk queue, made and sent by the
// bulk worker exactly once; the progress view reads the bulk's counts and its failed rows.
import * as z from 'zod';
import { BULK_CSV_MAX_CHARS } from '../../domain/bulk';
import { languageSchema } from './accounts';
import { lineText } from './text';

export const bulkParamsSchema = z.object({
  templateId: z.string().min(1).max(64),
  bulkId: z.string().regex(/^[0-9a-f]{32}$/),
});

/**
 * POST /api/templates/{templateId}/bulk. `send: false` only checks (nothing is stored or counted);
 * `send: true` checks again and queues the good rows within the allowance.
 */
export const bulkRequestSchema = z.object({
  csv: z.string().min(1).max(BULK_CSV_MAX_CHARS),
  send: z.boolean(),
  lang: languageSchema,
  /** The contracts' name when the CSV has no `title` column (default: the template's). */
  title: lineText().min(1).max(100).optional(),
});
export type BulkRequest = z.infer<typeof bulkRequestSchema>;

/** A refused row: its line in the file (1 = the header) and a message key with its values. */
export const bulkRowErrorSchema = z.object({
  line: z.number().int().positive(),
  error: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type BulkRowError = z.infer<typeof bulkRowErrorSchema>;

export const bulkCheckSchema = z.object({
  /** Data rows in the file (the header not counted). */
  rows: z.number().int().nonnegative(),
  /** Rows that would be (or were) queued. */
  accepted: z.number().int().nonnegative(),
  /** Every refused row (bad input), at most BULK_MAX_ERRORS listed; `errorCount` counts them all. */
  errors: z.array(bulkRowErrorSchema),
  errorCount: z.number().int().nonnegative(),
  /** Contracts the owner may still send (this month's and bought); good rows past it are refused. */
  remaining: z.number().int().nonnegative(),
  /** Good rows past the allowance (not queued). */
  pastAllowance: z.number().int().nonnegative(),
  /** The columns the template expects, in order (for a sample file). */
  columns: z.array(z.string()),
});
export type BulkCheck = z.infer<typeof bulkCheckSchema>;

export const bulkStatusSchema = z.enum(['running', 'done']);

/** GET …/bulk/{bulkId}, and the answer to sending and retrying. */
export const bulkProgressSchema = z.object({
  bulkId: z.string(),
  templateId: z.string(),
  status: bulkStatusSchema,
  /** Rows queued by this bulk (retries not counted twice). */
  total: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** Rows refused before queueing (bad input or past the allowance). */
  refused: z.number().int().nonnegative(),
  /** The rows that failed when sent, which may be retried (newest reason each). */
  failedRows: z.array(bulkRowErrorSchema),
  createdAt: z.string(),
});
export type BulkProgress = z.infer<typeof bulkProgressSchema>;

export const bulkSendResponseSchema = z.object({
  check: bulkCheckSchema,
  progress: bulkProgressSchema.nullable(),
});
export type BulkSendResponse = z.infer<typeof bulkSendResponseSchema>;
