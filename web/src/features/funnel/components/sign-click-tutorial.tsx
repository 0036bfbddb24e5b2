// The sign-click tutorial popup (spec doc 1 §4, issue #17): shown on the sign-area step while the
// user's comp_signclick counter is below 5; OK adds 10 to it (PATCH /api/me), so it is shown once.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGN_CLICK_TUTORIAL_BELOW } from '../../../../../shared/domain/constants';
import { Modal } from '../../../components/modal';
import { updateMe } from '../../account/api/account-api';
import { setSessionUser, useSessionUser } from '../../auth/session';

export function SignClickTutorial() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const [closed, setClosed] = useState(false);
  if (!me || closed || (me.signClickTutorialCount ?? 0) >= SIGN_CLICK_TUTORIAL_BELOW) return null;
  const ok = () => {
    setClosed(true);
    // A failed update only means the popup is shown again next time.
    updateMe({ signClickTutorialSeen: true }).then(setSessionUser, () => undefined);
  };
  return (
    <Modal
      title={t('funnel.tutorial.title')}
      onCancel={() => setClosed(true)}
      className="signer-dialog"
      testId="sign-click-tutorial"
    >
      <ol className="funnel-tutorial-steps">
        <li>{t('funnel.tutorial.click')}</li>
        <li>{t('funnel.tutorial.move')}</li>
        <li>{t('funnel.tutorial.next')}</li>
      </ol>
      <div className="dialog-actions">
        <button type="button" className="button button-primary" data-autofocus onClick={ok}>
          {t('funnel.tutorial.ok')}
        </button>
      </div>
    </Modal>
  );
}
