// The detail panels of a contract (spec doc 1 §2, Contract list): Contract Info, Document Info,
// Progress Status (per-contractor labels, deny reasons, the owner's Resend), Activity, Signature
// Requester Info and Contractor Info. More info shows two of them in a modal with tabs.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_STATUS_LABEL_KEYS,
  isDraft,
  RECIPIENT_LABEL_KEYS,
  recipientLabels,
} from '../../../../../shared/domain/status';
import { localeForPath, ordinal } from '../../../../../shared/i18n/core';
import type { Lang } from '../../../app/paths';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { historyAction } from './history-text';
import { resendRequest, type ContractDetails, type ContractRecipient } from '../api/contracts-api';

function Info({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="info-list">
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RecipientBadges({
  recipient,
  kind,
  status,
}: {
  recipient: Pick<ContractRecipient, 'agreement'>;
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
  return (
    <>
      {recipientLabels({ agreement: recipient.agreement, videoConfirmation: 0, video: undefined }, kind).map(
        (label) => (
          <span
            key={label}
            className={`badge ${/Completed|Ok$/i.test(label) ? 'badge-success' : 'badge-danger'}`}
            data-testid={`badge-${label}`}
          >
            {t(RECIPIENT_LABEL_KEYS[label])}
          </span>
        ),
      )}
    </>
  );
}

function useDate(lang: Lang) {
  const { t } = useTranslation();
  const locale = localeForPath(lang);
  return (value: string | null | undefined) =>
    value ? formatDateTime(value, locale) : t('contracts.fields.notSet');
}

export function DocumentInfo({ details, lang }: { details: ContractDetails; lang: Lang }) {
  const { t } = useTranslation();
  const date = useDate(lang);
  const locale = localeForPath(lang);
  const d = details.document;
  return (
    <Info
      rows={[
        [t('contracts.fields.fileName'), d.originalFileName ?? t('contracts.fields.notSet')],
        [t('contracts.fields.pages'), formatNumber(d.pageCount, locale)],
        [
          t('contracts.fields.size'),
          d.sizeBytes === null
            ? t('contracts.fields.notSet')
            : t('contracts.fields.sizeBytes', { bytes: formatNumber(d.sizeBytes, locale) }),
        ],
        [
          t('contracts.fields.sha256'),
          <span className="mono">{d.sha256 ?? t('contracts.fields.notSet')}</span>,
        ],
        [t('contracts.fields.uploadedAt'), date(d.uploadedAt)],
      ]}
    />
  );
}

export function ProgressStatus({
  details,
  lang,
  onResent,
}: {
  details: ContractDetails;
  lang: Lang;
  onResent?: () => void;
}) {
  const { t } = useTranslation();
  const date = useDate(lang);
  const locale = localeForPath(lang);
  const [message, setMessage] = useState<{ tone: 'success' | 'warning'; text: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const canResend = details.role === 'owner' && details.status === 'Agree';

  const resend = async (r: ContractRecipient) => {
    setBusy(r.index);
    setMessage(null);
    try {
      await resendRequest(details.docuId, r.index);
      setMessage({ tone: 'success', text: t('contracts.resend.done', { name: r.name }) });
      onResent?.();
    } catch (err) {
      setMessage({ tone: 'warning', text: t('contracts.resend.failed', { errmsg: errorMessage(t, err) }) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <ol className="progress-list">
        {details.recipients.map((r) => (
          <li key={r.index} data-testid={`progress-${r.index}`}>
            <strong>
              {ordinal(r.index + 1, locale)} {r.name}
            </strong>{' '}
            <RecipientBadges recipient={r} kind={details.kind} status={details.status} />
            {r.decidedAt && (
              <span className="muted">
                {' '}
                {t('contracts.fields.decidedAt')}: {date(r.decidedAt)}
              </span>
            )}
            {r.denyReason && (
              <p className="muted">
                {t('contracts.denyReason.title')}: {r.denyReason}
              </p>
            )}
            {canResend && !r.isOwner && r.agreement === 0 && (
              <>
                {' '}
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={busy !== null}
                  onClick={() => void resend(r)}
                  aria-label={`${t('contracts.actions.resend')}: ${r.name}`}
                >
                  {t('contracts.actions.resend')}
                </button>
              </>
            )}
          </li>
        ))}
      </ol>
      {message && (
        <p
          className={`notice notice-${message.tone} contract-notice`}
          role={message.tone === 'success' ? 'status' : 'alert'}
          data-testid="resend-result"
        >
          {message.text}
        </p>
      )}
    </>
  );
}

export function DetailPanels({ details, lang }: { details: ContractDetails; lang: Lang }) {
  const { t } = useTranslation();
  const date = useDate(lang);
  const title = details.title || t('contracts.untitled');
  return (
    <div className="contract-details" data-testid={`details-${details.docuId}`}>
      <section aria-label={t('contracts.panels.contractInfo')}>
        <h4>{t('contracts.panels.contractInfo')}</h4>
        <Info
          rows={[
            [t('contracts.fields.title'), title],
            [t('contracts.fields.number'), details.id4.toUpperCase()],
            [t('contracts.fields.status'), t(DOCUMENT_STATUS_LABEL_KEYS[details.status])],
            [t('contracts.fields.createdAt'), date(details.createdAt)],
            [t('contracts.fields.sentAt'), date(details.sentAt)],
          ]}
        />
      </section>
      <section aria-label={t('contracts.panels.documentInfo')}>
        <h4>{t('contracts.panels.documentInfo')}</h4>
        <DocumentInfo details={details} lang={lang} />
      </section>
      <section aria-label={t('contracts.panels.progressStatus')}>
        <h4>{t('contracts.panels.progressStatus')}</h4>
        <ProgressStatus details={details} lang={lang} />
      </section>
      <section aria-label={t('contracts.panels.activity')}>
        <h4>{t('contracts.panels.activity')}</h4>
        <ol className="timeline">
          {details.history.map((h, i) => (
            <li key={`${h.time}-${i}`}>
              <time dateTime={h.time}>{date(h.time)}</time>
              {t('contracts.activity.entry', {
                actor: h.actorName || h.actorContactMasked,
                action: historyAction(t, h),
              })}
            </li>
          ))}
        </ol>
      </section>
      <section aria-label={t('contracts.panels.requesterInfo')}>
        <h4>{t('contracts.panels.requesterInfo')}</h4>
        <Info
          rows={[
            [t('contracts.fields.name'), details.requester.name],
            [t('contracts.fields.email'), details.requester.email],
            [t('contracts.fields.mobile'), details.requester.phone ?? t('contracts.fields.notSet')],
          ]}
        />
      </section>
      <section aria-label={t('contracts.panels.contractorInfo')}>
        <h4>{t('contracts.panels.contractorInfo')}</h4>
        {details.recipients.map((r) => (
          <div key={r.index} className="contractor-info">
            <Info
              rows={[
                [t('contracts.fields.name'), r.name],
                [t('contracts.fields.contact'), r.contact ?? r.contactMasked],
                [
                  t('contracts.fields.mobile'),
                  r.method === 'phone' ? (r.contact ?? r.contactMasked) : t('contracts.fields.notSet'),
                ],
              ]}
            />
          </div>
        ))}
      </section>
    </div>
  );
}
