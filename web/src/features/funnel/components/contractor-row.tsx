// One contractor on Configuring Contractors: name, contact, the address book (disabled while the row
// has content), the role (issue #28: the owner's own row is always a signer) and, in order, the
// signing group. A message about the row (a check or the server's refusal) is shown inside it.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddressBookResponse } from '../../../../../shared/api/schemas';
import {
  RECIPIENT_ROLE_LABEL_KEYS,
  RECIPIENT_ROLES,
  ROUTING_LIMITS,
  type RecipientRole,
} from '../../../../../shared/domain/routing';

export interface Row {
  id: number;
  name: string;
  contact: string;
  role: RecipientRole;
  /** The signing group as typed (a number input's text). */
  group: string;
}

type Entry = AddressBookResponse['entries'][number];

export interface RowError {
  message: string;
  /** The input the message is about ('group', 'role'), else the row as a whole. */
  field?: 'group' | 'role';
}

interface ContractorRowProps {
  row: Row;
  index: number;
  book: readonly Entry[];
  error: RowError | null;
  /** The owner's own row: its role is Signer and cannot change. */
  isOwner: boolean;
  /** In order: the group input is shown, numbered up to `maxGroup`. */
  sequential: boolean;
  maxGroup: number;
  onChange: (patch: Partial<Row>) => void;
  onRemove: () => void;
}

export function ContractorRow({
  row,
  index,
  book,
  error,
  isOwner,
  sequential,
  maxGroup,
  onChange,
  onRemove,
}: ContractorRowProps) {
  const { t } = useTranslation();
  const id = useId();
  const hasContent = row.name.trim() !== '' || row.contact.trim() !== '';
  const errorId = `${id}-error`;
  const rowInvalid = error !== null && error.field === undefined;
  const describedBy = (field: 'group' | 'role', hint?: string) =>
    [hint, error?.field === field ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <li className="funnel-contractor" data-testid={`contractor-row-${index}`}>
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend>{t('funnel.contractors.row', { n: index + 1 })}</legend>
        <button
          type="button"
          className="button-icon funnel-remove"
          aria-label={t('funnel.contractors.remove', { n: index + 1 })}
          onClick={onRemove}
        >
          ×
        </button>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('funnel.contractors.name')}</label>
          <input
            id={`${id}-name`}
            value={row.name}
            autoComplete="off"
            aria-invalid={rowInvalid || undefined}
            onChange={(event) => onChange({ name: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-contact`}>{t('funnel.contractors.contact')}</label>
          <input
            id={`${id}-contact`}
            value={row.contact}
            autoComplete="off"
            aria-invalid={rowInvalid || undefined}
            onChange={(event) => onChange({ contact: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-book`}>{t('funnel.contractors.addressBook')}</label>
          <select
            id={`${id}-book`}
            value=""
            disabled={hasContent || book.length === 0}
            onChange={(event) => {
              const entry = book[Number(event.target.value)];
              if (entry) onChange({ name: entry.name, contact: entry.contact });
            }}
          >
            <option value="">{t('funnel.contractors.addressBookPlaceholder')}</option>
            {book.map((entry, i) => (
              <option key={`${entry.contact}-${i}`} value={i}>
                {entry.name} ({entry.contact})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-role`}>{t('routingOwner.roles.label')}</label>
          <select
            id={`${id}-role`}
            value={isOwner ? 'signer' : row.role}
            disabled={isOwner}
            data-testid="contractor-role"
            aria-invalid={error?.field === 'role' || undefined}
            aria-describedby={describedBy('role', isOwner ? `${id}-owner` : undefined)}
            onChange={(event) => onChange({ role: event.target.value as RecipientRole })}
          >
            {RECIPIENT_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(RECIPIENT_ROLE_LABEL_KEYS[role])}
              </option>
            ))}
          </select>
          {isOwner && (
            <p id={`${id}-owner`} className="field-hint">
              {t('routingOwner.roles.ownerHint')}
            </p>
          )}
        </div>
        {sequential && (
          <div className="field funnel-group">
            <label htmlFor={`${id}-group`}>{t('routingOwner.order.group')}</label>
            <input
              id={`${id}-group`}
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.min(maxGroup, ROUTING_LIMITS.maxGroups)}
              step={1}
              value={row.group}
              data-testid="contractor-group"
              aria-invalid={error?.field === 'group' || undefined}
              aria-describedby={describedBy('group')}
              onChange={(event) => onChange({ group: event.target.value })}
            />
          </div>
        )}
        {error && (
          <p id={errorId} className="field-error funnel-error" role="alert" data-testid="funnel-error">
            {error.message}
          </p>
        )}
      </fieldset>
    </li>
  );
}
