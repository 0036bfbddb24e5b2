// Registration step 2: e-mail, name and password (with the user pool's password rules shown).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_POOL } from '../../../../../shared/infra/definitions';

export interface SignUpFields {
  email: string;
  name: string;
  password: string;
}

interface SignUpFormProps {
  busy: boolean;
  onSubmit: (fields: SignUpFields) => void;
}

const policy = USER_POOL.passwordPolicy;

export function SignUpForm({ busy, onSubmit }: SignUpFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [fields, setFields] = useState<SignUpFields>({ email: '', name: '', password: '' });
  const set = (key: keyof SignUpFields) => (event: { target: { value: string } }) =>
    setFields((previous) => ({ ...previous, [key]: event.target.value }));

  const rules = [
    t('registration.passwordRules.minLength', { count: policy.minLength }),
    ...(policy.requireUppercase ? [t('registration.passwordRules.upper')] : []),
    ...(policy.requireLowercase ? [t('registration.passwordRules.lower')] : []),
    ...(policy.requireDigits ? [t('registration.passwordRules.digit')] : []),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(fields);
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <div className="auth-field">
        <label htmlFor={`${id}-email`}>{t('auth.email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          value={fields.email}
          onChange={set('email')}
          required
        />
      </div>
      <div className="auth-field">
        <label htmlFor={`${id}-name`}>{t('auth.name')}</label>
        <input
          id={`${id}-name`}
          type="text"
          name="name"
          autoComplete="name"
          value={fields.name}
          onChange={set('name')}
          required
        />
      </div>
      <div className="auth-field">
        <label htmlFor={`${id}-password`}>{t('auth.password')}</label>
        <input
          id={`${id}-password`}
          type="password"
          name="password"
          autoComplete="new-password"
          aria-describedby={`${id}-rules`}
          value={fields.password}
          onChange={set('password')}
          required
        />
        <div id={`${id}-rules`} className="password-rules">
          <span>{t('registration.passwordRules.title')}</span>
          <ul>
            {rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </div>
      </div>
      <div className="actions">
        <button type="submit" className="button button-primary auth-submit" disabled={busy}>
          {busy ? t('registration.creating') : t('registration.createAccount')}
        </button>
      </div>
    </form>
  );
}
