// Who hears a master-data change (live master data): the alarm sockets of users who see the row's company, every
// superMan, and for a row of no company those who may read its list. The notice names the row and never carries it, so
// a console fetches it again with its own rights.
import { mayCall, type Grants } from '../auth/access';
import { readersOf } from '../entities/entity-readers';
import type { EntityChange } from './hub';

/** What a socket knows of its user when a change arrives: the grants and the companies (userPri) loaded last. */
export interface EntityViewer extends Grants {
  readonly companyCodes: ReadonlySet<string>;
}

/** Whether the change concerns rows this user may see. */
export function seesEntityChange(viewer: EntityViewer, change: EntityChange): boolean {
  if (viewer.superMan) return true;
  if (change.companyCode !== null) return viewer.companyCodes.has(change.companyCode);
  return mayCall(viewer, readersOf(change.path));
}
