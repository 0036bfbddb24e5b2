// A modal on the native <dialog>: focus stays inside, the first control (or `data-autofocus`) gets
// the focus, Escape calls onCancel.
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  onCancel: () => void;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
  role?: 'dialog' | 'alertdialog';
}

export function Modal({ title, onCancel, children, testId, wide, role = 'dialog' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    const first = dialog?.querySelector<HTMLElement>('[data-autofocus], input, button');
    first?.focus();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog contracts-dialog contracts-dialog-wide' : 'dialog contracts-dialog'}
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
