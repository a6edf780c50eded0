// Live master data: a saved row is announced to every open console, which updates its lists and pickers.
import type { EntityPath } from '../../domain/screens/entities/definition';
import type { Services } from '../services';

/**
 * Tells every console that may see it that a row of `path` changed: the hub carries the change to every server
 * instance, whose alarm sockets pass it to their users who see `companyCode` (server/live/entity-notices.ts). Call it
 * after the write is committed, so a console that hears it reads the new row. A server speaking only the spec's
 * contract has no such notice and announces nothing.
 */
export function announceEntityChange(services: Services, path: EntityPath, key: string, companyCode: string | null): Promise<void> {
  if (services.wire.extensionRoutes) services.hub.publishNotice({ kind: 'entityChanged', path, key, companyCode });
  return Promise.resolve();
}
