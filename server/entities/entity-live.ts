// Live master data (issue 14): a saved row is announced to every open console, which updates its lists and pickers.
import type { EntityPath } from '../../src/domain/screens/entities/definition';
import type { Services } from '../services';

/** Tells every console that may see it that a row of `path` changed. */
export async function announceEntityChange(_services: Services, _path: EntityPath, _key: string, _companyCode: string | null): Promise<void> {
  // Filled in by the live master-data work of issue 14.
}
