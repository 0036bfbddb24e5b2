// The LINE login `state` rule (spec doc 1 §4, doc 2 §7.1): the fixed default value is a normal
// login; any other value is a payload that must be exactly LINE_STATE_LENGTH (11) characters, else
// the callback stops with an error. Here the payload is the sign-up dialog's optional consents:
// a fixed 9-character prefix and one digit each for marketing and third-party provision (spec §3
// "a code string made of a fixed prefix plus one digit each").
//
// With Cognito, the raw `state` of the callback URL is Amplify's own anti-forgery value; Amplify
// carries our value as its "custom state" (`signInWithRedirect({ customState })`) and hands it back
// through the Hub 'customOAuthState' event, so the rule is applied to that value.
import type { ConsentsInput } from '../../../../shared/api/schemas';
import { LINE_STATE_LENGTH } from '../../../../shared/domain/constants';

/** The fixed default state: a plain login, no payload. */
export const LINE_DEFAULT_STATE = 'signseal-login';

const CONSENTS_PREFIX = 'SSCONSENT';

/** The 11-character payload of a federated sign-up: prefix + marketing digit + third-party digit. */
export function consentsState(consents: Pick<ConsentsInput, 'marketing' | 'thirdPartyProvision'>): string {
  return `${CONSENTS_PREFIX}${consents.marketing ? 1 : 0}${consents.thirdPartyProvision ? 1 : 0}`;
}

export type LineStateCheck =
  | { kind: 'login' }
  | {
      kind: 'payload';
      payload: string;
      optionalConsents?: Pick<ConsentsInput, 'marketing' | 'thirdPartyProvision'>;
    }
  | { kind: 'invalid' };

export function checkLineState(state: string | null | undefined): LineStateCheck {
  if (state === null || state === undefined || state === LINE_DEFAULT_STATE) return { kind: 'login' };
  if (Array.from(state).length !== LINE_STATE_LENGTH) return { kind: 'invalid' };
  const match = /^SSCONSENT([01])([01])$/.exec(state);
  return match
    ? {
        kind: 'payload',
        payload: state,
        optionalConsents: { marketing: match[1] === '1', thirdPartyProvision: match[2] === '1' },
      }
    : { kind: 'payload', payload: state };
}
