// Job messages carried by the SQS queues. Every job has an idempotency key: a retried message never
// repeats its side effect (double mail, double mint).
import * as z from 'zod';

/** The document a notification is about (none for account and billing mails): the admin Jobs page
 *  names it for a dead-lettered message, never the addresses or the text (issue #36). */
const aboutDocument = z.string().min(1).max(64).optional();

export const notifyJobSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('email'),
    idempotencyKey: z.string().min(8).max(200),
    docuId: aboutDocument,
    to: z.array(z.email()).min(1).max(50),
    subject: z.string().min(1).max(300),
    text: z.string().min(1),
    html: z.string().optional(),
    /** Attachments are read from the documents bucket at send time (SQS messages are small). */
    attachments: z
      .array(
        z.object({ filename: z.string().min(1), contentType: z.string().min(3), key: z.string().min(1) }),
      )
      .max(5)
      .optional(),
  }),
  z.object({
    kind: z.literal('sms'),
    idempotencyKey: z.string().min(8).max(200),
    docuId: aboutDocument,
    to: z.string().regex(/^\+[1-9][0-9]{6,14}$/, 'E.164 phone number'),
    text: z.string().min(1).max(1600),
  }),
]);
export type NotifyJob = z.infer<typeof notifyJobSchema>;

export const sealJobSchema = z.object({
  docuId: z.string().min(1),
  reason: z.string().optional(),
  /** Issue #30 item 3: renew the sealed file's archive timestamp (queued by the sweep when due). */
  renew: z.literal(true).optional(),
  /** With `renew`: the schedule item's due time, so a stale item can be dropped. */
  dueAt: z.string().optional(),
});
export type SealJob = z.infer<typeof sealJobSchema>;

export const anchorJobSchema = z.object({
  docuId: z.string().min(1),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** Issue #32: move the token held for the owner to the wallet of their claim (the document's
   *  `claimTo`), instead of minting. */
  claim: z.literal(true).optional(),
});
export type AnchorJob = z.infer<typeof anchorJobSchema>;

/** Issue #33 (anchorMode 'merkle'): close and anchor the Merkle batches that are due. */
export const merkleFlushJobSchema = z.object({ merkleFlush: z.literal(true) });
/** What the anchor queue carries: a document's anchor job, or a Merkle batch flush. */
export const anchorQueueJobSchema = z.union([anchorJobSchema, merkleFlushJobSchema]);

/** How long a finished job's idempotency record is kept (longer than any SQS retention). */
export const IDEMPOTENCY_TTL_SECONDS = 15 * 24 * 3600;

/** Scheduled work (issue #28), delivered by the Scheduler to the `schedule` queue when due. The
 *  worker checks the document again, so a late or repeated delivery changes nothing. */
export const scheduledJobSchema = z.discriminatedUnion('kind', [
  /** Reminder `n` (1-based) of contractor `index`, for the turn that opened at `turnOpenedAt`. */
  z.object({
    kind: z.literal('reminder'),
    docuId: z.string().min(1).max(64),
    index: z.number().int().nonnegative(),
    n: z.number().int().positive(),
    turnOpenedAt: z.string().min(1),
  }),
  /** The document's expiry, as it was when scheduled (an extension reschedules with the new date). */
  z.object({
    kind: z.literal('expire'),
    docuId: z.string().min(1).max(64),
    expiresAt: z.string().min(1),
  }),
]);
export type ScheduledJob = z.infer<typeof scheduledJobSchema>;

/** One event to one webhook endpoint (issue #31 item 3): the body is signed and sent as it is, so a
 *  retry and a replay send the same bytes under the same `webhook-id`. */
export const webhookJobSchema = z.object({
  ownerId: z.string().min(1).max(128),
  endpointId: z.string().min(1).max(64),
  /** `{event time ms}-{msgId}`: the delivery log entry. */
  deliveryId: z.string().min(1).max(128),
  msgId: z.string().regex(/^msg_[0-9a-z]{8,64}$/),
  type: z.string().min(1).max(64),
  body: z.string().min(2).max(16_000),
  /** Asked for from the deliveries list: sent even when an earlier attempt succeeded. */
  replay: z.literal(true).optional(),
});
export type WebhookJob = z.infer<typeof webhookJobSchema>;
