// A contractor's badges in the lists and details (spec doc 1 §4, Recipient badges): a draft's
// contractors are 'Not requested yet'; a sent contract's show their labels (Sign Required, Sign
// Completed, the video indicators…). Issue #28: a contractor who is not a signer shows their role
// (Approver, Viewer), and in a contract signed in order, their group (not a viewer's: viewers get
// their copy at sending). An approver's badge says Approval Required / Approved; a viewer, who never
// acts, has none beyond their role.
import { useTranslation } from 'react-i18next';
import { RECIPIENT_ROLE_LABEL_KEYS } from '../../../../../shared/domain/routing';
import {
  isDraft,
  RECIPIENT_AGREEMENT,
  RECIPIENT_LABEL_KEYS,
  recipientLabels,
} from '../../../../../shared/domain/status';
import { RECORDED } from '../continue';
import type { ContractDetails, ContractRecipient } from '../api/contracts-api';

export function RecipientBadges({
  recipient,
  kind,
  status,
}: {
  recipient: Pick<ContractRecipient, 'agreement' | 'hasVideo' | 'videoConfirmation'> &
    Partial<Pick<ContractRecipient, 'role'>>;
  kind: ContractDetails['kind'];
  /** A draft's contractors have not been asked yet: one neutral 'Not requested yet' badge. */
  status: ContractDetails['status'];
}) {
  const { t } = useTranslation();
  if (isDraft(status)) {
    return (
      <span className="badge badge-neutral" data-testid="badge-notRequested">
        {t('contracts.badges.notRequested')}
      </span>
    );
  }
  if (recipient.role === 'viewer') return null;
  if (recipient.role === 'approver' && recipient.agreement !== RECIPIENT_AGREEMENT.denied) {
    const approved = recipient.agreement === RECIPIENT_AGREEMENT.agreed;
    return (
      <span
        className={`badge ${approved ? 'badge-success' : 'badge-danger'}`}
        data-testid={approved ? 'badge-approved' : 'badge-approvalRequired'}
      >
        {t(approved ? 'routingOwner.badges.approved' : 'routingOwner.badges.approvalRequired')}
      </span>
    );
  }
  return (
    <>
      {recipientLabels(
        {
          agreement: recipient.agreement,
          videoConfirmation: recipient.videoConfirmation,
          ...(recipient.hasVideo ? { video: RECORDED } : {}),
        },
        kind,
      ).map((label) => (
        <span
          key={label}
          className={`badge ${/Completed|Ok$/i.test(label) ? 'badge-success' : 'badge-danger'}`}
          data-testid={`badge-${label}`}
        >
          {t(RECIPIENT_LABEL_KEYS[label])}
        </span>
      ))}
    </>
  );
}

/** The role of a contractor who is not a signer, and their group when the contract goes in order. */
export function RoleTags({
  recipient,
  sequential,
}: {
  recipient: Pick<ContractRecipient, 'role' | 'group'>;
  sequential: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {recipient.role !== 'signer' && (
        <span className="badge badge-role" data-testid="role-tag">
          {t(RECIPIENT_ROLE_LABEL_KEYS[recipient.role])}
        </span>
      )}
      {sequential && recipient.role !== 'viewer' && (
        <span className="badge badge-neutral" data-testid="group-tag">
          {t('routingOwner.list.group', { group: recipient.group })}
        </span>
      )}
    </>
  );
}
