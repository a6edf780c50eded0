// The spec §8 reactions of the HTTP client, as the console shows them: logout and reload, alerts, toasts.
import { CallError, failureText, setReactions } from '../api/client';
import { showAlert, showToast } from '../ui/notify';

interface SessionEvents {
  send(event: { type: 'session.expired' } | { type: 'session.refresh' }): void;
}

export function installReactions(session: SessionEvents): () => void {
  return setReactions({
    sessionExpired: () => session.send({ type: 'session.expired' }),
    // The spec leaves the routine after confirming open: the rights may have changed, so menus and privileges reload.
    accessLimit: (message) => showAlert('error.accessLimit', { text: message }, () => session.send({ type: 'session.refresh' })),
    accessError: (message) => showAlert('error.accessError', { text: message }),
    errorToast: (message) => showToast('error', { text: message }),
    requestFailed: () => showAlert('error.requestFailed', { key: 'error.accessErrorDetail' }),
  });
}

/** Shows a failure the client has not shown yet (a network error, or a passed-back refusal). */
export function reportFailure(error: unknown): void {
  if (error instanceof CallError && error.shown) return;
  showToast('error', failureText(error));
}
