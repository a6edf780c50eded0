// Every master-data screen by route path. A settings route without an entry shows "not available yet".
import type { EntityDef, EntityPath } from './definition';
import { ACCOUNT_ENTITIES } from './accounts';
import { DEVICE_PARAM_ENTITIES } from './device-params';
import { FLEET_ENTITIES } from './fleet';
import { PLACE_ENTITIES } from './places';
import { THRESHOLD_ENTITIES } from './thresholds';

export const ENTITIES: Readonly<Partial<Record<EntityPath, EntityDef>>> = {
  ...PLACE_ENTITIES,
  ...FLEET_ENTITIES,
  ...ACCOUNT_ENTITIES,
  ...THRESHOLD_ENTITIES,
  ...DEVICE_PARAM_ENTITIES,
};

const BY_PATH: ReadonlyMap<string, EntityDef> = new Map(Object.values(ENTITIES).map((def) => [def.path, def]));

export function entityFor(path: string): EntityDef | undefined {
  return BY_PATH.get(path);
}
