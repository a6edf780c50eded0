// The urgent alarm's desktop notification for a hidden tab: permission asked on a click only, one notification per browser.
import { alarmKey } from '../../../domain/wire/live-alarm';
import type { LiveAlarm } from '../../../domain/wire/live-alarm';

/** The part of a shown Notification used here. */
export interface NotificationLike {
  onclick: ((event: Event) => unknown) | null;
  close(): void;
}

/** The part of the Notification constructor used here; tests pass a fake. */
interface NotificationCtor {
  new (title: string, options: { readonly body: string; readonly tag: string }): NotificationLike;
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
}

/** The part of `document` used here: whether the tab is visible, and its changes. */
interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface DesktopEnv {
  /** Undefined where the browser has no Notification API (or outside a secure context). */
  readonly Notification: NotificationCtor | undefined;
  readonly document: VisibilitySource;
  /** Brings this tab's window to the front. */
  focus(): void;
}

export function browserDesktopEnv(): DesktopEnv {
  return {
    Notification: typeof Notification === 'function' ? Notification : undefined,
    document,
    focus: () => window.focus(),
  };
}

/** 'unsupported' where there is no Notification API; otherwise the browser's permission. */
type DesktopPermission = NotificationPermission | 'unsupported';

export function desktopPermission(env: DesktopEnv): DesktopPermission {
  return env.Notification?.permission ?? 'unsupported';
}

/** Asks the browser once; call it from a click only (browsers ignore or penalise a request without a user gesture). */
export async function requestDesktopPermission(env: DesktopEnv): Promise<DesktopPermission> {
  if (!env.Notification) return 'unsupported';
  try {
    return await env.Notification.requestPermission();
  } catch {
    return env.Notification.permission;
  }
}

/** The same alarm shown from several tabs collapses into one notification. */
function urgentTag(alarm: LiveAlarm): string {
  return `urgent-${alarmKey(alarm)}`;
}

interface UrgentDesktopAlert {
  readonly alarm: LiveAlarm;
  readonly title: string;
  readonly body: string;
  /** Asks the worker whether this tab shows it: no tab is visible, and no other hidden tab claimed this alarm first. */
  readonly claim: (key: string) => Promise<boolean>;
  /** A click on the notification, after the window was focused: open the urgent alarm screen. */
  readonly onOpen: () => void;
}

/**
 * Shows the notification when permission is granted, this tab is hidden and the worker gives it this alarm (no tab of
 * the browser is visible, and no other hidden tab claimed it first). Resolves with whether it showed one.
 */
export async function showUrgentDesktopAlert(env: DesktopEnv, alert: UrgentDesktopAlert): Promise<boolean> {
  const Ctor = env.Notification;
  const visible = () => env.document.visibilityState === 'visible';
  if (!Ctor || Ctor.permission !== 'granted' || visible()) return false;
  const tag = urgentTag(alert.alarm);
  if (!(await alert.claim(tag).catch(() => false))) return false;
  // The tab may have come to the front while the worker answered.
  if (visible()) return false;
  let notification: NotificationLike;
  try {
    notification = new Ctor(alert.title, { body: alert.body, tag });
  } catch {
    // Some browsers (Chrome on Android) allow notifications only through a service worker: the dialog still shows.
    return false;
  }
  notification.onclick = () => {
    env.focus();
    notification.close();
    alert.onOpen();
  };
  return true;
}
