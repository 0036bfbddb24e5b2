// API contract of plans and payments (issue #18): prices, checkout, the provider's webhook, My Plan,
// cancel at period end, invoices. Spread into API_SCHEMAS (shared/api/endpoints.ts).
import * as z from 'zod';
import { PLAN_KEYS, PURCHASE_KEYS } from '../domain/entities';

const languageSchema = z.enum(['en', 'jp', 'ko']);
const isoDate = z.iso.datetime({ offset: true });

export const priceInfoSchema = z.object({
  priceId: z.string(),
  /** Cents. */
  price: z.number().int().nonnegative(),
  currency: z.string(),
  interval: z.enum(['month', 'year']).nullable(),
  productName: z.string(),
});
export const planPricesResponseSchema = z.object({
  prices: z.partialRecord(z.enum(PURCHASE_KEYS), priceInfoSchema),
});

/** Seats (standard), contracts (one-time) or 1 (personal); checked again by the use case. */
export const checkoutRequestSchema = z
  .object({
    plan: z.enum(PURCHASE_KEYS),
    quantity: z.number().int().min(-1_000_000).max(1_000_000),
    lang: languageSchema,
  })
  .strict();
/** `changed`: an existing subscription was changed (no Checkout); `url` is the pay page again. */
export const checkoutResponseSchema = z.object({
  url: z.url(),
  sessionId: z.string(),
  changed: z.literal(true).optional(),
});

/** GET/PUT /api/billing/members: a standard plan's company members (one e-mail per further seat). */
export const membersRequestSchema = z.object({ members: z.array(z.string().max(254)).max(1000) }).strict();
export const membersResponseSchema = z.object({
  role: z.enum(['buyer', 'member', 'none']),
  seats: z.number().int().positive(),
  ownerEmail: z.string(),
  members: z.array(z.string()),
});
export type MembersResponse = z.infer<typeof membersResponseSchema>;

export const webhookResponseSchema = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
});

export const subscriptionViewSchema = z.object({
  id: z.string(),
  created: z.number().int(),
  cancel_at: z.number().int().nullable(),
  canceled_at: z.number().int().nullable(),
  currency: z.string(),
  current_period_start: z.number().int(),
  current_period_end: z.number().int(),
  quantity: z.number().int(),
  latest_invoice: z.string().nullable(),
  status: z.string(),
});
/** The pay page asks with the Checkout Session it came back from. */
export const myPlanQuerySchema = z.object({ session_id: z.string().min(1).max(200).optional() });
export const myPlanResponseSchema = z.object({
  /** The payment result of `session_id` (the user's own session), else null. */
  checkout: z.object({ status: z.string().nullable(), paymentStatus: z.string() }).nullable(),
  plan: z.enum(PLAN_KEYS),
  validDate: isoDate,
  daysLeft: z.number().int().nonnegative(),
  planLengthDays: z.number().int().positive(),
  seats: z.number().int().positive(),
  /** The buyer's e-mail when the user shares a company's standard plan (the plan shown is its). */
  companyOwnerEmail: z.string().nullable(),
  availableTickets: z.number().int().nonnegative(),
  remaining: z.object({
    subscription: z.number().int().nonnegative(),
    tickets: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  }),
  subscription: subscriptionViewSchema.nullable(),
});
export const cancelResponseSchema = z.object({ cancelAt: isoDate });
export const invoicesResponseSchema = z.object({
  invoices: z.array(
    z.object({
      id: z.string(),
      number: z.string().nullable(),
      created: z.number().int(),
      status: z.string().nullable(),
      total: z.number().int(),
      currency: z.string(),
      hosted_invoice_url: z.string().nullable(),
      invoice_pdf: z.string().nullable(),
      lines: z.object({
        total_count: z.number().int(),
        data: z.array(
          z.object({
            description: z.string().nullable(),
            period: z.object({ start: z.number().int(), end: z.number().int() }),
          }),
        ),
      }),
    }),
  ),
});

export type PlanPricesResponse = z.infer<typeof planPricesResponseSchema>;
export type MyPlanResponse = z.infer<typeof myPlanResponseSchema>;
export type InvoicesResponse = z.infer<typeof invoicesResponseSchema>;

export const BILLING_SCHEMAS = {
  GetPlanPrices: { response: planPricesResponseSchema },
  CreateCheckout: { body: checkoutRequestSchema, response: checkoutResponseSchema },
  StripeWebhook: { response: webhookResponseSchema },
  GetMyPlan: { query: myPlanQuerySchema, response: myPlanResponseSchema },
  CancelSubscription: { response: cancelResponseSchema },
  ListInvoices: { response: invoicesResponseSchema },
  GetMembers: { response: membersResponseSchema },
  SaveMembers: { body: membersRequestSchema, response: membersResponseSchema },
} as const;
