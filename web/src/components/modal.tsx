// A modal on the native <dialog>: focus stays inside, the first control (or `data-autofocus`) gets
// the focus, Escape calls onCancel. Shared by the signer page and the contract lists; each passes its
// own class (`signer-dialog`, `contracts-dialog`), and `wide` adds `<class>-wide`.
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

export function Modal({ title, onCancel, children, className, testId, wide, role = 'dialog' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    const first = dialog?.querySelector<HTMLElement>('[data-autofocus], button, input, textarea');
    first?.focus();
    return () => dialog?.close();
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
