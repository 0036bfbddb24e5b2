// Configuring Contractors' routing sections (issue #28): the signing order (with the order the requests
// will go out in, as the server will number the groups), reminders, the expiry date and forwarding.
// Each section shows its own message (a check of the form or the server's refusal) beside its inputs.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTING_LIMITS, type SigningOrder } from '../../../../../shared/domain/routing';
import { localeForPath } from '../../../../../shared/i18n/core';
import type { Lang } from '../../../app/paths';
import { timeZoneLabel } from '../../../lib/format';
import { orderPreview, type ReminderDraft, type RoutingDraft, type RowRouting } from '../routing-form';
import '../routing.css';

/** A section's message and the input it is about. */
export interface SectionError {
  message: string;
  field?: string;
}

export function OrderChoice({
  order,
  onChange,
  error,
}: {
  order: SigningOrder;
  onChange: (order: SigningOrder) => void;
  error: SectionError | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset
      className="funnel-routing"
      data-testid="routing-order"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{t('routingOwner.order.legend')}</legend>
      {(['parallel', 'sequential'] as const).map((value) => (
        <label key={value} className="funnel-choice">
          <input
            type="radio"
            name={`${id}-order`}
            value={value}
            checked={order === value}
            onChange={() => onChange(value)}
          />
          <span>{t(`routingOwner.order.${value}`)}</span>
        </label>
      ))}
      {order === 'sequential' && <p className="field-hint">{t('routingOwner.order.groupHint')}</p>}
      <SectionMessage id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** How the requests will go out: group by group as the server will number them, then the copies. */
export function OrderPreview({ rows, order }: { rows: readonly RowRouting[]; order: SigningOrder }) {
  const { t } = useTranslation();
  const preview = orderPreview(rows, order);
  if (order !== 'sequential' || preview.steps.length === 0) return null;
  return (
    <section className="funnel-order-preview" aria-label={t('routingOwner.order.preview')}>
      <h3>{t('routingOwner.order.preview')}</h3>
      <ol data-testid="order-preview">
        {preview.steps.map((names, i) => (
          <li key={i}>{t('routingOwner.order.step', { n: i + 1, names: names.join(', ') })}</li>
        ))}
      </ol>
      {preview.copies.length > 0 && (
        <p className="field-hint">{t('routingOwner.order.copies', { names: preview.copies.join(', ') })}</p>
      )}
    </section>
  );
}

const REMINDER_FIELDS = [
  { key: 'firstAfterDays', min: ROUTING_LIMITS.reminderDaysMin, max: ROUTING_LIMITS.reminderDaysMax },
  { key: 'everyDays', min: ROUTING_LIMITS.reminderDaysMin, max: ROUTING_LIMITS.reminderDaysMax },
  { key: 'max', min: 0, max: ROUTING_LIMITS.maxRemindersMax },
] as const;

/** Off, or first after N days, then every M days, at most K (also My Info's defaults). */
export function RemindersFields({
  value,
  onChange,
  error,
  testId = 'routing-reminders',
}: {
  value: ReminderDraft;
  onChange: (patch: Partial<ReminderDraft>) => void;
  error: SectionError | null;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="funnel-routing" data-testid={testId}>
      <legend>{t('routingOwner.reminders.legend')}</legend>
      <label className="funnel-choice">
        <input type="checkbox" checked={value.on} onChange={(e) => onChange({ on: e.target.checked })} />
        <span>{t('routingOwner.reminders.enable')}</span>
      </label>
      {value.on && (
        <div className="funnel-numbers">
          {REMINDER_FIELDS.map(({ key, min, max }) => {
            const invalid = error !== null && error.field === key;
            return (
              <div className="field" key={key}>
                <label htmlFor={`${id}-${key}`}>{t(`routingOwner.reminders.${key}`)}</label>
                <input
                  id={`${id}-${key}`}
                  type="number"
                  inputMode="numeric"
                  min={min}
                  max={max}
                  step={1}
                  value={value[key]}
                  data-routing-field={key}
                  aria-invalid={invalid || undefined}
                  aria-describedby={invalid ? errorId : undefined}
                  onChange={(e) => onChange({ [key]: e.target.value })}
                />
              </div>
            );
          })}
        </div>
      )}
      <p className="field-hint">{t('routingOwner.reminders.hint')}</p>
      <SectionMessage id={errorId} error={error} />
    </fieldset>
  );
}

export function ExpiryField({
  value,
  lang,
  onChange,
  error,
}: {
  value: string;
  lang: Lang;
  onChange: (value: string) => void;
  error: SectionError | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="funnel-routing" data-testid="routing-expiry">
      <legend>{t('routingOwner.expiry.legend')}</legend>
      <div className="field funnel-expiry">
        <label htmlFor={`${id}-date`}>{t('routingOwner.expiry.label')}</label>
        <div className="funnel-inline">
          <input
            id={`${id}-date`}
            type="datetime-local"
            value={value}
            data-routing-field="expiresAt"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(e) => onChange(e.target.value)}
          />
          {value !== '' && (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => onChange('')}
            >
              {t('routingOwner.expiry.clear')}
            </button>
          )}
        </div>
        <p id={`${id}-hint`} className="field-hint">
          {t('routingOwner.expiry.hint', { zone: timeZoneLabel(localeForPath(lang)) })}
        </p>
      </div>
      <SectionMessage id={`${id}-error`} error={error} />
    </fieldset>
  );
}

export function DelegationField({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className="funnel-choice" data-testid="routing-delegation">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{t('routingOwner.delegation.label')}</span>
    </label>
  );
}

function SectionMessage({ id, error }: { id: string; error: SectionError | null }) {
  if (!error) return null;
  return (
    <p id={id} className="field-error funnel-error" role="alert" data-testid="routing-error">
      {error.message}
    </p>
  );
}

/** The settings below the contractors: reminders, expiry, forwarding. */
export function RoutingExtras({
  draft,
  lang,
  onChange,
  errors,
}: {
  draft: RoutingDraft;
  lang: Lang;
  onChange: (patch: Partial<RoutingDraft>) => void;
  errors: { reminders: SectionError | null; expiry: SectionError | null };
}) {
  return (
    <>
      <RemindersFields
        value={draft.reminders}
        onChange={(patch) => onChange({ reminders: { ...draft.reminders, ...patch } })}
        error={errors.reminders}
      />
      <ExpiryField
        value={draft.expiresAt}
        lang={lang}
        onChange={(expiresAt) => onChange({ expiresAt })}
        error={errors.expiry}
      />
      <DelegationField
        checked={draft.allowDelegation}
        onChange={(allowDelegation) => onChange({ allowDelegation })}
      />
    </>
  );
}
