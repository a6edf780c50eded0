// Heading in degrees → one of 16 compass points, each a 22.5° sector centred on its direction.
import { translate, type Lang, type LocaleKey } from '../i18n';

/** Clockwise from north; the index times 22.5° is the sector's centre. */
export const COMPASS_POINTS = [
  'n', 'nne', 'ne', 'ene', 'e', 'ese', 'se', 'sse',
  's', 'ssw', 'sw', 'wsw', 'w', 'wnw', 'nw', 'nnw',
] as const;
type CompassPoint = (typeof COMPASS_POINTS)[number];
type CompassKey = CompassPoint | 'unknown';

const SECTOR_DEGREES = 360 / COMPASS_POINTS.length;

/**
 * The point whose sector holds `degrees`; a sector includes its lower edge, so 11.25 is already
 * nne and 348.75 is n again. Devices report 0–360 inclusive; anything else is 'unknown'.
 */
export function compassKey(degrees: number): CompassKey {
  if (!Number.isFinite(degrees) || degrees < 0 || degrees > 360) return 'unknown';
  const index = Math.floor((degrees + SECTOR_DEGREES / 2) / SECTOR_DEGREES) % COMPASS_POINTS.length;
  return COMPASS_POINTS[index] ?? 'unknown';
}

export function compassLocaleKey(degrees: number): LocaleKey {
  return `compass.${compassKey(degrees)}` satisfies LocaleKey;
}

export function compassName(degrees: number, lang: Lang): string {
  return translate(lang, compassLocaleKey(degrees));
}
