// The one modal dialog of the console, built on react-aria-components: import it only from lazily loaded modules.
export { ModalDialog, type ModalDialogProps } from './ModalDialog';
