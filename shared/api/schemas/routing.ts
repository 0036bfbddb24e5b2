// Routing (issue #28, architecture §20): roles, signing order, reminders, expiry, delegation and the
// owner's control of a sent contract. The rules are shared/domain/routing.ts; these are the shapes.

import * as z from 'zod';
import { RECIPIENT_ROLES, ROUTING_LIMITS, SIGNING_ORDERS } from '../../domain/routing';
import { DOCUMENT_STATUSES } from '../../domain/status';
import { lineText, multilineText } from './text';

const isoDate = z.iso.datetime({ offset: true });
/** accounts.ts's languageSchema (not imported: accounts.ts imports this module's My Info defaults). */
const languageSchema = z.enum(['en', 'jp', 'ko']);
const days = z.number().int().min(ROUTING_LIMITS.reminderDaysMin).max(ROUTING_LIMITS.reminderDaysMax);

/** The first reminder after `firstAfterDays`, then every `everyDays`, at most `max` (0: none). */
export const reminderSettingsSchema = z.object({
  firstAfterDays: days,
  everyDays: days,
  max: z.number().int().min(0).max(ROUTING_LIMITS.maxRemindersMax),
});
export type ReminderSettingsInput = z.infer<typeof reminderSettingsSchema>;

/** A contract's routing settings, saved with its contractors (PUT …/recipients `routing`) before
 *  sending. `reminders` null: none. `expiresAt` null: never expires. */
export const routingSettingsSchema = z.object({
  order: z.enum(SIGNING_ORDERS),
  reminders: reminderSettingsSchema.nullable(),
  expiresAt: isoDate.nullable(),
  /** Contractors may forward their request to another person (delegation). */
  allowDelegation: z.boolean(),
});
export type RoutingSettings = z.infer<typeof routingSettingsSchema>;

/** A contractor row's routing (PUT …/recipients rows; absent: signer, group 1). */
export const recipientRoutingSchema = z.object({
  role: z.enum(RECIPIENT_ROLES).optional(),
  /** 1…maxGroups; ignored (everyone 1) in parallel order; made contiguous by the server. */
  group: z.number().int().min(1).max(ROUTING_LIMITS.maxGroups).optional(),
});

/** My Info → Routing defaults (GET /api/me `routingDefaults`, PATCH /api/me): what a new contract's
 *  contractors step starts with. `expiryDays` null: no expiry. */
export const routingDefaultsSchema = z.object({
  reminders: reminderSettingsSchema.nullable(),
  expiryDays: z.number().int().min(1).max(ROUTING_LIMITS.expiryMaxDays).nullable(),
  allowDelegation: z.boolean(),
});
export type RoutingDefaults = z.infer<typeof routingDefaultsSchema>;

/** Where the flow of a sent contract stands, for the owner's Details (GET …/details `flow`). */
export const flowViewSchema = z.object({
  order: z.enum(SIGNING_ORDERS),
  /** The group whose turn it is (null: nobody's: all answered, or the flow stopped). */
  currentGroup: z.number().int().positive().nullable(),
  /** How many groups there are (1 in parallel order). */
  groups: z.number().int().nonnegative(),
  reminders: reminderSettingsSchema.nullable(),
  expiresAt: isoDate.nullable(),
  /** When it became Expired (null otherwise). */
  expiredAt: isoDate.nullable(),
  allowDelegation: z.boolean(),
  /** A voided contract's reason (null otherwise). */
  voidReason: z.string().nullable(),
  /** What is scheduled next, soonest first: each pending reminder and the expiry. */
  scheduled: z.array(
    z.object({
      kind: z.enum(['reminder', 'expiry']),
      at: isoDate,
      /** The contractor a reminder goes to (null for the expiry). */
      index: z.number().int().nonnegative().nullable(),
      name: z.string().nullable(),
    }),
  ),
});
export type FlowView = z.infer<typeof flowViewSchema>;

