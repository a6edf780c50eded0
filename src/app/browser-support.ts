// This page's browser abilities, read once, and the spec's alerts when one is missing.
import { abilitiesOf, supportAlerts, type BrowserAbilities } from '../../domain/shell/browser-support';
import { showAlert } from '../ui/notify';

/** The page's own abilities; a global scope is a record of names to values. */
export const pageAbilities: BrowserAbilities = abilitiesOf(globalThis as unknown as Readonly<Record<string, unknown>>);

/** Shows each missing ability's alert once; called when the app starts. */
export function announceMissingAbilities(abilities: BrowserAbilities = pageAbilities): void {
  for (const alert of supportAlerts(abilities)) showAlert(alert.title, { key: alert.text });
}
