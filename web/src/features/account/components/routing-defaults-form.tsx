// My Info → Routing defaults (issue #28): the reminders (off, or first after N days, then every M days,
// at most K), the default expiry in days (empty: none) and whether contractors may forward their
// request. A new contract's Configuring Contractors step starts from them. Save → PATCH /api/me
// { routingDefaults } → 'Saved!'; a value the server would refuse shows its message beside its input
// and nothing is sent.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeResponse } from '../../../../../shared/api/schemas';
import type { RoutingDefaults } from '../../../../../shared/api/schemas/routing';
import { ROUTING_LIMITS } from '../../../../../shared/domain/routing';
import { errorMessage } from '../../../lib/error-message';
import { describeKey } from '../../funnel/messages';
import { RemindersFields, type SectionError } from '../../funnel/components/routing-settings';
import {
  checkReminders,
  parseExpiryDays,
  reminderDraftOf,
  type ReminderDraft,
} from '../../funnel/routing-form';
import { updateMe } from '../api/account-api';

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

export function RoutingDefaultsForm({
  user,
  onSaved,
}: {
  user: MeResponse;
  onSaved: (user: MeResponse) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const defaults = user.routingDefaults;
  const [reminders, setReminders] = useState<ReminderDraft>(() => reminderDraftOf(defaults?.reminders));
  const [expiryDays, setExpiryDays] = useState(() =>
    defaults?.expiryDays ? String(defaults.expiryDays) : '',
  );
  const [allowDelegation, setAllowDelegation] = useState(defaults?.allowDelegation ?? false);
  const [errors, setErrors] = useState<{ reminders?: SectionError; expiryDays?: string }>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const edited = () => {
    setErrors({});
    setStatus({ kind: 'idle' });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = checkReminders(reminders);
    const expiry = parseExpiryDays(expiryDays);
    if (!checked.ok || !expiry.ok) {
      const next: typeof errors = {};
      if (!checked.ok) {
        const { key, values, field } = checked.problem;
        next.reminders = { message: describeKey(t, key, values), field };
      }
      if (!expiry.ok) {
        next.expiryDays = t('routingOwner.defaults.expiryDaysInvalid', { max: ROUTING_LIMITS.expiryMaxDays });
      }
      setErrors(next);
      setStatus({ kind: 'idle' });
      const selector = next.reminders
        ? `[data-routing-field="${next.reminders.field ?? 'firstAfterDays'}"]`
        : `#${CSS.escape(`${id}-expiry`)}`;
      form.querySelector<HTMLElement>(selector)?.focus();
      return;
    }
    const routingDefaults: RoutingDefaults = {
      reminders: checked.value,
      expiryDays: expiry.value,
      allowDelegation,
    };
    setStatus({ kind: 'saving' });
    try {
      const saved = await updateMe({ routingDefaults });
      setStatus({ kind: 'saved' });
      onSaved(saved);
    } catch (error) {
      setStatus({ kind: 'failed', message: errorMessage(t, error) });
    }
  };

  const titleId = `${id}-title`;
  return (
    <form
      className="card routing-defaults-form"
      aria-labelledby={titleId}
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="routing-defaults-form"
    >
      <h2 id={titleId}>{t('routingOwner.defaults.title')}</h2>
      <p className="field-hint">{t('routingOwner.defaults.intro')}</p>
      <RemindersFields
        value={reminders}
        onChange={(patch) => {
          setReminders((r) => ({ ...r, ...patch }));
          edited();
        }}
        error={errors.reminders ?? null}
        testId="defaults-reminders"
      />
      <div className="field">
        <label htmlFor={`${id}-expiry`}>{t('routingOwner.defaults.expiryDays')}</label>
        <input
          id={`${id}-expiry`}
          type="number"
          inputMode="numeric"
          min={1}
          max={ROUTING_LIMITS.expiryMaxDays}
          step={1}
          value={expiryDays}
          aria-invalid={errors.expiryDays ? true : undefined}
          aria-describedby={`${id}-expiry-hint${errors.expiryDays ? ` ${id}-expiry-error` : ''}`}
          onChange={(e) => {
            setExpiryDays(e.target.value);
            edited();
          }}
        />
        <p id={`${id}-expiry-hint`} className="field-hint">
          {t('routingOwner.defaults.expiryDaysHint')}
        </p>
        {errors.expiryDays && (
          <p id={`${id}-expiry-error`} className="field-error" role="alert">
            {errors.expiryDays}
          </p>
        )}
      </div>
      <label className="funnel-choice">
        <input
          type="checkbox"
          checked={allowDelegation}
          onChange={(e) => {
            setAllowDelegation(e.target.checked);
            edited();
          }}
        />
        <span>{t('routingOwner.defaults.allowDelegation')}</span>
      </label>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={status.kind === 'saving'}>
          {status.kind === 'saving' ? t('myPage.myInfo.saving') : t('routingOwner.defaults.save')}
        </button>
        <p className="form-status" role="status" aria-live="polite" data-testid="routing-defaults-status">
          {status.kind === 'saved' ? t('account.profileSaved') : null}
        </p>
      </div>
      {status.kind === 'failed' ? (
        <p className="field-error" role="alert" data-testid="routing-defaults-error">
          {status.message}
        </p>
      ) : null}
    </form>
  );
}
