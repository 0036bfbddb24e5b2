// Registration step 3 (issue #13): the 6-digit code the sign-up mailed. The same screen follows every
// sign-up — a taken address gets a mail saying so instead of a code — so it reveals nothing about
// which addresses have accounts. "Send a new code" repeats the sign-up with the same answers.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface SignUpCodeStepProps {
  email: string;
  busy: boolean;
  /** Set after "Send a new code" succeeded. */
  resent: boolean;
  onConfirm: (code: string) => void;
  onResend: () => void;
}

export function SignUpCodeStep({ email, busy, resent, onConfirm, onResend }: SignUpCodeStepProps) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(code.trim());
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate data-testid="signup-code-step">
      <p role="status">
        {resent ? t('registration.codeResent', { email }) : t('registration.codeSent', { email })}
      </p>
      <div className="auth-field">
        <label htmlFor={`${id}-code`}>{t('registration.code')}</label>
        <input
          id={`${id}-code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          required
        />
      </div>
      <p className="auth-note">{t('registration.codeHelp')}</p>
      <div className="actions">
        <button
          type="submit"
          className="button button-primary auth-submit"
          disabled={busy || code.trim() === ''}
        >
          {busy ? t('registration.confirming') : t('registration.confirmCode')}
        </button>
      </div>
      <div className="auth-switch">
        <button type="button" className="link-button" onClick={onResend} disabled={busy}>
          {t('registration.resendCode')}
        </button>
      </div>
    </form>
  );
}
