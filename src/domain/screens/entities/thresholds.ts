// The alarm-threshold screens as entity definitions (issue 14, Thresholds that act).
import type { EntityDef, EntityPath } from './definition';

export const THRESHOLD_ENTITIES = {} as const satisfies Partial<Record<EntityPath, EntityDef>>;
