// Where a loaded view ends at once (../machine.ts) — its own module, without the machine's imports,
// so that the early view (./api/early-view.ts, in the entry) can tell from the view's answer whether
// the document viewer is needed at all.
import type { SignerView } from '../../../../shared/api/schemas';
import type { EndName } from './machine';

/**
 * Where a loaded view ends at once, before anything is asked of the signer: an agreement already
 * given or refused, or a contract no longer waiting for signatures. Undefined when it can be signed.
 */
export function endOnArrival(view: Pick<SignerView, 'me' | 'status'>): EndName | undefined {
  if (view.me.agreement === 1) return 'alreadyAgreed';
  if (view.me.agreement === 2) return 'alreadyDenied';
  if (view.status !== 'Agree') return 'closed';
  return undefined;
}