/** A contractor's routing as the owner's lists and Details show it. */
export const recipientFlowSchema = z.object({
  role: z.enum(RECIPIENT_ROLES),
  group: z.number().int().positive(),
  /** It is their turn and they have not answered (viewers: never). */
  turn: z.boolean(),
  /** Reminders sent so far, and when the last went. */
  remindersSent: z.number().int().nonnegative(),
  lastRemindedAt: isoDate.nullable(),
  /** When their request was sent (their turn opened); null while it waits for an earlier group. */
  requestedAt: isoDate.nullable(),
  /** Who forwarded the request to this contractor (delegation), else null. */
  delegatedFrom: z
    .object({ name: z.string(), contactMasked: z.string(), at: isoDate, reason: z.string() })
    .nullable(),
});
export type RecipientFlow = z.infer<typeof recipientFlowSchema>;

// --- Owner's control of a sent contract (one function: lambdas/handlers/routing.ts) -------------

export const recipientParamsSchema = z.object({
  docuId: z.string().min(1).max(64),
  index: z.coerce.number().int().nonnegative().max(1000),
});

/** POST /api/documents/{docuId}/recipients/{index}/remind: a reminder now (counted like a resend). */
export const remindRequestSchema = z.object({ lang: languageSchema });
export const remindResponseSchema = z.object({ reminded: z.literal(true), index: z.number().int() });

/** PUT /api/documents/{docuId}/recipients/{index}/contact: before they answered; the old link stops. */
export const changeContactRequestSchema = z.object({
  name: lineText().min(1).max(200),
  contact: lineText().min(1).max(254),
  lang: languageSchema,
});
export const changeContactResponseSchema = z.object({
  changed: z.literal(true),
  index: z.number().int(),
  /** A new request was sent (it is their turn). */
  requestSent: z.boolean(),
});

/** POST /api/documents/{docuId}/void: every party is told with the reason; it never seals. */
export const voidRequestSchema = z.object({
  reason: multilineText().max(2000),
  lang: languageSchema,
});

/** PUT /api/documents/{docuId}/expiry: sets or extends a sent contract's expiry (an Expired one is
 *  reopened). Never after completion. */
export const expiryRequestSchema = z.object({ expiresAt: isoDate, lang: languageSchema });

/** The answer of void and expiry: the document's status and expiry now. */
export const routingActionResponseSchema = z.object({
  status: z.enum(DOCUMENT_STATUSES),
  expiresAt: isoDate.nullable(),
});
export type RoutingActionResponse = z.infer<typeof routingActionResponseSchema>;

// --- The signer's side ------------------------------------------------------------------------

/** POST /api/sign/{docuId}/{token}/delegate: forward my request to another person (when allowed). */
export const delegateRequestSchema = z.object({
  name: lineText().min(1).max(200),
  contact: lineText().min(1).max(254),
  reason: multilineText().max(2000),
  lang: languageSchema,
});
export type DelegateRequest = z.infer<typeof delegateRequestSchema>;
export const delegateResponseSchema = z.object({ delegated: z.literal(true) });

/**
 * The `details` of a signer call refused by routing (409), for the signer page:
 * - `signing.errors.notYourTurn`: `{ waitingFor: string[], names }` (whom the flow waits for);
 * - `signing.errors.expired`: `{ expiredAt: string }` (ISO; when the expiry date passed);
 * - `signing.errors.voided`: `{ reason: string }`.
 * A viewer's agree/deny answers 409 `signing.errors.viewerOnly`.
 */
export const routingRefusalDetailsSchema = z.object({
  waitingFor: z.array(z.string()).optional(),
  /** `waitingFor` joined with ', ' (the message's {{names}}). */
  names: z.string().optional(),
  expiredAt: isoDate.optional(),
  reason: z.string().optional(),
});
export type RoutingRefusalDetails = z.infer<typeof routingRefusalDetailsSchema>;
