// Step 1 of the registration dialog (and the consent step of a first federated sign-in): a short
// summary of the terms and privacy facts, the five consents and 'I agree all items'. Next validates
// the required ones in the spec's order (terms, privacy, age) and shows the first missing one.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConsentsInput } from '../../../../../shared/api/schemas';
import { validateRegistrationConsents } from '../../../../../shared/domain/validation';
import type { Lang } from '../../../app/paths';
import { CONSENT_KEYS, NO_CONSENTS } from '../consents';

interface ConsentStepProps {
  lang: Lang;
  minAge: number;
  initial?: ConsentsInput;
  submitLabel: string;
  busy?: boolean;
  onAgreed: (consents: ConsentsInput) => void;
}

export function ConsentStep({ lang, minAge, initial, submitLabel, busy, onAgreed }: ConsentStepProps) {
  const { t } = useTranslation();
  const [consents, setConsents] = useState<ConsentsInput>(initial ?? NO_CONSENTS);
  const [error, setError] = useState<string | null>(null);
  const idPrefix = useId();
  const appName = t('app.name');
  const allChecked = CONSENT_KEYS.every((key) => consents[key]);

  const toggle = (key: keyof ConsentsInput, checked: boolean) => {
    setConsents((previous) => ({ ...previous, [key]: checked }));
    setError(null);
  };
  const toggleAll = (checked: boolean) => {
    setConsents(Object.fromEntries(CONSENT_KEYS.map((key) => [key, checked])) as ConsentsInput);
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateRegistrationConsents(consents, minAge);
    if (!result.ok) {
      setError(t(result.error, result.values));
      return;
    }
    onAgreed(consents);
  };

  return (
    <form className="consent-step" onSubmit={submit} noValidate>
      <section className="terms-summary" tabIndex={0} aria-labelledby={`${idPrefix}-terms`}>
        <h3 id={`${idPrefix}-terms`}>{t('registration.termsHeading')}</h3>
        <ul>
          <li>{t('registration.summary.service', { appName })}</li>
          <li>{t('registration.summary.data')}</li>
          <li>{t('registration.summary.age', { minAge })}</li>
          <li>{t('registration.summary.choices')}</li>
        </ul>
        <p className="terms-links">
          <Link to={`/${lang}/terms`} target="_blank" rel="noopener">
            {t('registration.readTerms')}
          </Link>
          <Link to={`/${lang}/privacy`} target="_blank" rel="noopener">
            {t('registration.readPrivacy')}
          </Link>
        </p>
      </section>

      <fieldset className="consents">
        <legend className="visually-hidden">{t('registration.consents.legend')}</legend>
        {CONSENT_KEYS.map((key) => (
          <label key={key} className="consent" htmlFor={`${idPrefix}-${key}`}>
            <input
              id={`${idPrefix}-${key}`}
              type="checkbox"
              name={key}
              checked={consents[key]}
              onChange={(event) => toggle(key, event.target.checked)}
            />
            <span>{t(`registration.consents.${key}`, { minAge })}</span>
          </label>
        ))}
        <label className="consent consent-all" htmlFor={`${idPrefix}-all`}>
          <input
            id={`${idPrefix}-all`}
            type="checkbox"
            name="agreeAll"
            checked={allChecked}
            onChange={(event) => toggleAll(event.target.checked)}
          />
          <span>{t('registration.consents.agreeAll')}</span>
        </label>
      </fieldset>

      {error ? (
        <p className="auth-alert" role="alert" data-testid="consent-error">
          {error}
        </p>
      ) : null}

      <div className="actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
