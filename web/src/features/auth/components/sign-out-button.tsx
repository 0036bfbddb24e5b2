// Ends the session. Pages behind RequireAuth then move to the sign-in page by themselves.
import { useState } from 'react';
import { signOut } from 'aws-amplify/auth';
import { useTranslation } from 'react-i18next';

export function SignOutButton({ onSignedOut }: { onSignedOut?: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const handleClick = async () => {
    setBusy(true);
    try {
      await signOut();
      onSignedOut?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="button button-secondary" onClick={handleClick} disabled={busy}>
      {t('nav.signOut')}
    </button>
  );
}
