// What the console needs of the browser, and the spec's alerts when it is missing (shell spec §7 Sockets, §8 Other texts).
import type { LocaleKey } from '../i18n';

export interface BrowserAbilities {
  /** WebSocket, and a worker (shared or dedicated) to hold the sockets: without both there is no live data. */
  readonly live: boolean;
  /** The HTTP transport the shared client uses; the spec's alert calls it XMLHttp. */
  readonly http: boolean;
}

interface SupportAlert {
  readonly title: LocaleKey;
  readonly text: LocaleKey;
}

/** The global names the console relies on; any object holding them (a window, a worker scope, a test's record). */
export function abilitiesOf(scope: Readonly<Record<string, unknown>>): BrowserAbilities {
  const has = (name: string) => typeof scope[name] === 'function';
  return {
    live: has('WebSocket') && (has('SharedWorker') || has('Worker')),
    http: has('fetch') && has('XMLHttpRequest'),
  };
}

/** The alerts to show once when the page loads: '提示 / 访问限制' without live data, the XMLHttp alert without HTTP. */
export function supportAlerts(abilities: BrowserAbilities): readonly SupportAlert[] {
  const alerts: SupportAlert[] = [];
  if (!abilities.live) alerts.push({ title: 'error.socketUnsupportedTitle', text: 'error.socketUnsupported' });
  if (!abilities.http) alerts.push({ title: 'error.socketUnsupportedTitle', text: 'error.xmlHttpUnsupported' });
  return alerts;
}
