// One contract in the list (spec doc 1 §2 Contract list, §4 Document status, Recipient badges,
// Continue button): status and overall label, time since the last history entry, the contractors'
// badges with the deny-reason link, and the actions download, mail (completed only), delete, Show
// Document, Continue (Beta), More info and Details. A Generating card re-checks its status every 5 s
// and refreshes the list once it changes. A video contract shows the still of the owner's video
// (issue #16), lazily loaded at a fixed size, so the list does not move when it arrives.
// Issue #28: Expired and Voided labels, each contractor's role when not a signer (and group when the
// contract goes in order), the expiry date; after an action of the Flow panel the card shows the
// details read again (status, contractors) until the list itself is read again.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GENERATING_POLL_INTERVAL_MS } from '../../../../../shared/domain/constants';
import {
  DOCUMENT_LIST_LABEL_KEYS,
  DOCUMENT_STATUS_LABEL_KEYS,
  documentListLabel,
  isDraft,
  type DocumentListLabel,
} from '../../../../../shared/domain/status';
import { localeForPath } from '../../../../../shared/i18n/core';
import { paths, type Lang } from '../../../app/paths';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { pushFlash } from '../../../lib/flash';
import { formatDateTime, formatElapsed } from '../../../lib/format';
import {
  contractorSignerPath,
  deleteDocument,
  getContractDetails,
  getContractStatus,
  getDownload,
  mailDocument,
  type ContractCard as Card,
  type ContractDetails,
} from '../api/contracts-api';
import { continueAction } from '../continue';
import { DetailPanels, DocumentInfo, ProgressStatus } from './details';
import { RecipientBadges, RoleTags } from './recipient-badges';
import { ConfirmDialog } from '../../../components/modal';
import { Modal } from './modal';
import { TokenLine } from './token-line';

type Notice = { tone: 'success' | 'warning'; text: string } | null;
type Popup = null | 'mail' | 'delete' | 'moreInfo' | { denyReason: { name: string; reason: string } };

interface ContractCardProps {
  card: Card;
  lang: Lang;
  now: Date;
  /** The list should be loaded again (a status changed, a document was deleted). */
  onChanged: () => void;
}

/** The list label's colour: a contract that ended without completing stands out. */
const LABEL_TONES: Partial<Record<DocumentListLabel, string>> = {
  expired: 'badge-warning',
  voided: 'badge-danger',
};

