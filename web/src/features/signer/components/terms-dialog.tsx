// The e-sign agreement dialog (spec doc 1 §2, Signer flow step 3: Electronic Signature Terms and
// Conditions) with Confirm, Deny and Cancel.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

export function TermsDialog({
  pending,
  onConfirm,
  onDeny,
  onCancel,
}: {
  pending: boolean;
  onConfirm: () => void;
  onDeny: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const regionRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLSpanElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Confirm waits until the end of the terms was on screen (at once when they all fit): on a phone
  // the box scrolls, and agreeing to clauses never shown is no agreement.
  const [readToEnd, setReadToEnd] = useState(false);
  useEffect(() => {
    const region = regionRef.current;
    const end = endRef.current;
    if (!region || !end) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setReadToEnd(true);
          observer.disconnect();
        }
      },
      { root: region },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (!readToEnd) return;
    // The primary action takes the focus once usable, unless the signer went elsewhere.
    const active = document.activeElement;
    if (active === regionRef.current || active === document.body) confirmRef.current?.focus();
  }, [readToEnd]);
  return (
    <Modal title={t('signer.terms.title')} onCancel={onCancel} testId="terms-dialog" wide>
      <div
        ref={regionRef}
        className="signer-terms"
        role="region"
        aria-label={t('signer.terms.title')}
        // Focusable, so the keyboard scrolls it (axe: scrollable-region-focusable).
        tabIndex={0}
        data-autofocus
        data-testid="terms-text"
      >
        <p>{t('signer.terms.intro')}</p>
        <ol>
          <li>{t('signer.terms.p1')}</li>
          <li>{t('signer.terms.p2')}</li>
          <li>{t('signer.terms.p3')}</li>
          <li>{t('signer.terms.p4')}</li>
        </ol>
        <span ref={endRef} className="signer-terms-end" aria-hidden="true" />
      </div>
      {!readToEnd && (
        <p className="signer-hint" data-testid="terms-read-hint">
          {t('signer.terms.readToEnd')}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={pending}
          onClick={onDeny}
          data-testid="terms-deny"
        >
          {t('signer.deny')}
        </button>
        <button
          ref={confirmRef}
          type="button"
          className="button button-primary"
          disabled={pending || !readToEnd}
          onClick={onConfirm}
          data-testid="terms-confirm"
        >
          {t('signer.confirm')}
        </button>
      </div>
    </Modal>
  );
}
