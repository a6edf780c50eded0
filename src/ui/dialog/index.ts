// The console's one modal dialog, built on react-aria-components: import it only from lazily loaded modules.
export { ModalDialog } from './ModalDialog';
