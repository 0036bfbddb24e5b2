// The contracts feature's dialogs: the shared modal (web/src/components/modal.tsx) with its class.
import type { ComponentProps } from 'react';
import { Modal as SharedModal } from '../../../components/modal';

export function Modal(props: Omit<ComponentProps<typeof SharedModal>, 'className'>) {
  return <SharedModal {...props} className="contracts-dialog" />;
}
