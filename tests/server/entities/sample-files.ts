// The files a valid upload holds in the entity tests: a tank table of two compartments and an upgrade file's bytes.
import { sampleTankTable } from '../../../domain/params/tank-table-sample';

/** A tank table of two compartments, 20,000 L over 1,500 mm. */
export const SAMPLE_TANK_TABLE = sampleTankTable(2, 20_000, 1500);
/** An upgrade file's bytes: a few kilobytes of a firmware image's look. */
export const SAMPLE_UPGRADE = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37 + 11) % 256));
