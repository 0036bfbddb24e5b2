// The e-mail address with its 'Verified' badge, or a Verify button: the API mails the product's own
// code to the address (POST /api/me/email/verification) and the code entered here confirms it
// (POST /api/me/email/verification/confirm), which records the address as verified (issue #13).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../app/paths';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { confirmEmailCode, sendEmailCode } from '../api/account-api';

interface EmailVerificationProps {
  email: string;
  verified: boolean;
  lang: Lang;
  onVerified: () => Promise<void>;
}

type Step =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'codeSent' } | { kind: 'confirming' } | { kind: 'done' };

export function EmailVerification({ email, verified, lang, onVerified }: EmailVerificationProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const failed = (cause: unknown) => {
    const errmsg =
      cause instanceof ApiError
        ? errorMessage(t, cause)
        : cause instanceof Error
          ? cause.message
          : String(cause);
    setError(t('myPage.myInfo.verifyFailed', { errmsg }));
  };

  const sendCode = async () => {
    setError(null);
    setStep({ kind: 'sending' });
    try {
      const sent = await sendEmailCode(lang);
      if (sent.status === 'verified') {
        setStep({ kind: 'done' });
        await onVerified();
      } else {
        setStep({ kind: 'codeSent' });
      }
    } catch (cause) {
      failed(cause);
      setStep({ kind: 'idle' });
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setStep({ kind: 'confirming' });
    try {
      await confirmEmailCode(code.trim());
      setStep({ kind: 'done' });
      await onVerified();
    } catch (cause) {
      failed(cause);
      setStep({ kind: 'codeSent' });
    }
  };

  const isVerified = verified || step.kind === 'done';
  return (
    <div className="email-verification">
      <p className="email-line">
        <span data-testid="myinfo-email" aria-labelledby="myinfo-email-label">
          {email}
        </span>{' '}
        {isVerified ? (
          <span className="badge badge-success" data-testid="email-verified">
            {t('myPage.myInfo.verified')}
          </span>
        ) : (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => void sendCode()}
            disabled={step.kind !== 'idle'}
            data-testid="email-verify"
          >
            {step.kind === 'sending' ? t('myPage.myInfo.sending') : t('myPage.myInfo.verify')}
          </button>
        )}
      </p>
      {!isVerified && (step.kind === 'codeSent' || step.kind === 'confirming') ? (
        // A nested <form> is invalid HTML, so the code step is a group submitted by its own button.
        <div className="verify-code" role="group" aria-labelledby="verify-code-label">
          <p role="status">{t('myPage.myInfo.codeSent', { email })}</p>
          <label id="verify-code-label" htmlFor="verify-code">
            {t('myPage.myInfo.code')}
          </label>
          <input
            id="verify-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void confirm(e);
            }}
          />
          <button
            type="button"
            className="button button-primary button-small"
            disabled={code.trim() === '' || step.kind === 'confirming'}
            onClick={(e) => void confirm(e)}
          >
            {t('myPage.myInfo.confirmCode')}
          </button>
        </div>
      ) : null}
      {step.kind === 'done' ? <p role="status">{t('myPage.myInfo.emailVerified')}</p> : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
