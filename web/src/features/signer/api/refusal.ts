// Routing's refusals of a signer link (issue #28): every signer call answers 409 with
// `signing.errors.notYourTurn` ({ waitingFor }), `signing.errors.expired` ({ expiredAt }) or
// `signing.errors.voided` ({ reason }) while the link cannot be used. The page shows that refusal
// instead of the call's error, whichever call met it: the view on arrival, or a save, an agreement, a
// sign upload or a recording session later on (the contract expired while the page was open).
// Issue #29: a declined (`signerStates.errors.declined`, who / when / why) or completed
// (`signerStates.errors.completed`, when) contract is refused the same way, with a page of its own.
import { routingRefusalDetailsSchema } from '../../../../../shared/api/schemas/routing';
import {
  signerClosedDetailsSchema,
  signerCompletedDetailsSchema,
} from '../../../../../shared/api/schemas/signer-states';
import { ApiError } from '../../../lib/api-client';
import type { Refusal } from '../machine';

const KINDS = {
  'signing.errors.notYourTurn': 'notYourTurn',
  'signing.errors.expired': 'expired',
  'signing.errors.voided': 'voided',
  'signerStates.errors.declined': 'declined',
  'signerStates.errors.completed': 'completed',
} as const;

/** The refusal an error is, or null when it is any other error. */
export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const kind = (KINDS as Record<string, Refusal['kind'] | undefined>)[error.code];
  if (!kind) return null;
  if (kind === 'declined') {
    const declined = signerClosedDetailsSchema.safeParse(error.details ?? {});
    return { kind, declined: declined.success ? declined.data : null };
  }
  if (kind === 'completed') {
    const completed = signerCompletedDetailsSchema.safeParse(error.details ?? {});
    return { kind, completedAt: completed.success ? completed.data.completedAt : null };
  }
  const parsed = routingRefusalDetailsSchema.safeParse(error.details ?? {});
  const details = parsed.success ? parsed.data : {};
  switch (kind) {
    case 'notYourTurn':
      return { kind, waitingFor: details.waitingFor ?? [] };
    case 'expired':
      return { kind, expiredAt: details.expiredAt ?? null };
    case 'voided':
      return { kind, reason: details.reason ?? null };
  }
}

type Listener = (refusal: Refusal) => void;
const listeners = new Map<string, Set<Listener>>();

/** Hears every refusal met by a call of this link (`base` is the link's API path); returns the unsubscribe. */
export function onRefusal(base: string, listener: Listener): () => void {
  const set = listeners.get(base) ?? new Set();
  set.add(listener);
  listeners.set(base, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(base);
  };
}

/** Runs a call of the link at `base`: a refusal is told to the page first, then thrown as any error. */
export async function watchRefusal<T>(base: string, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) listeners.get(base)?.forEach((listener) => listener(refusal));
    throw error;
  }
}
