// Records Amplify's OAuth Hub events from the moment this module loads. The callback route loads it
// before Amplify finishes a redirect sign-in, so no event is missed even if it fires before the
// page's components mount.
import { Hub } from 'aws-amplify/utils';

export type OAuthOutcome = { kind: 'signedIn'; customState?: string } | { kind: 'failed'; error: unknown };

let customState: string | undefined;
let outcome: OAuthOutcome | undefined;
const waiting = new Set<(outcome: OAuthOutcome) => void>();

function settle(next: OAuthOutcome): void {
  outcome = next;
  for (const resolve of waiting) resolve(next);
  waiting.clear();
}

Hub.listen('auth', ({ payload }) => {
  if (payload.event === 'customOAuthState') customState = payload.data;
  else if (payload.event === 'signInWithRedirect') settle({ kind: 'signedIn', customState });
  else if (payload.event === 'signInWithRedirect_failure')
    settle({ kind: 'failed', error: payload.data.error });
});

/** The outcome of the redirect sign-in in progress (or already finished on this page load). */
export function waitForOAuthOutcome(): Promise<OAuthOutcome> {
  if (outcome) return Promise.resolve(outcome);
  return new Promise((resolve) => waiting.add(resolve));
}
