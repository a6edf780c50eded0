// Which screens read a master-data list: its own, the screens whose fields name its rows (a camera setting names a
// truck), and the screens that pick its rows without such a field (the send dialogs' truck choosers, the remote
// commands' templates). The list call serves them all; writing serves the screen's own alone.
import type { RoutePath } from '../../domain/routes';
import type { EntityDef, EntityPath } from '../../domain/screens/entities/definition';
import { ENTITIES, entityFor } from '../../domain/screens/entities/registry';

const SENDING_SCREENS: readonly RoutePath[] = Object.values(ENTITIES).flatMap((def) => (def.send ? [def.path] : []));

/** Screens that pick rows of a list though none of their fields names it. */
const PICKERS: Readonly<Partial<Record<EntityPath, readonly RoutePath[]>>> = {
  '/setting/base_data/truck': [
    ...SENDING_SCREENS, '/setting/alarm_threshold/remote', '/setting/device_parameter/params_files', '/setting/base_data/test',
  ],
  '/setting/alarm_threshold/remote_template': ['/setting/alarm_threshold/remote'],
};

/** The screens a definition's list serves, its own first. */
export function listScreens(def: EntityDef): readonly RoutePath[] {
  const referrers = Object.values(ENTITIES).filter((other) => other.fields.some((field) => field.ref?.path === def.path));
  return [...new Set([def.path, ...referrers.map((other) => other.path), ...(PICKERS[def.path] ?? [])])];
}

/** The screens that read rows of this path: a definition's list readers, or the screen itself. */
export function readersOf(path: EntityPath): readonly RoutePath[] {
  const def = entityFor(path);
  return def ? listScreens(def) : [path];
}
