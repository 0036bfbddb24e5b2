// What Continue (Beta) does for a card (spec doc 1 §4, Continue button), as data: the owner resumes
// the funnel at the step after the saved one; a contractor who still has to act opens their own
// signer page (a link the server issues); otherwise the button is hidden, disabled, or gives the
// alert 'contract is not ready yet!!!' with the status.
import { continueTarget } from '../../../../shared/domain/status';
import type { ContractCard } from '../../../../shared/api/contracts';

export type ContinueAction =
  | { kind: 'hidden' }
  | { kind: 'disabled' }
  | { kind: 'notReady' }
  | { kind: 'funnel'; evsign: ContractCard['kind']; func: string }
  | { kind: 'signer' };

const STEPS = {
  addRecipients: { esign: 'addrcpt', vsign: 'addrcpt', vcontract: 'vcaddrcpt' },
  setSignAreas: { esign: 'setpos', vsign: 'setpos', vcontract: 'vcaddrcpt' },
  finalize: { esign: 'agree', vsign: 'agree', vcontract: 'vcagree' },
} as const;

export function continueAction(card: Pick<ContractCard, 'status' | 'kind' | 'recipients'>): ContinueAction {
  const me = card.recipients.find((r) => r.me);
  const target = continueTarget(
    card.status,
    card.kind,
    me ? { agreement: me.agreement, videoConfirmation: 0 } : undefined,
  );
  switch (target) {
    case 'hidden':
      return { kind: 'hidden' };
    case 'none':
      return { kind: 'disabled' };
    case 'notReady':
      return { kind: 'notReady' };
    case 'addRecipients':
    case 'setSignAreas':
    case 'finalize':
      return { kind: 'funnel', evsign: card.kind, func: STEPS[target][card.kind] };
    default:
      return { kind: 'signer' };
  }
}
