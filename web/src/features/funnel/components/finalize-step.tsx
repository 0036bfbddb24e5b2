// Finalize (agree): the contract name (saved when the field is left, if changed), the terms and
// e-sign legal-effect checkbox that enables the send button, labelled 'Completed' when there is exactly
// one contractor and 'Send Request' otherwise. After sending: 'Request Successfully Sent', then /home.
// A video contract (vcagree, issue #16) lists its contractors without the owner's own row: with none,
// the button reads 'Completed' and sending completes the contract with the owner's video alone.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { ApiError } from '../../../lib/api-client';
import { recipientColour } from '../../../../../shared/domain/constants';
import { sendDocument, updateDocument } from '../api/documents';
import { SaveTemplateButton } from '../../templates/components/save-template';
import { describeError } from '../messages';
import { ErrorText } from './error-text';
import { OwnerSignPanel, useOwnerSign } from './owner-sign';
import type { StepProps } from './step-props';
import { StepNav } from './step-nav';

const TITLE_MAX = 100;

export function FinalizeStep({ doc, lang, onSaved, onPrevious, onDone }: StepProps & { onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  // An untitled contract starts with its file's name (saved when the field is left, or at sending).
  const [title, setTitle] = useState(() => doc.title || (doc.originalFileName ?? '').replace(/\.pdf$/i, ''));
  const [agreed, setAgreed] = useState(doc.privateinfoAgree);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  /** No contract left to send on the owner's plan (402, issue #18): the message links the plans. */
  const [needsPlan, setNeedsPlan] = useState(false);
  // The owner as a contractor signs at sending: without a sign the send button waits for one.
  const ownerSign = useOwnerSign(doc);
  const ownerSignMissing = ownerSign.needed && !ownerSign.sign;
  // The owner's saves go one after the other (the name's blur save and the box's come together when
  // the box is ticked right after typing), so each answer is the latest document and none overtakes.
  const saves = useRef<Promise<unknown>>(Promise.resolve());
  function serialised<T>(save: () => Promise<T>): Promise<T> {
    const next = saves.current.then(save, save);
    saves.current = next.catch(() => undefined);
    return next;
  }

  /** Saves the name when it changed; a blank name goes back to the saved one. */
  async function saveTitle(): Promise<boolean> {
    const trimmed = title.trim();
    if (trimmed === '' || trimmed === doc.title) {
      setTitle(doc.title);
      return true;
    }
    try {
      onSaved(await serialised(() => updateDocument(doc.docuId, { title: trimmed })));
      setTitle(trimmed);
      return true;
    } catch (e) {
      setError(describeError(t, e));
      return false;
    }
  }

  async function toggleAgree(value: boolean) {
    setAgreed(value);
    setError(null);
    try {
      onSaved(await serialised(() => updateDocument(doc.docuId, { privateinfoAgree: value })));
    } catch (e) {
      setAgreed(!value);
      setError(describeError(t, e));
    }
  }

  async function send() {
    setError(null);
    setNeedsPlan(false);
    setBusy(true);
    try {
      if (!(await saveTitle())) return;
      // Not passed to onSaved: the sent document is no longer a draft, the funnel would leave at once.
      await serialised(() => sendDocument(doc.docuId, lang));
      setSent(true);
    } catch (e) {
      setNeedsPlan(e instanceof ApiError && e.status === 402);
      setError(t('documents.send.failed', { errmsg: describeError(t, e) }));
    } finally {
      setBusy(false);
    }
  }

  const videoContract = doc.kind === 'vcontract';
  const contractors = videoContract ? doc.recipients.filter((r) => !r.isOwner) : doc.recipients;
  const onlyOne = videoContract ? contractors.length === 0 : contractors.length === 1;
  return (
    <div className="funnel-step">
      <h2>{t('funnel.finalize.title')}</h2>
      <div className="field">
        <label htmlFor={`${id}-title`}>{t('funnel.finalize.contractName')}</label>
        <input
          id={`${id}-title`}
          value={title}
          maxLength={TITLE_MAX}
          onChange={(event) => setTitle(event.target.value)}
          onBlur={() => void saveTitle()}
        />
      </div>
      <h3>{t('funnel.finalize.contractorsTitle')}</h3>
      {videoContract && contractors.length === 0 && (
        <p data-testid="funnel-no-contractors">{t('funnel.finalize.noContractors')}</p>
      )}
      <ol className="funnel-summary">
        {contractors.map((r) => (
          <li key={r.index}>
            <span
              className="funnel-swatch"
              style={{ backgroundColor: recipientColour(r.index) }}
              aria-hidden="true"
            />
            {r.name} — {r.contact}
          </li>
        ))}
      </ol>
      {/* Issue #27: this contract's PDF, contractors (as roles) and fields, kept for the next one. */}
      {videoContract ? null : <SaveTemplateButton doc={doc} />}
      <OwnerSignPanel state={ownerSign} lang={lang} />
      <label className="funnel-terms">
        <input
          type="checkbox"
          checked={agreed}
          onChange={(event) => void toggleAgree(event.target.checked)}
        />
        <span>{t('funnel.finalize.terms')}</span>
      </label>
      <ErrorText message={error} />
      {needsPlan ? (
        <p>
          <Link to={paths.homeSelectPlan.getHref(lang)} data-testid="send-view-plans">
            {t('billing.viewPlans')}
          </Link>
        </p>
      ) : null}
      <StepNav
        onPrevious={onPrevious}
        onNext={() => void send()}
        nextDisabled={!agreed || sent || ownerSignMissing}
        busy={busy}
        nextLabel={
          busy
            ? t('funnel.finalize.sending')
            : onlyOne
              ? t('funnel.finalize.completed')
              : t('funnel.finalize.sendRequest')
        }
      />
      {sent && <SentDialog onClose={onDone} />}
    </div>
  );
}

/** 'Request Successfully Sent' on the native modal <dialog> (focus stays inside; Escape closes it). */
function SentDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector('button')?.focus();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="funnel-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      data-testid="send-success"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <p id={titleId}>{t('documents.send.success')}</p>
      <button type="button" className="button button-primary" onClick={onClose}>
        {t('funnel.finalize.ok')}
      </button>
    </dialog>
  );
}
