// Registration consents (spec doc 1 §3, §5): five checkboxes, three of them required and checked in
// the spec's order by the shared validation; plus the minimum age from the runtime configuration.
import type { ConsentsInput } from '../../../../shared/api/schemas';
import { DEFAULT_MIN_AGE } from '../../../../shared/domain/constants';
import type { AppConfig } from '../../app/config';

export const CONSENT_KEYS = [
  'termsOfService',
  'privacyPolicy',
  'ageConfirmed',
  'marketing',
  'thirdPartyProvision',
] as const satisfies readonly (keyof ConsentsInput)[];

export const NO_CONSENTS: ConsentsInput = {
  termsOfService: false,
  privacyPolicy: false,
  ageConfirmed: false,
  marketing: false,
  thirdPartyProvision: false,
};

/** architecture §14: one configured minimum age; `/config.json` `minAge`, else the shared default. */
export function minAgeOf(config: AppConfig): number {
  return config.minAge ?? DEFAULT_MIN_AGE;
}
