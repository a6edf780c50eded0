// The console's one modal dialog, on react-aria's Modal and Dialog: named by its title, focus moves in (to the element
// marked autoFocus, else to the dialog itself) and stays there, Escape closes, focus goes back where it was on close,
// and the page behind is inert. It never outgrows the window: the title and the actions stay in view while the body
// scrolls. Its kinds are configuration: a form (`form`: body and actions in one form, Enter submits), a question
// (`confirm`), or something to read (only a close action).
import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { AriaLocale } from '../filters/AriaLocale';
import { rememberOpener, returnTarget } from './return-focus';
import './dialog.css';

/** The form a form dialog wraps around its body and actions; constraint validation is the caller's, not the browser's. */
interface DialogForm {
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  readonly className?: string;
  readonly ref?: Ref<HTMLFormElement>;
}

/** A question before an action (disable a row, reset a password, send a command that restarts a device). */
interface DialogQuestion {
  /** Already translated, as the labels. */
  readonly text: string;
  readonly cancelLabel: string;
  readonly confirmLabel: string;
  readonly onConfirm: () => void;
  /** While the confirmed action runs: confirm is disabled. */
  readonly busy?: boolean;
  /** Confirm drawn as the primary action. */
  readonly primary?: boolean;
}

interface DialogBase {
  /** Already translated. */
  readonly title: string;
  /** Escape; cancel and close buttons call it too. */
  readonly onClose: () => void;
  readonly className?: string;
}

interface ContentDialog extends DialogBase {
  /** The body: what scrolls when the window is too short for it. */
  readonly children: ReactNode;
  /** The buttons under the body (cancel, submit, close), always in view. */
  readonly actions?: ReactNode;
  /** Makes it a form dialog. */
  readonly form?: DialogForm;
  /** An outcome to acknowledge is announced as an alert dialog. */
  readonly role?: 'dialog' | 'alertdialog';
  readonly confirm?: undefined;
}

/** The question as an alert dialog with cancel and confirm; focus starts on confirm, Escape cancels. */
interface QuestionDialog extends DialogBase {
  readonly confirm: DialogQuestion;
  readonly children?: undefined;
  readonly actions?: undefined;
  readonly form?: undefined;
  readonly role?: undefined;
}

type ModalDialogProps = ContentDialog | QuestionDialog;

const OVERLAY = 'dialog__overlay';

/** Gives focus back on close where react-aria cannot: when the element it would return to went with a replaced dialog. */
function useReturnFocus() {
  const overlayRef = useRef<HTMLDivElement>(null);
  // Read while rendering, before an autoFocus field of this dialog takes the focus.
  const [opener] = useState(() => document.activeElement);
  useLayoutEffect(() => {
    if (overlayRef.current && opener) rememberOpener(overlayRef.current, opener);
    return () => {
      // After react-aria's own restore, which runs in the next frame too: only focus lost to the page is taken back.
      requestAnimationFrame(() => {
        if (document.activeElement === null || document.activeElement === document.body) returnTarget(opener, `.${OVERLAY}`)?.focus();
      });
    };
  }, [opener]);
  return overlayRef;
}

function questionParts(question: DialogQuestion, onClose: () => void) {
  return {
    body: <p>{question.text}</p>,
    actions: (
      <>
        <button type="button" onClick={onClose}>
          {question.cancelLabel}
        </button>
        <button type="button" className={question.primary ? 'dialog__confirm dialog__primary' : 'dialog__confirm'} autoFocus disabled={question.busy} onClick={question.onConfirm}>
          {question.confirmLabel}
        </button>
      </>
    ),
  };
}

export function ModalDialog(props: ModalDialogProps) {
  const { title, onClose, className } = props;
  const overlayRef = useReturnFocus();
  const { body, actions } = props.confirm ? questionParts(props.confirm, onClose) : { body: props.children, actions: props.actions };
  const role = props.confirm ? 'alertdialog' : (props.role ?? 'dialog');
  const content = (
    <>
      <div className="dialog__body">{body}</div>
      {actions !== undefined && <div className="dialog__actions">{actions}</div>}
    </>
  );
  return (
    <AriaLocale>
      <ModalOverlay ref={overlayRef} className={OVERLAY} isOpen isDismissable={false} onOpenChange={(open) => !open && onClose()}>
        <Modal className="dialog__modal">
          <Dialog className={className ? `dialog ${className}` : 'dialog'} role={role}>
            <Heading slot="title">{title}</Heading>
            {props.form ? (
              <form ref={props.form.ref} className={props.form.className ? `dialog__form ${props.form.className}` : 'dialog__form'} noValidate onSubmit={props.form.onSubmit}>
                {content}
              </form>
            ) : (
              content
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaLocale>
  );
}
