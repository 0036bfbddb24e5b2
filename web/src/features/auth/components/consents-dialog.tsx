// The consent step of a first federated sign-in (Google, LINE): the same step as registration step 1,
// then `POST /api/me/consents`. Closing it ends the half-finished sign-in.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsentsInput } from '../../../../../shared/api/schemas';
import type { Lang } from '../../../app/paths';
import { NO_CONSENTS } from '../consents';
import { authErrorMessage } from '../sign-in';
import { ConsentStep } from './consent-step';
import { ModalDialog } from './modal-dialog';

interface ConsentsDialogProps {
  lang: Lang;
  minAge: number;
  initialOptional?: Pick<ConsentsInput, 'marketing' | 'thirdPartyProvision'>;
  onSubmit: (consents: ConsentsInput) => Promise<void>;
  onCancel: () => void;
}

export function ConsentsDialog({ lang, minAge, initialOptional, onSubmit, onCancel }: ConsentsDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const agreed = async (consents: ConsentsInput) => {
    setBusy(true);
    setError(null);
    try {
      await onSubmit(consents);
    } catch (failure) {
      setError(authErrorMessage(t, failure));
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={t('auth.consentsTitle')} onClose={onCancel} testId="consents-dialog">
      <ConsentStep
        lang={lang}
        minAge={minAge}
        initial={{ ...NO_CONSENTS, ...initialOptional }}
        submitLabel={t('auth.consentsSubmit')}
        busy={busy}
        onAgreed={(consents) => void agreed(consents)}
      />
      {error ? (
        <p className="auth-alert" role="alert">
          {error}
        </p>
      ) : null}
    </ModalDialog>
  );
}
