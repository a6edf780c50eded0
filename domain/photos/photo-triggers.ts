// What takes a snapshot (docs/photos.md): the camera masks of ctlsyscfg.txt name six triggers; the simulator's events
// stand for five of them. The timer (a photo every so often while driving) has no event and its mask is 0 by default:
// it takes no photos here.
import type { EventKind } from '../events';
import type { LocaleKey } from '../i18n';

export const PHOTO_TRIGGERS = ['valve', 'bottomValve', 'manhole', 'truckStop', 'lostConsole'] as const;
export type PhotoTrigger = (typeof PHOTO_TRIGGERS)[number];

export function isPhotoTrigger(value: unknown): value is PhotoTrigger {
  return typeof value === 'string' && (PHOTO_TRIGGERS as readonly string[]).includes(value);
}

/** The ctlsyscfg.txt key holding each trigger's camera mask (channels 1–8 as bits 0–7). */
export const TRIGGER_MASK_KEYS: Readonly<Record<PhotoTrigger, string>> = {
  valve: 'valveCameraMask',
  bottomValve: 'bottomValveCameraMask',
  manhole: 'manholeCameraMask',
  truckStop: 'truckStopCameraMask',
  lostConsole: 'lostConsoleCameraMask',
};

/**
 * The event kinds that fire each trigger: the emergency shut-off valve closing or opening; a bottom valve opened to
 * unload a compartment (every unloading runs through it); a manhole cover opened; a stop; the console going silent.
 */
export const TRIGGER_EVENT_KINDS: Readonly<Record<PhotoTrigger, readonly EventKind[]>> = {
  valve: ['emergency_valve'],
  bottomValve: ['unload'],
  manhole: ['switch_cover'],
  truckStop: ['parking'],
  lostConsole: ['offline'],
};

const TRIGGER_OF_KIND: ReadonlyMap<string, PhotoTrigger> = new Map(
  PHOTO_TRIGGERS.flatMap((trigger) => TRIGGER_EVENT_KINDS[trigger].map((kind) => [kind, trigger] as const)),
);

/** The trigger an event of this kind fires, or undefined for a kind that takes no photo. */
export function triggerOfKind(kind: string): PhotoTrigger | undefined {
  return TRIGGER_OF_KIND.get(kind);
}

export const TRIGGER_LABEL_KEYS: Readonly<Record<PhotoTrigger, LocaleKey>> = {
  valve: 'photos.triggers.valve',
  bottomValve: 'photos.triggers.bottomValve',
  manhole: 'photos.triggers.manhole',
  truckStop: 'photos.triggers.truckStop',
  lostConsole: 'photos.triggers.lostConsole',
};

/** The channels (1–8) a camera mask names, in order; bits above the eighth are ignored. */
export function maskChannels(mask: number): number[] {
  const channels: number[] = [];
  for (let bit = 0; bit < 8; bit += 1) if ((mask >> bit) & 1) channels.push(bit + 1);
  return channels;
}
