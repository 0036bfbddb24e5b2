// Forward to someone else (delegation, issue #28): the contractor names the person who answers in
// their place — name, e-mail or phone, and why (all required) — and that person gets a new link while
// this one stops working. The first field has the focus, Escape closes, and a refusal (the server's
// translated message) shows in the dialog with everything typed kept.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classifyContact, isValidEmail } from '../../../../../shared/domain/contact';
import { ROUTING_LIMITS } from '../../../../../shared/domain/routing';
import { charCount } from '../../../../../shared/domain/validation';
import type { MessageKey } from '../../../../../shared/i18n';
import type { ForwardInput } from '../hooks/use-signer-flow';
import { Modal } from './modal';

type Field = 'name' | 'contact' | 'reason';
type Problems = Partial<Record<Field, { key: MessageKey; values?: Record<string, number> }>>;

const MAX_REASON = ROUTING_LIMITS.delegateReasonMaxChars;

/** What the server would refuse before asking it (the server checks the same and more). */
export function forwardProblems(input: ForwardInput): Problems {
  const problems: Problems = {};
  if (input.name.trim() === '') problems.name = { key: 'routingSigner.forward.nameRequired' };
  const contact = input.contact.trim();
  const kind = classifyContact(contact);
  if (contact === '') problems.contact = { key: 'routingSigner.forward.contactRequired' };
  else if (kind === 'unknown') problems.contact = { key: 'contractors.errors.unknownContactType' };
  else if (kind === 'email' && !isValidEmail(contact))
    problems.contact = { key: 'contractors.errors.invalidEmail' };
  const reason = input.reason.trim();
  if (reason === '') problems.reason = { key: 'signing.errors.delegateReasonRequired' };
  else if (charCount(reason) > MAX_REASON) {
    problems.reason = { key: 'signing.errors.reasonTooLong', values: { max: MAX_REASON } };
  }
  return problems;
}

export function ForwardDialog({
  pending,
  error,
  onForward,
  onCancel,
}: {
  pending: boolean;
  /** The server's answer to the last try, translated. */
  error: string | null;
  onForward: (input: ForwardInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [input, setInput] = useState<ForwardInput>({ name: '', contact: '', reason: '' });
  const [problems, setProblems] = useState<Problems>({});
  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setInput((prev) => ({ ...prev, [field]: e.target.value }));
  const problem = (field: Field) => {
    const p = problems[field];
    return p ? t(p.key, p.values ?? {}) : null;
  };
  const describedBy = (field: Field, extra?: string) =>
    [problems[field] ? `${id}-${field}-error` : null, extra].filter(Boolean).join(' ') || undefined;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = forwardProblems(input);
    setProblems(found);
    const first = (['name', 'contact', 'reason'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    onForward({ name: input.name.trim(), contact: input.contact.trim(), reason: input.reason.trim() });
  };
  const count = [...input.reason.trim()].length;
  return (
    <Modal title={t('routingSigner.forward.title')} onCancel={onCancel} testId="forward-dialog">
      <form className="signer-forward" onSubmit={submit} noValidate>
        <p>{t('routingSigner.forward.intro')}</p>
        <div className="signer-forward-field">
          <label htmlFor={`${id}-name`}>{t('routingSigner.forward.name')}</label>
          <input
            id={`${id}-name`}
            value={input.name}
            onChange={set('name')}
            autoComplete="name"
            maxLength={200}
            required
            aria-invalid={problems.name ? true : undefined}
            aria-describedby={describedBy('name')}
            data-autofocus
            data-testid="forward-name"
          />
          {problems.name && (
            <p className="field-error" id={`${id}-name-error`}>
              {problem('name')}
            </p>
          )}
        </div>
        <div className="signer-forward-field">
          <label htmlFor={`${id}-contact`}>{t('routingSigner.forward.contact')}</label>
          <input
            id={`${id}-contact`}
            value={input.contact}
            onChange={set('contact')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={254}
            required
            aria-invalid={problems.contact ? true : undefined}
            aria-describedby={describedBy('contact', `${id}-contact-hint`)}
            data-testid="forward-contact"
          />
          <p className="field-hint" id={`${id}-contact-hint`}>
            {t('routingSigner.forward.contactHint')}
          </p>
          {problems.contact && (
            <p className="field-error" id={`${id}-contact-error`}>
              {problem('contact')}
            </p>
          )}
        </div>
        <div className="signer-forward-field">
          <label htmlFor={`${id}-reason`}>{t('routingSigner.forward.reason')}</label>
          <textarea
            id={`${id}-reason`}
            value={input.reason}
            onChange={set('reason')}
            rows={3}
            maxLength={MAX_REASON}
            required
            aria-invalid={problems.reason ? true : undefined}
            aria-describedby={describedBy('reason', `${id}-reason-count`)}
            data-testid="forward-reason"
          />
          <p className="signer-counter" id={`${id}-reason-count`} aria-live="polite">
            {t('signer.denyCounter', { count, max: MAX_REASON })}
          </p>
          {problems.reason && (
            <p className="field-error" id={`${id}-reason-error`}>
              {problem('reason')}
            </p>
          )}
        </div>
        {error && (
          <p className="field-error" role="alert" data-testid="forward-error">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={pending}
            data-testid="forward-send"
          >
            {t('routingSigner.forward.send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
