// The detail panels of a contract (spec doc 1 §2, Contract list): Contract Info, Document Info,
// Progress Status (per-contractor labels, deny reasons, the owner's Resend), Activity, Signature
// Requester Info and Contractor Info. More info shows two of them in a modal with tabs. The owner of a
// contract with a PDF (not a video contract) may save it as a template from here (issue #27 item 3).
// A sent contract's owner also sees its Flow (issue #28: order, turn, reminders, expiry, and the
// owner's Remind now, Change contact, Void and expiry actions). Its owner also has the contract's
// comment thread when the plan includes it (issue #29 item 3).
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_STATUS_LABEL_KEYS, isDraft } from '../../../../../shared/domain/status';
import { localeForPath, ordinal } from '../../../../../shared/i18n/core';
import type { Lang } from '../../../app/paths';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { SaveTemplateButton } from '../../templates/components/save-template';
import { historyAction } from './history-text';
import { FlowPanel } from './flow-panel';
import { CommentsPanel } from '../../comments/panels';
import { RecipientBadges, RoleTags } from './recipient-badges';
import {
  getContractVideo,
  resendRequest,
  type ContractDetails,
  type ContractRecipient,
} from '../api/contracts-api';

export { RecipientBadges };

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

function useDate(lang: Lang) {
  const { t } = useTranslation();
  const locale = localeForPath(lang);
  return (value: string | null | undefined) =>
    value ? formatDateTime(value, locale) : t('contracts.fields.notSet');
}

/** Bytes as the panels say them ('12,345 bytes'), or 'Not set'. */
function useSize(lang: Lang) {
  const { t } = useTranslation();
  const locale = localeForPath(lang);
  return (bytes: number | null) =>
    bytes === null
      ? t('contracts.fields.notSet')
      : t('contracts.fields.sizeBytes', { bytes: formatNumber(bytes, locale) });
}

/**
 * A video contract has no uploaded original (issue #34 item 4): its document is the contract record
 * PDF sealed once every party agreed (its name, pages, size and SHA-256), and its terms are the
 * parties' videos (who, when, how long, size, SHA-256).
 */
