// A modal dialog for a form or a question: focus moves in and stays there until it closes, Escape cancels, focus goes
// back where it was; the page behind is inert. The caller's content holds the fields and buttons.
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { AriaLocale } from '../filters/AriaLocale';
import '../filters/filters.css';

export interface ModalDialogProps {
  /** Already translated. */
  readonly title: string;
  /** Escape, or the caller's cancel button. */
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** A question to confirm (announced as such) rather than a form. */
  readonly role?: 'dialog' | 'alertdialog';
  readonly className?: string;
}

export function ModalDialog({ title, onClose, children, role = 'dialog', className }: ModalDialogProps) {
  return (
    <AriaLocale>
      <ModalOverlay className="filters__modal-overlay" isOpen isDismissable={false} onOpenChange={(open) => !open && onClose()}>
        <Modal className="filters__modal">
          <Dialog className={className ? `dialog ${className}` : 'dialog'} role={role}>
            <Heading slot="title">{title}</Heading>
            {children}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaLocale>
  );
}
