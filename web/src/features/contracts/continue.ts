// What Continue (Beta) does for a card (spec doc 1 §4, Continue button), as data: the owner resumes
// the funnel at the step after the saved one; a contractor who still has to act opens their own
// signer page (a link the server issues; need_sign and need_video), or their video confirmation page
// (need_vconfirm, the owner too); otherwise the button is hidden, disabled, or gives the alert
// 'contract is not ready yet!!!' with the status. An owner who is a contractor of a Video Sign draft and
// has not recorded yet resumes at the Video Sign step. A video contract in Ready (the owner has not
// recorded the terms yet) resumes at its Record step (issue #16).
import { continueTarget } from '../../../../shared/domain/status';
import type { ContractCard } from '../../../../shared/api/contracts';
import type { RecipientVideo } from '../../../../shared/domain/entities';

export type ContinueAction =
  | { kind: 'hidden' }
  | { kind: 'disabled' }
  | { kind: 'notReady' }
  | { kind: 'funnel'; evsign: ContractCard['kind']; func: string }
  | { kind: 'signer' }
  | { kind: 'videoConfirm' };

/** Only whether a video exists counts for Continue; the list carries no more of it. */
export const RECORDED = {} as RecipientVideo;

const STEPS = {
  addRecipients: { esign: 'addrcpt', vsign: 'addrcpt', vcontract: 'vcaddrcpt' },
  setSignAreas: { esign: 'setpos', vsign: 'setpos', vcontract: 'vcaddrcpt' },
  finalize: { esign: 'agree', vsign: 'agree', vcontract: 'vcagree' },
} as const;

export function continueAction(
  card: Pick<ContractCard, 'status' | 'kind' | 'recipients'> &
    Partial<Pick<ContractCard, 'viewerVideoConfirm'>>,
): ContinueAction {
  const me = card.recipients.find((r) => r.me);
  // The owner who is not a contractor still confirms the videos (their own link).
  if (!me && card.status === 'NeedVConfirm' && card.viewerVideoConfirm === 0) return { kind: 'videoConfirm' };
  const target = continueTarget(
    card.status,
    card.kind,
    me
      ? {
          agreement: me.agreement,
          videoConfirmation: card.viewerVideoConfirm ?? me.videoConfirmation,
          ...(me.hasVideo ? { video: RECORDED } : {}),
        }
      : undefined,
  );
  switch (target) {
    case 'hidden':
      return { kind: 'hidden' };
    case 'none':
      return { kind: 'disabled' };
    case 'notReady':
      return { kind: 'notReady' };
    case 'record':
      // Video Contract: the owner has not recorded the terms yet.
      return { kind: 'funnel', evsign: card.kind, func: 'vcrecord' };
    case 'finalize':
      // Video Sign: the owner who signs records first (spec doc 1 §4, creation funnel step 1).
      if (card.kind === 'vsign' && me?.isOwner && !me.hasVideo) {
        return { kind: 'funnel', evsign: card.kind, func: 'vsign' };
      }
      return { kind: 'funnel', evsign: card.kind, func: STEPS[target][card.kind] };
    case 'addRecipients':
    case 'setSignAreas':
      return { kind: 'funnel', evsign: card.kind, func: STEPS[target][card.kind] };
    case 'needVideoConfirm':
      return { kind: 'videoConfirm' };
    default:
      return { kind: 'signer' };
  }
}
