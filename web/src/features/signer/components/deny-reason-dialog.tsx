// The one dialog that asks for a reason before refusing: the signer's Deny (issue #5) and the video
// confirmation's Deny (issue #15). Same rules (validateDenyReason), counter and messages; each caller
// gives its own texts and test ids.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DENY_REASON_MAX_CHARS } from '../../../../../shared/domain/constants';
import { validateDenyReason } from '../../../../../shared/domain/validation';
import { Modal } from './modal';

export interface DenyReasonDialogProps {
  readonly title: string;
  readonly label: string;
  readonly cancelLabel: string;
  readonly sendLabel: string;
  readonly testIds: { readonly dialog: string; readonly reason: string; readonly send: string };
  /** Extra class of both buttons. */
  readonly buttonClass?: string;
  /** The send button takes the focus when the dialog opens (else the dialog's first field). */
  readonly focusSend?: boolean;
  readonly pending: boolean;
  /** The server's answer to the last try, if it failed. */
  readonly error?: string | null;
  readonly onDeny: (reason: string) => void;
  readonly onCancel: () => void;
}

export function DenyReasonDialog(props: DenyReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const count = [...reason.trim()].length;
  const shown = problem ?? props.error ?? null;
  const extra = props.buttonClass ? ` ${props.buttonClass}` : '';
  return (
    <Modal title={props.title} onCancel={props.onCancel} testId={props.testIds.dialog}>
      <label className="signer-deny">
        <span>{props.label}</span>
        <textarea
          value={reason}
          rows={5}
          maxLength={DENY_REASON_MAX_CHARS}
          placeholder={t('signing.denyReasonPlaceholder', { max: DENY_REASON_MAX_CHARS })}
          onChange={(e) => setReason(e.target.value)}
          data-testid={props.testIds.reason}
        />
      </label>
      <p className="signer-counter" aria-live="polite">
        {t('signer.denyCounter', { count, max: DENY_REASON_MAX_CHARS })}
      </p>
      {shown && (
        <p className="field-error" role="alert">
          {shown}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className={`button button-secondary${extra}`} onClick={props.onCancel}>
          {props.cancelLabel}
        </button>
        <button
          type="button"
          className={`button button-danger${extra}`}
          disabled={props.pending}
          data-autofocus={props.focusSend ? true : undefined}
          data-testid={props.testIds.send}
          onClick={() => {
            const checked = validateDenyReason(reason);
            if (!checked.ok) return setProblem(t(checked.error, checked.values ?? {}));
            setProblem(null);
            props.onDeny(checked.reason);
          }}
        >
          {props.sendLabel}
        </button>
      </div>
    </Modal>
  );
}
