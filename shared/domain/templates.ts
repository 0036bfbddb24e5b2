// Templates (issue #27 item 3, architecture §19): how many an owner may keep, by plan. The pricing
// page sells reusable templates with Personal and shared ones with Standard; the trial gets a few so a
// new user can try them. One table, read by the server (to refuse the next one) and by the SPA (to say
// how many are left).
import type { PlanKey } from './entities';
import { subscriptionActive } from './entitlements';

export const TEMPLATE_LIMITS = {
  /** The free trial (and an ended plan): enough to try. */
  trial: 3,
  personal: 50,
  standard: 200,
} as const;

/** Roles a template may have (the contractors of a contract made from it). */
export const TEMPLATE_MAX_ROLES = 20;
export const TEMPLATE_TITLE_MAX_CHARS = 100;
export const ROLE_NAME_MAX_CHARS = 100;

export type TemplateTier = keyof typeof TEMPLATE_LIMITS;

/** The tier whose limit applies: a subscription in force by its kind, else the trial's. */
export function templateTier(user: { plan: PlanKey; validDate: string }, now: Date): TemplateTier {
  if (!subscriptionActive(user, now)) return 'trial';
  return user.plan.endsWith('_standard') ? 'standard' : 'personal';
}

/** Standard plans share their buyer's templates with the company's seat members. */
export function sharesTemplates(tier: TemplateTier): boolean {
  return tier === 'standard';
}
