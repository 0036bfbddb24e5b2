// The signer link of a contract that is over (issue #29 item 5) and the signed-in user's 'Caution!'
// check (item 3): the details of the 409s `signerStates.errors.declined` / `…completed`, and the
// answer of POST /api/sign/{docuId}/{token}/identity.
import * as z from 'zod';

const isoDate = z.iso.datetime({ offset: true });

/** `details` of 409 `signerStates.errors.declined` and `signerStates.errors.completed`. */
export const signerClosedDetailsSchema = z.object({
  /** deny: a contractor denied with a reason; terms: refused the e-sign terms; videos: denied the videos. */
  kind: z.enum(['deny', 'terms', 'videos']),
  /** Who declined, by name (never a contact); null when unknown. */
  by: z.string().nullable(),
  at: isoDate.nullable(),
  /** A denial's reason (e-mailed to every participant, spec doc 1 §4); null for refused terms. */
  reason: z.string().nullable(),
  /** The link's own contractor declined (the videos: their own agreement keeps 'already denied'). */
  self: z.boolean(),
});
export type SignerClosedDetails = z.infer<typeof signerClosedDetailsSchema>;

export const signerCompletedDetailsSchema = z.object({ completedAt: isoDate.nullable() });
export type SignerCompletedDetails = z.infer<typeof signerCompletedDetailsSchema>;

/** POST /api/sign/{docuId}/{token}/identity (owner auth): whether the signed-in user is the link's
 *  contractor, compared on the real contacts server-side; nothing else of the contractor is told. */
export const signerIdentityResponseSchema = z.object({ sameUser: z.boolean() });
export type SignerIdentityResponse = z.infer<typeof signerIdentityResponseSchema>;
