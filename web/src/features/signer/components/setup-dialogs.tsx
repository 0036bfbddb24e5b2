// The Setup step's popups (spec doc 1 §2, Signer flow): 'Request to Sign' (Sign goes to the review,
// Cancel goes home) and 'Caution!' for someone else signed in here (Logout and Proceed, or back).
// Issue #28: an approver is asked to approve, not to sign.
import { useTranslation } from 'react-i18next';
import type { SignerView } from '../../../../../shared/api/schemas';
import { Modal } from './modal';

export function RequestDialog({
  view,
  onSign,
  onLeave,
}: {
  view: SignerView;
  onSign: () => void;
  /** Cancel goes home; absent (embedded, issue #31), no Cancel: the popup closes to the document. */
  onLeave?: () => void;
}) {
  const { t } = useTranslation();
  const approver = view.me.role === 'approver';
  return (
    <Modal
      title={approver ? t('routingSigner.approver.requestTitle') : t('signing.requestTitle')}
      // Escape only closes the popup (the document is shown); leaving is the Cancel button's job.
      onCancel={onSign}
      testId="sign-request"
      role="alertdialog"
    >
      {approver ? (
        <p>{t('routingSigner.approver.requestMessage', { owner: view.ownerName, title: view.title })}</p>
      ) : view.kind === 'vcontract' ? (
        <p>{t('signer.vcontract.request', { owner: view.ownerName, title: view.title })}</p>
      ) : (
        <>
          <p>{t('signer.requestedBy', { owner: view.ownerName, title: view.title })}</p>
          <p>{t('signing.requestMessage')}</p>
        </>
      )}
      <div className="dialog-actions">
        {onLeave && (
          <button type="button" className="button button-secondary" onClick={onLeave}>
            {t('common.cancel')}
          </button>
        )}
        <button type="button" className="button button-primary" data-autofocus onClick={onSign}>
          {approver ? t('routingSigner.approver.start') : t('signer.sign')}
        </button>
      </div>
    </Modal>
  );
}

export function CautionDialog({ pending, onLogout }: { pending: boolean; onLogout: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('access.caution.title')}
      onCancel={() => window.history.back()}
      testId="signer-caution"
      role="alertdialog"
    >
      <p>{t('access.caution.message')}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={() => window.history.back()}>
          {t('access.caution.cancel')}
        </button>
        <button type="button" className="button button-primary" disabled={pending} onClick={onLogout}>
          {t('access.caution.logoutAndProceed')}
        </button>
      </div>
    </Modal>
  );
}
