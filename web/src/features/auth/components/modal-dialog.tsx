// A modal dialog on the native <dialog> element: the browser traps focus, Escape cancels, and the
// page behind is inert. `onClose` runs for the × button and for Escape.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ModalDialogProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** 'alertdialog' for a message the user must acknowledge. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  testId?: string;
}

export function ModalDialog({ title, onClose, children, role, className, testId }: ModalDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      // The element marked data-autofocus (e.g. the first field) gets the focus, else the browser's choice.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className={`auth-dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      role={role}
      data-testid={testId}
      onCancel={(event) => {
        // Escape: let React decide (the route changes, which unmounts the dialog).
        event.preventDefault();
        onClose();
      }}
    >
      <div className="auth-dialog-header">
        <h2 id={titleId} className="auth-dialog-title">
          {title}
        </h2>
        <button type="button" className="auth-dialog-close" aria-label={t('auth.close')} onClick={onClose}>
          ×
        </button>
      </div>
      <div className="auth-dialog-body">{children}</div>
    </dialog>
  );
}

/** The 'Oops...' dialog of a failed sign-in or sign-up. */
export function ErrorDialog({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalDialog title={t('auth.errorTitle')} onClose={onClose} role="alertdialog" testId="auth-error-dialog">
      <p className="auth-error-message" data-testid="auth-error-message">
        {message}
      </p>
      <div className="actions">
        <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
          {t('auth.ok')}
        </button>
      </div>
    </ModalDialog>
  );
}