function VideoContractInfo({ details, lang }: { details: ContractDetails; lang: Lang }) {
  const { t } = useTranslation();
  const date = useDate(lang);
  const size = useSize(lang);
  const locale = localeForPath(lang);
  const r = details.record;
  const names = new Map(details.recipients.map((p) => [p.index, p.name]));
  return (
    <>
      {r ? (
        <Info
          rows={[
            [t('contracts.fields.recordFileName'), <span data-testid="record-file-name">{r.fileName}</span>],
            [
              t('contracts.fields.pages'),
              r.pageCount === null ? t('contracts.fields.notSet') : formatNumber(r.pageCount, locale),
            ],
            [t('contracts.fields.size'), size(r.sizeBytes)],
            [
              t('contracts.fields.recordSha256'),
              <span className="mono" data-testid="record-sha256">
                {r.sha256}
              </span>,
            ],
            [t('contracts.fields.sealedAt'), date(r.completedAt)],
          ]}
        />
      ) : (
        <p className="muted" data-testid="record-pending">
          {t('contracts.fields.recordPending')}
        </p>
      )}
      <h5>{t('contracts.video.listTitle')}</h5>
      {details.videos.length === 0 ? (
        <p className="muted">{t('contracts.video.none')}</p>
      ) : (
        <ul className="video-facts">
          {details.videos.map((v) => (
            <li key={v.index} data-testid={`video-facts-${v.index}`}>
              <Info
                rows={[
                  [t('contracts.video.party'), names.get(v.index) ?? v.name],
                  [t('contracts.video.recordedAt'), date(v.recordedAt)],
                  [
                    t('contracts.video.duration'),
                    v.durationSeconds === null
                      ? t('contracts.fields.notSet')
                      : t('contracts.video.seconds', {
                          seconds: formatNumber(Math.round(v.durationSeconds), locale),
                        }),
                  ],
                  [t('contracts.fields.size'), size(v.sizeBytes)],
                  [t('contracts.video.sha256'), <span className="mono">{v.sha256}</span>],
                ]}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const AGREED_LANG_KEYS = { en: 'language.en', jp: 'language.ja', ko: 'language.ko' } as const;

export function DocumentInfo({ details, lang }: { details: ContractDetails; lang: Lang }) {
  const { t } = useTranslation();
  const date = useDate(lang);
  const locale = localeForPath(lang);
  const d = details.document;
  if (details.kind === 'vcontract') return <VideoContractInfo details={details} lang={lang} />;
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

type VideoFacts = ContractDetails['videos'][number];

/** A contractor's agreement video in the owner's details: when and how long, its size, and Play, which
 *  asks for a short-lived URL (never a public object) and plays it with the thumbnail as its poster. */
function RecipientVideo({ docuId, video, lang }: { docuId: string; video: VideoFacts; lang: Lang }) {
  const { t } = useTranslation();
  const date = useDate(lang);
  const locale = localeForPath(lang);
  const [urls, setUrls] = useState<{ url: string; poster: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const play = async () => {
    setBusy(true);
    setError(null);
    try {
      const got = await getContractVideo(docuId, video.index);
      setUrls({ url: got.url, poster: got.thumbnailUrl });
    } catch (err) {
      setError(t('contracts.video.loadFailed', { errmsg: errorMessage(t, err) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="recipient-video" data-testid={`video-${video.index}`}>
      <span className="muted">
        {t('contracts.video.recordedAt')}: {date(video.recordedAt)}
        {video.durationSeconds !== null && (
          <>
            {' · '}
            {t('contracts.video.duration')}:{' '}
            {t('contracts.video.seconds', {
              seconds: formatNumber(Math.round(video.durationSeconds), locale),
            })}
          </>
        )}
        {' · '}
        {t('contracts.fields.size')}:{' '}
        {t('contracts.fields.sizeBytes', { bytes: formatNumber(video.sizeBytes, locale) })}
      </span>{' '}
      {urls ? (
        <video
          className="recipient-video-player"
          aria-label={t('contracts.video.title')}
          controls
          autoPlay
          playsInline
          src={urls.url}
          poster={urls.poster ?? undefined}
          data-testid={`video-player-${video.index}`}
        />
      ) : (
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={busy}
          onClick={() => void play()}
        >
          {t('contracts.video.play')}
        </button>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
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
  const owner = details.role === 'owner';
  // Resend: the signing request while it is signed, the video confirmation link while videos wait.
  // Issue #28: a request is resent only once it was sent (their turn came; viewers have theirs).
  const resendable = (r: ContractRecipient) =>
    owner &&
    !r.isOwner &&
    ((details.status === 'Agree' && r.agreement === 0 && (r.turn || r.role === 'viewer')) ||
      (details.status === 'NeedVConfirm' && r.videoConfirmation === 0));

  const resendLabel =
    details.status === 'NeedVConfirm' ? 'contracts.video.resend' : 'contracts.actions.resend';

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
            <RoleTags recipient={r} sequential={details.flow.order === 'sequential'} />
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
            {owner &&
              details.videos
                .filter((v) => v.index === r.index)
                .map((v) => <RecipientVideo key={v.index} docuId={details.docuId} video={v} lang={lang} />)}
            {resendable(r) && (
              <>
                {' '}
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={busy !== null}
                  onClick={() => void resend(r)}
                  aria-label={`${t(resendLabel)}: ${r.name}`}
                >
                  {t(resendLabel)}
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

export function DetailPanels({
  details,
  lang,
  onChanged,
}: {
  details: ContractDetails;
  lang: Lang;
  /** Reads the details again (after an action of the Flow panel). */
  onChanged?: () => Promise<unknown>;
}) {
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
        {details.role === 'owner' && details.kind !== 'vcontract' && details.document.sha256 ? (
          <SaveTemplateButton
            doc={{
              docuId: details.docuId,
              title: details.title,
              originalFileName: details.document.originalFileName,
              recipients: details.recipients,
            }}
          />
        ) : null}
      </section>
      <section aria-label={t('contracts.panels.progressStatus')}>
        <h4>{t('contracts.panels.progressStatus')}</h4>
        <ProgressStatus details={details} lang={lang} />
      </section>
      {details.role === 'owner' && !isDraft(details.status) && (
        <section className="flow-section" aria-label={t('routingOwner.flow.title')}>
          <h4>{t('routingOwner.flow.title')}</h4>
          <FlowPanel details={details} lang={lang} onChanged={onChanged ?? (() => Promise.resolve())} />
        </section>
      )}
      {details.role === 'owner' && <CommentsPanel docuId={details.docuId} lang={lang} />}
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
                // Issue #29: the language the contractor agreed in (recorded with the agreement).
                ...(r.agreedLang
                  ? [
                      [t('signerStates.details.agreedLang'), t(AGREED_LANG_KEYS[r.agreedLang])] as [
                        string,
                        string,
                      ],
                    ]
                  : []),
              ]}
            />
          </div>
        ))}
      </section>
    </div>
  );
}
