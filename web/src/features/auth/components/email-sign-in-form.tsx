// E-mail + password sign-in (locally the only way in), built from Amplify UI's accessible form
// primitives (labelled fields, a password field with a show/hide toggle for phone users).
// The parent decides what a success means.
import { Button, PasswordField, TextField } from '@aws-amplify/ui-react';
import '@aws-amplify/ui-react/styles.css';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface EmailSignInFormProps {
  busy: boolean;
  onSubmit: (email: string, password: string) => void;
}

export function EmailSignInForm({ busy, onSubmit }: EmailSignInFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(email, password);
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="username"
        data-autofocus
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        isRequired
      />
      <PasswordField
        label={t('auth.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        showPasswordButtonLabel={t('auth.showPassword')}
        isRequired
      />
      <div className="actions">
        <Button type="submit" variation="primary" className="auth-submit" isDisabled={busy}>
          {busy ? t('auth.signingIn') : t('auth.signIn')}
        </Button>
      </div>
    </form>
  );
}
