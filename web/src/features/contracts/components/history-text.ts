// One history item's action as shown in Activity: its wording by channel (a request by SMS is not an
// e-mail) and, for a signature request, the contractor it went to. The actor is shown beside it.
import type { TFunction } from 'i18next';
import { historyActionKey } from '../../../../../shared/domain/status';
import type { HistoryEntry } from '../api/contracts-api';

export function historyAction(
  t: TFunction,
  h: Pick<HistoryEntry, 'action' | 'channel' | 'targetName' | 'targetContactMasked'>,
): string {
  const action = t(historyActionKey(h.action, h.channel));
  const target = [h.targetName, h.targetContactMasked].filter(Boolean).join(' ');
  return target ? t('history.toTarget', { action, target }) : action;
}
