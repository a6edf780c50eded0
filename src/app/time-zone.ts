// The zone this browser shows times in: the fleet's (VITE_FLEET_TIME_ZONE at build time, China's by default), or the
// browser's own when the user chose it. Set before the first render, told to the server in the time-zone cookie (its
// answers and exports then read the same), and the same in every tab: a switch reloads them all.
import { DEFAULT_FLEET_ZONE, isTimeZone, setDisplayZone, TIME_ZONE_COOKIE } from '../../domain/format/zone';
import { writeCookie } from './cookies';

export type ZoneChoice = 'fleet' | 'browser';

/** Where the choice is kept: per browser, like the language. */
const CHOICE_KEY = 'time-zone-choice';

const configured = import.meta.env.VITE_FLEET_TIME_ZONE?.trim() ?? '';
export const FLEET_ZONE = isTimeZone(configured) ? configured : DEFAULT_FLEET_ZONE;

/** The browser's zone; the fleet's when the browser names none it knows. */
export function browserZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : FLEET_ZONE;
}

export function storedZoneChoice(): ZoneChoice {
  try {
    return localStorage.getItem(CHOICE_KEY) === 'browser' ? 'browser' : 'fleet';
  } catch {
    return 'fleet';
  }
}

function zoneOfChoice(choice: ZoneChoice): string {
  return choice === 'browser' ? browserZone() : FLEET_ZONE;
}

/** Shows every time in the chosen zone from now on; once, before the console renders. */
export function initTimeZone(): void {
  const zone = zoneOfChoice(storedZoneChoice());
  setDisplayZone(zone);
  writeCookie(TIME_ZONE_COOKIE, zone);
  // Another tab switched: this one follows, so no two tabs of a browser (and their exports) disagree.
  window.addEventListener('storage', (event) => {
    if (event.key === CHOICE_KEY && zoneOfChoice(storedZoneChoice()) !== zone) window.location.reload();
  });
}

/** Keeps the choice and reloads: times already on screen, in grids and charts, are drawn again in the new zone. */
export function switchZone(choice: ZoneChoice): void {
  if (choice === 'browser') localStorage.setItem(CHOICE_KEY, 'browser');
  else localStorage.removeItem(CHOICE_KEY);
  window.location.reload();
}
