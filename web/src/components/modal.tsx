// A modal on the native <dialog>: focus stays inside, Escape calls onCancel. Shared by the signer page
// and the contract lists; each passes its own class (`signer-dialog`, `contracts-dialog`), and `wide`
// adds `<class>-wide`.
// Focus (issue #14): the element marked `data-autofocus` gets it (the primary action, so Enter does
// what the dialog is for, never Cancel), else the first field or button. On close, the focus goes back
// to the control that opened the dialog — for a dialog opened from another dialog, to the control that
// opened the first one — unless the page moved it somewhere else meanwhile.
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  onCancel: () => void;
  children: ReactNode;
  /** The feature's dialog class, e.g. 'signer-dialog'. */
  className: string;
  testId?: string;
  wide?: boolean;
  role?: 'dialog' | 'alertdialog';
}

/** The control each open dialog returns the focus to. */
const openers = new WeakMap<Element, HTMLElement>();

function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const parent = active.closest('dialog');
  return parent ? (openers.get(parent) ?? null) : active;
}

export function Modal({ title, onCancel, children, className, testId, wide, role = 'dialog' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = openerOf(document.activeElement);
    if (opener) openers.set(dialog, opener);
    if (!dialog.open) dialog.showModal();
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>('input, textarea, select, button');
    first?.focus();
    return () => {
      const hadFocus = dialog.contains(document.activeElement) || document.activeElement === document.body;
      dialog.close();
      if (hadFocus && opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={wide ? `dialog ${className} ${className}-wide` : `dialog ${className}`}
      role={role}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}

/**
 * Asks before something that cannot be undone (a delete): the text, Cancel (which has the focus, so
 * Enter never deletes by accident) and the danger action, disabled while `busy`.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel,
  onCancel,
  onConfirm,
  busy = false,
  className,
  testId,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  busy?: boolean;
  className: string;
  testId?: string;
}) {
  return (
    <Modal title={title} onCancel={onCancel} testId={testId} className={className} role="alertdialog">
      <p>{text}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" data-autofocus onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="button button-danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
