// My Info: name, e-mail (Verified badge, or Verify), phone, blockchain wallet; Save → PATCH /api/me →
// 'Saved!'. A field the browser refuses shows its message and nothing is sent; the server's field
// errors (400 account.errors.*) are shown the same way.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeResponse } from '../../../../../shared/api/schemas';
import { type MessageKey } from '../../../../../shared/i18n/keys';
import { isMessageKey } from '../../../app/i18n';
import type { Lang } from '../../../app/paths';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { updateMe } from '../api/account-api';
import { phoneCountryFor, validateMyInfo, type MyInfoField } from '../validation';
import { EmailVerification } from './email-verification';
import { WalletConnect } from './wallet-connect';

interface MyInfoFormProps {
  user: MeResponse;
  lang: Lang;
  onSaved: (user: MeResponse) => void;
  /** Re-reads the profile (after the e-mail address is verified). */
  onRefresh: () => Promise<void>;
}

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

const FIELDS: readonly MyInfoField[] = ['name', 'phone', 'walletAddress'];

function isField(value: unknown): value is MyInfoField {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

export function MyInfoForm({ user, lang, onSaved, onRefresh }: MyInfoFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [walletAddress, setWalletAddress] = useState(user.walletAddress ?? '');
  const [errors, setErrors] = useState<Partial<Record<MyInfoField, MessageKey>>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const edited = (field: MyInfoField) => {
    setErrors(({ [field]: _dropped, ...rest }) => rest);
    setStatus({ kind: 'idle' });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = validateMyInfo({ name, phone, walletAddress }, lang);
    if (!checked.ok) {
      setErrors(checked.errors);
      setStatus({ kind: 'idle' });
      focusFirstInvalid(form, checked.errors);
      return;
    }
    setErrors({});
    setStatus({ kind: 'saving' });
    try {
      const saved = await updateMe({ ...checked.body, lang });
      setName(saved.name);
      setPhone(saved.phone ?? '');
      setWalletAddress(saved.walletAddress ?? '');
      setStatus({ kind: 'saved' });
      onSaved(saved);
    } catch (error) {
      const field =
        error instanceof ApiError && typeof error.details === 'object' && error.details !== null
          ? (error.details as { field?: unknown }).field
          : undefined;
      if (error instanceof ApiError && isField(field) && isMessageKey(error.code)) {
        const fieldErrors = { [field]: error.code };
        setErrors(fieldErrors);
        setStatus({ kind: 'idle' });
        focusFirstInvalid(form, fieldErrors);
      } else {
        setStatus({ kind: 'failed', message: errorMessage(t, error) });
      }
    }
  };

  const country = phoneCountryFor(lang);
  const fieldProps = (field: MyInfoField) => ({
    id: `myinfo-${field}`,
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': `myinfo-${field}-hint${errors[field] ? ` myinfo-${field}-error` : ''}`,
  });
  const fieldError = (field: MyInfoField) =>
    errors[field] ? (
      <p id={`myinfo-${field}-error`} className="field-error" data-testid={`error-${field}`}>
        {t(errors[field])}
      </p>
    ) : null;

  return (
    <form
      className="card my-info-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="my-info-form"
    >
      <div className="field">
        <label htmlFor="myinfo-name">{t('myPage.myInfo.name')}</label>
        <input
          {...fieldProps('name')}
          aria-describedby={errors.name ? 'myinfo-name-error' : undefined}
          autoComplete="name"
          value={name}
          maxLength={100}
          onChange={(e) => {
            setName(e.target.value);
            edited('name');
          }}
        />
        {fieldError('name')}
      </div>

      <div className="field">
        <span className="field-label" id="myinfo-email-label">
          {t('myPage.myInfo.email')}
        </span>
        <EmailVerification
          email={user.email}
          verified={user.emailVerified}
          lang={lang}
          onVerified={onRefresh}
        />
      </div>

      <div className="field">
        <label htmlFor="myinfo-phone">{t('myPage.myInfo.phone')}</label>
        <input
          {...fieldProps('phone')}
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(e) => {
            setPhone(e.target.value);
            edited('phone');
          }}
        />
        <p id="myinfo-phone-hint" className="field-hint">
          {t('myPage.myInfo.phoneHint', {
            country: t(`format.countries.${country === 'JP' || country === 'KR' ? country : 'US'}`),
          })}
        </p>
        {fieldError('phone')}
      </div>

      <div className="field">
        <label htmlFor="myinfo-walletAddress">{t('myPage.myInfo.wallet')}</label>
        <input
          {...fieldProps('walletAddress')}
          autoComplete="off"
          spellCheck={false}
          className="mono"
          value={walletAddress}
          // A verified wallet changes by Disconnect, then Connect (issue #32).
          readOnly={Boolean(user.walletAddress && user.walletVerifiedAt)}
          onChange={(e) => {
            setWalletAddress(e.target.value);
            edited('walletAddress');
          }}
        />
        <p id="myinfo-walletAddress-hint" className="field-hint">
          {t('myPage.myInfo.walletHint')}
        </p>
        {fieldError('walletAddress')}
        <WalletConnect
          user={user}
          lang={lang}
          typed={walletAddress}
          onChanged={(saved) => {
            setWalletAddress(saved.walletAddress ?? '');
            edited('walletAddress');
            onSaved(saved);
          }}
        />
      </div>

      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={status.kind === 'saving'}>
          {status.kind === 'saving' ? t('myPage.myInfo.saving') : t('myPage.myInfo.save')}
        </button>
        <p className="form-status" role="status" aria-live="polite" data-testid="my-info-status">
          {status.kind === 'saved' ? t('account.profileSaved') : null}
        </p>
      </div>
      {status.kind === 'failed' ? (
        <p className="field-error" role="alert" data-testid="my-info-error">
          {status.message}
        </p>
      ) : null}
    </form>
  );
}

function focusFirstInvalid(form: HTMLFormElement, errors: Partial<Record<MyInfoField, MessageKey>>): void {
  const first = FIELDS.find((field) => errors[field]);
  if (first) form.querySelector<HTMLInputElement>(`#myinfo-${first}`)?.focus();
}
