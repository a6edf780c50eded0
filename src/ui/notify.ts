// Toasts and alerts as a tiny store outside React: the HTTP client's reactions and the machines post here, the UI renders.
import type { ToastType } from '../../domain/constants';
import type { LocaleKey, LocaleValues } from '../../domain/i18n';

/** A locale key rendered in the language of the moment, or a text as the server sent it. */
export type NoticeText = { readonly key: LocaleKey; readonly values?: LocaleValues } | { readonly text: string };

interface Toast {
  readonly id: number;
  readonly type: ToastType;
  readonly message: NoticeText;
}

interface Alert {
  readonly id: number;
  readonly title: LocaleKey;
  readonly message: NoticeText;
  /** Runs after the user confirms. */
  readonly onConfirm?: () => void;
}

interface Notices {
  readonly toasts: readonly Toast[];
  readonly alerts: readonly Alert[];
}

/** How long a toast stays; the spec names none, this is long enough to read a server message. */
export const TOAST_DURATION_MS = 3000;

let notices: Notices = { toasts: [], alerts: [] };
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: Notices): void {
  notices = next;
  for (const listener of listeners) listener();
}

export function subscribeNotices(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentNotices(): Notices {
  return notices;
}

export function dismissToast(id: number): void {
  if (notices.toasts.some((t) => t.id === id)) publish({ ...notices, toasts: notices.toasts.filter((t) => t.id !== id) });
}

export function showToast(type: ToastType, message: NoticeText): number {
  const id = nextId++;
  publish({ ...notices, toasts: [...notices.toasts, { id, type, message }] });
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

export function showAlert(title: LocaleKey, message: NoticeText, onConfirm?: () => void): number {
  const id = nextId++;
  publish({ ...notices, alerts: [...notices.alerts, { id, title, message, onConfirm }] });
  return id;
}

export function confirmAlert(id: number): void {
  const alert = notices.alerts.find((a) => a.id === id);
  if (!alert) return;
  publish({ ...notices, alerts: notices.alerts.filter((a) => a.id !== id) });
  alert.onConfirm?.();
}

/** Empties the store (tests; a logout reload does it for real). */
export function resetNotices(): void {
  publish({ toasts: [], alerts: [] });
}