export function ContractCard({ card: listed, lang, now, onChanged }: ContractCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = localeForPath(lang);
  const [popup, setPopup] = useState<Popup>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [details, setDetails] = useState<ContractDetails | null>(null);
  const [showDetails, setShowDetails] = useState(false);
  const [email, setEmail] = useState('');
  const [mailError, setMailError] = useState<string | null>(null);
  const [moreInfoTab, setMoreInfoTab] = useState<'documentInfo' | 'progressStatus'>('documentInfo');
  // The details read again after an owner's action (a void, an extension…) are newer than the list's
  // card, until the list is read again.
  const [fresh, setFresh] = useState<{ of: Card; details: ContractDetails } | null>(null);
  const card: Card = fresh?.of === listed ? fresh.details : listed;
  const sequential = card.recipients.some((r) => r.group > 1);

  const me = card.recipients.find((r) => r.me);
  const action = continueAction(card);
  // An owner who is no contractor confirms the videos too (issue #29: their label says so).
  const ownerConfirm =
    !me && card.status === 'NeedVConfirm' && card.viewerVideoConfirm !== null
      ? { agreement: 1 as const, videoConfirmation: card.viewerVideoConfirm }
      : undefined;
  const listLabel = documentListLabel(card.status, me ?? ownerConfirm);
  const title = card.title || t('contracts.untitled');
  const owner = card.role === 'owner';

  // While the final document is generated, the card re-checks the status every 5 s.
  useEffect(() => {
    if (card.status !== 'Generating') return;
    const controller = new AbortController();
    const timer = window.setInterval(() => {
      getContractStatus(card.docuId, controller.signal).then(
        (status) => {
          if (status !== card.status) onChanged();
        },
        () => undefined,
      );
    }, GENERATING_POLL_INTERVAL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [card.docuId, card.status, onChanged]);

  const loadDetails = async (): Promise<ContractDetails | null> => {
    try {
      const loaded = await getContractDetails(card.docuId);
      setDetails(loaded);
      return loaded;
    } catch (err) {
      setNotice({ tone: 'warning', text: errorMessage(t, err) });
      return null;
    }
  };

  /** Runs one of the card's actions with its buttons disabled; a failure goes to `onError`. */
  const whileBusy = async (work: () => Promise<void>, onError: (err: unknown) => void) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  const download = () => {
    setNotice(null);
    return whileBusy(
      async () => {
        const file = await getDownload(card.docuId);
        const a = document.createElement('a');
        a.href = file.url;
        a.download = file.fileName;
        a.rel = 'noopener';
        document.body.append(a);
        a.click();
        a.remove();
      },
      (err) =>
        setNotice({ tone: 'warning', text: `${t('documents.errors.preparePdf')} ${errorMessage(t, err)}` }),
    );
  };

  const sendMail = () => {
    setMailError(null);
    return whileBusy(
      async () => {
        await mailDocument(card.docuId, email.trim(), lang);
        setPopup(null);
        setNotice({ tone: 'success', text: t('documents.email.sent') });
      },
      (err) => {
        if (err instanceof ApiError && err.status === 400) return setMailError(errorMessage(t, err));
        setPopup(null);
        setNotice({ tone: 'warning', text: `${t('documents.email.failed')} ${errorMessage(t, err)}` });
      },
    );
  };

  const remove = () =>
    whileBusy(
      async () => {
        await deleteDocument(card.docuId);
        setPopup(null);
        pushFlash({ kind: 'contractDeleted', tone: 'success', messageKey: 'documents.delete.done' });
        onChanged();
      },
      (err) => {
        setPopup(null);
        setNotice({ tone: 'warning', text: `${t('documents.delete.failed')} ${errorMessage(t, err)}` });
      },
    );

  const onContinue = async () => {
    setNotice(null);
    if (action.kind === 'funnel') {
      void navigate(
        paths.homeMake.getHref(lang, { evsign: action.evsign, func: action.func, docuId: card.docuId }),
      );
    } else if (action.kind === 'signer' || action.kind === 'videoConfirm') {
      await whileBusy(
        async () => void navigate(await contractorSignerPath(card.docuId, lang)),
        (err) => setNotice({ tone: 'warning', text: errorMessage(t, err) }),
      );
    } else if (action.kind === 'notReady') {
      setNotice({
        tone: 'warning',
        text: t('documents.notReady', { status: t(DOCUMENT_STATUS_LABEL_KEYS[card.status]) }),
      });
    }
  };

  const toggleDetails = async () => {
    if (!showDetails && !details && !(await loadDetails())) return;
    setShowDetails((v) => !v);
  };

  const reloadAfterAction = async () => {
    const loaded = await loadDetails();
    if (loaded) setFresh({ of: listed, details: loaded });
  };

  const openMoreInfo = async () => {
    if (details || (await loadDetails())) setPopup('moreInfo');
  };

  return (
    <li
      className="contract-card"
      data-testid={`contract-${card.docuId}`}
      aria-labelledby={`title-${card.docuId}`}
    >
      <div className="contract-card-head">
        {card.thumbnailUrl && (
          <img
            className="contract-thumbnail"
            src={card.thumbnailUrl}
            alt={t('contracts.thumbnail', { title })}
            width={96}
            height={72}
            loading="lazy"
            decoding="async"
            data-testid="contract-thumbnail"
          />
        )}
        <h3 id={`title-${card.docuId}`}>{title}</h3>
        {isDraft(card.status) ? (
          <span className="badge badge-neutral" data-testid="draft-label">
            {t('contracts.badges.draft')}
          </span>
        ) : (
          <span className={`badge ${LABEL_TONES[listLabel] ?? 'badge-neutral'}`} data-testid="list-label">
            {t(DOCUMENT_LIST_LABEL_KEYS[listLabel])}
          </span>
        )}
      </div>
      <p className="contract-meta">
        <span className="contract-status" data-testid="status-label">
          {t(DOCUMENT_STATUS_LABEL_KEYS[card.status])}
        </span>
        <span>{t('contracts.contractNumber', { number: card.id4.toUpperCase() })}</span>
        <span>
          {t('contracts.lastActivity', { elapsed: formatElapsed(card.lastActivityAt, locale, now) })}
        </span>
        <span>{owner ? t('contracts.roles.owner') : t('contracts.roles.contractor')}</span>
        {card.expiresAt && (card.status === 'Agree' || card.status === 'NeedVConfirm') && (
          <span data-testid="expires-at">
            {t('routingOwner.list.expiresAt', { date: formatDateTime(card.expiresAt, locale) })}
          </span>
        )}
      </p>
      {card.status === 'Generating' && <p className="muted">{t('contracts.generating')}</p>}
      {owner && card.token ? <TokenLine docuId={card.docuId} token={card.token} lang={lang} /> : null}
      {card.recipients.length > 0 && (
        <ul className="recipient-badges" aria-label={t('contracts.panels.progressStatus')}>
          {card.recipients.map((r) => (
            <li key={r.index} data-testid={`recipient-${r.index}`}>
              <span>{r.name}</span>
              <RoleTags recipient={r} sequential={sequential} />
              <RecipientBadges recipient={r} kind={card.kind} status={card.status} />
              {r.denyReason && (
                <button
                  type="button"
                  className="button-link"
                  onClick={() => setPopup({ denyReason: { name: r.name, reason: r.denyReason ?? '' } })}
                >
                  {t('contracts.actions.denyReason')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="contract-actions">
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={busy}
          onClick={() => void download()}
        >
          {t('contracts.actions.download')}
        </button>
        {owner && card.status === 'Completed' && (
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={busy}
            onClick={() => {
              setMailError(null);
              setPopup('mail');
            }}
          >
            {t('contracts.actions.mail')}
          </button>
        )}
        {owner && (
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={busy}
            onClick={() => setPopup('delete')}
          >
            {t('contracts.actions.delete')}
          </button>
        )}
        <Link
          className="button button-secondary button-small"
          to={paths.homeShowDocu.getHref(lang, card.docuId)}
        >
          {t('contracts.actions.show')}
        </Link>
        {action.kind !== 'hidden' && (
          <button
            type="button"
            className="button button-primary button-small"
            disabled={busy || action.kind === 'disabled'}
            onClick={() => void onContinue()}
          >
            {t('contracts.actions.continue')}
          </button>
        )}
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={busy}
          onClick={() => void openMoreInfo()}
        >
          {t('contracts.actions.moreInfo')}
        </button>
        <button
          type="button"
          className="button-link"
          aria-expanded={showDetails}
          onClick={() => void toggleDetails()}
        >
          {showDetails ? t('contracts.actions.hideDetails') : t('contracts.actions.details')}
        </button>
      </div>
      {notice && (
        <p
          className={`notice notice-${notice.tone} contract-notice`}
          role={notice.tone === 'success' ? 'status' : 'alert'}
          data-testid="card-notice"
        >
          {notice.text}
        </p>
      )}
      {showDetails && details && <DetailPanels details={details} lang={lang} onChanged={reloadAfterAction} />}

      {popup === 'mail' && (
        <Modal title={t('contracts.mail.title')} onCancel={() => setPopup(null)} testId="mail-dialog">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void sendMail();
            }}
          >
            <div className="field">
              <label htmlFor={`mail-${card.docuId}`}>{t('contracts.mail.label')}</label>
              <input
                id={`mail-${card.docuId}`}
                type="email"
                required
                autoComplete="email"
                value={email}
                aria-invalid={mailError ? true : undefined}
                onChange={(event) => setEmail(event.target.value)}
              />
              {mailError && (
                <p className="field-error" role="alert">
                  {mailError}
                </p>
              )}
            </div>
            <div className="dialog-actions">
              <button type="button" className="button button-secondary" onClick={() => setPopup(null)}>
                {t('common.cancel')}
              </button>
              <button type="submit" className="button button-primary" disabled={busy}>
                {t('contracts.actions.send')}
              </button>
            </div>
          </form>
        </Modal>
      )}
      {popup === 'delete' && (
        <ConfirmDialog
          title={t('contracts.actions.delete')}
          text={t('documents.delete.confirm')}
          confirmLabel={t('contracts.actions.delete')}
          cancelLabel={t('common.cancel')}
          onCancel={() => setPopup(null)}
          onConfirm={() => void remove()}
          busy={busy}
          className="contracts-dialog"
          testId="delete-dialog"
        />
      )}
      {popup === 'moreInfo' && details && (
        <Modal title={t('contracts.moreInfo.title')} onCancel={() => setPopup(null)} testId="more-info" wide>
          <div className="tabs">
            <div role="tablist" aria-label={t('contracts.moreInfo.title')}>
              {(['documentInfo', 'progressStatus'] as const).map((tab) => (
                <button
                  key={tab}
                  type="button"
                  role="tab"
                  aria-selected={moreInfoTab === tab}
                  onClick={() => setMoreInfoTab(tab)}
                >
                  {t(`contracts.panels.${tab}`)}
                </button>
              ))}
            </div>
          </div>
          <div role="tabpanel">
            {moreInfoTab === 'documentInfo' ? (
              <DocumentInfo details={details} lang={lang} />
            ) : (
              <ProgressStatus details={details} lang={lang} />
            )}
          </div>
          <div className="dialog-actions">
            <button type="button" className="button button-primary" onClick={() => setPopup(null)}>
              {t('common.close')}
            </button>
          </div>
        </Modal>
      )}
      {popup !== null && typeof popup === 'object' && (
        <Modal title={t('contracts.denyReason.title')} onCancel={() => setPopup(null)} testId="deny-reason">
          <p className="muted">{t('contracts.denyReason.by', { name: popup.denyReason.name })}</p>
          <p>{popup.denyReason.reason}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-primary" onClick={() => setPopup(null)}>
              {t('common.close')}
            </button>
          </div>
        </Modal>
      )}
    </li>
  );
}
