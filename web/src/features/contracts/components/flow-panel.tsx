// The Flow panel of the owner's Details (issue #28): the signing order, whose turn it is, each
// contractor's role, group, status, reminders and forwarding, what is scheduled next, the expiry and
// forwarding settings; and the owner's actions: Remind now (whose turn it is), Change contact (who has
// not answered), Void (with a reason) and Set / change / extend the expiry. After an action the
// details are read again (`onChanged`) and the result is said here.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECIPIENT_ROLE_LABEL_KEYS } from '../../../../../shared/domain/routing';
import { canTransition, isOpen } from '../../../../../shared/domain/status';
import { localeForPath } from '../../../../../shared/i18n/core';
import type { Lang } from '../../../app/paths';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import type { ContractDetails, ContractRecipient } from '../api/contracts-api';
import { remindNow } from '../api/routing-api';
import { RecipientBadges } from './recipient-badges';
import { ChangeContactDialog, ExpiryDialog, VoidDialog } from './flow-dialogs';

type Dialog = null | 'void' | 'expiry' | { contact: ContractRecipient };
type Notice = { tone: 'success' | 'warning'; text: string } | null;

export function FlowPanel({
  details,
  lang,
  onChanged,
}: {
  details: ContractDetails;
  lang: Lang;
  /** Reads the details again after an action. */
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const locale = localeForPath(lang);
  const date = (value: string | null) =>
    value ? formatDateTime(value, locale) : t('routingOwner.flow.never');
  const [dialog, setDialogState] = useState<Dialog>(null);
  const [notice, setNotice] = useState<Notice>(null);
  // A new action starts without the last one's result.
  const setDialog = (next: Dialog) => {
    if (next !== null) setNotice(null);
    setDialogState(next);
  };
  const [busy, setBusy] = useState<number | null>(null);
  const { flow, status } = details;
  const open = isOpen(status);
  const sequential = flow.order === 'sequential';
  const names = new Map(details.recipients.map((r) => [r.index, r.name]));
  const turn = details.recipients.filter((r) => r.turn).map((r) => r.name);

  const done = async (text: string) => {
    setDialog(null);
    setNotice({ tone: 'success', text });
    await onChanged();
  };

  const remind = async (r: ContractRecipient) => {
    setBusy(r.index);
    setNotice(null);
    try {
      await remindNow(details.docuId, r.index, lang);
      setNotice({ tone: 'success', text: t('routingOwner.actions.reminded', { name: r.name }) });
      await onChanged();
    } catch (err) {
      setNotice({ tone: 'warning', text: errorMessage(t, err) });
    } finally {
      setBusy(null);
    }
  };

  const canVoid = canTransition(status, 'Voided', details.kind);
  const canSetExpiry = open || status === 'Expired';
  const expiryLabel =
    status === 'Expired'
      ? 'routingOwner.actions.extend'
      : flow.expiresAt
        ? 'routingOwner.actions.changeExpiry'
        : 'routingOwner.actions.setExpiry';

  return (
    <div className="flow-panel" data-testid="flow-panel">
      <dl className="info-list">
        <dt>{t('routingOwner.flow.order')}</dt>
        <dd data-testid="flow-order">
          {sequential
            ? t('routingOwner.flow.sequential', { groups: flow.groups })
            : t('routingOwner.flow.parallel')}
        </dd>
        <dt>{t('routingOwner.flow.turn')}</dt>
        <dd data-testid="flow-turn">
          {flow.currentGroup === null || turn.length === 0
            ? t('routingOwner.flow.noTurn')
            : sequential
              ? t('routingOwner.flow.turnOf', { group: flow.currentGroup, names: turn.join(', ') })
              : turn.join(', ')}
        </dd>
        <dt>{t('routingOwner.flow.reminders')}</dt>
        <dd>
          {flow.reminders
            ? t('routingOwner.flow.remindersPlan', {
                first: flow.reminders.firstAfterDays,
                every: flow.reminders.everyDays,
                max: flow.reminders.max,
              })
            : t('routingOwner.flow.remindersOff')}
        </dd>
        <dt>{t(status === 'Expired' ? 'routingOwner.flow.expiredAt' : 'routingOwner.flow.expiresAt')}</dt>
        <dd data-testid="flow-expiry">
          {status === 'Expired' && flow.expiredAt
            ? formatDateTime(flow.expiredAt, locale)
            : flow.expiresAt
              ? formatDateTime(flow.expiresAt, locale)
              : t('routingOwner.flow.noExpiry')}
        </dd>
        <dt>{t('routingOwner.flow.delegation')}</dt>
        <dd>
          {t(
            flow.allowDelegation
              ? 'routingOwner.flow.delegationAllowed'
              : 'routingOwner.flow.delegationNotAllowed',
          )}
        </dd>
        {flow.voidReason !== null && (
          <>
            <dt>{t('routingOwner.flow.voidReason')}</dt>
            <dd data-testid="flow-void-reason">{flow.voidReason}</dd>
          </>
        )}
      </dl>

      <h5>{t('routingOwner.flow.contractors')}</h5>
      <ol className="flow-contractors">
        {details.recipients.map((r) => (
          <li key={r.index} data-testid={`flow-${r.index}`}>
            <p className="flow-who">
              <strong>{r.name}</strong>{' '}
              <span className="badge badge-neutral" data-testid="flow-role">
                {t(RECIPIENT_ROLE_LABEL_KEYS[r.role])}
              </span>
              {sequential && r.role !== 'viewer' && (
                <span className="badge badge-neutral" data-testid="flow-group">
                  {t('routingOwner.list.group', { group: r.group })}
                </span>
              )}{' '}
              <RecipientBadges recipient={r} kind={details.kind} status={status} />
              {r.turn && (
                <span className="badge badge-turn" data-testid="flow-their-turn">
                  {t('routingOwner.flow.yourTurn')}
                </span>
              )}
              {open && !r.turn && r.role !== 'viewer' && r.agreement === 0 && !r.isOwner && (
                <span className="muted"> {t('routingOwner.flow.waiting')}</span>
              )}
            </p>
            <p className="muted" data-testid="flow-reminders">
              {t('routingOwner.flow.remindersSent')}: {r.remindersSent}
              {' · '}
              {t('routingOwner.flow.lastRemindedAt')}: {date(r.lastRemindedAt)}
            </p>
            {r.delegatedFrom && (
              <p className="muted" data-testid="flow-delegated">
                {t('routingOwner.flow.forwardedBy', {
                  name: r.delegatedFrom.name,
                  contact: r.delegatedFrom.contactMasked,
                  date: formatDateTime(r.delegatedFrom.at, locale),
                  reason: r.delegatedFrom.reason,
                })}
              </p>
            )}
            {details.role === 'owner' && (
              <div className="flow-actions">
                {r.turn && (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    disabled={busy !== null}
                    aria-label={`${t('routingOwner.actions.remind')}: ${r.name}`}
                    onClick={() => void remind(r)}
                  >
                    {t('routingOwner.actions.remind')}
                  </button>
                )}
                {open && !r.isOwner && r.agreement === 0 && (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={`${t('routingOwner.actions.changeContact')}: ${r.name}`}
                    onClick={() => setDialog({ contact: r })}
                  >
                    {t('routingOwner.actions.changeContact')}
                  </button>
                )}
              </div>
            )}
          </li>
        ))}
      </ol>

      <h5>{t('routingOwner.flow.scheduled')}</h5>
      {flow.scheduled.length === 0 ? (
        <p className="muted" data-testid="flow-scheduled-none">
          {t('routingOwner.flow.nothingScheduled')}
        </p>
      ) : (
        <ol className="timeline" data-testid="flow-scheduled">
          {flow.scheduled.map((s, i) => (
            <li key={`${s.kind}-${s.index ?? 'doc'}-${i}`}>
              <time dateTime={s.at}>{formatDateTime(s.at, locale)}</time>{' '}
              {s.kind === 'expiry'
                ? t('routingOwner.flow.scheduledExpiry')
                : t('routingOwner.flow.scheduledReminder', {
                    name: s.name ?? (s.index === null ? '' : (names.get(s.index) ?? '')),
                  })}
            </li>
          ))}
        </ol>
      )}

      {details.role === 'owner' && (canSetExpiry || canVoid) && (
        <div className="flow-actions">
          {canSetExpiry && (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => setDialog('expiry')}
            >
              {t(expiryLabel)}
            </button>
          )}
          {canVoid && (
            <button
              type="button"
              className="button button-danger button-small"
              onClick={() => setDialog('void')}
            >
              {t('routingOwner.actions.void')}
            </button>
          )}
        </div>
      )}
      {notice && (
        <p
          className={`notice notice-${notice.tone} contract-notice`}
          role={notice.tone === 'success' ? 'status' : 'alert'}
          data-testid="flow-notice"
        >
          {notice.text}
        </p>
      )}

      {dialog === 'void' && (
        <VoidDialog
          docuId={details.docuId}
          lang={lang}
          onCancel={() => setDialog(null)}
          onDone={() => void done(t('routingOwner.actions.voided'))}
        />
      )}
      {dialog === 'expiry' && (
        <ExpiryDialog
          docuId={details.docuId}
          expiresAt={flow.expiresAt}
          extend={status === 'Expired'}
          lang={lang}
          onCancel={() => setDialog(null)}
          onDone={({ date: when }) => void done(t('routingOwner.actions.expirySaved', { date: when }))}
        />
      )}
      {dialog !== null && typeof dialog === 'object' && (
        <ChangeContactDialog
          docuId={details.docuId}
          index={dialog.contact.index}
          name={dialog.contact.name}
          contact={dialog.contact.contact ?? ''}
          lang={lang}
          onCancel={() => setDialog(null)}
          onDone={({ name, requestSent }) =>
            void done(
              t(
                requestSent
                  ? 'routingOwner.actions.contactChangedSent'
                  : 'routingOwner.actions.contactChanged',
                {
                  name,
                },
              ),
            )
          }
        />
      )}
    </div>
  );
}
