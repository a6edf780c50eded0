// Who hears a master-data change (live master data): the alarm sockets of users who see the row's company, every
// superMan, and for a row of no company those who may open its screen. The notice names the row and never carries it,
// so a console fetches it again with its own rights.
import { routeByPath } from '../../src/domain/routes';
import { entityChangedFrame, type EntityChangedFrame } from '../../src/domain/wire/entity-notice';
import { mayCall, type Grants } from '../auth/access';
import type { EntityChange } from './hub';

/** What a socket knows of its user when a change arrives: the grants and the companies (userPri) loaded last. */
export interface EntityViewer extends Grants {
  readonly companyCodes: ReadonlySet<string>;
}

/** Whether the change concerns rows this user may see. */
export function seesEntityChange(viewer: EntityViewer, change: EntityChange): boolean {
  if (viewer.superMan) return true;
  if (change.companyCode !== null) return viewer.companyCodes.has(change.companyCode);
  const route = routeByPath(change.path);
  return route !== undefined && mayCall(viewer, route.needs);
}

/** The frame this viewer's alarm socket sends for the change, or undefined when it must not hear of it. */
export function entityNoticeFor(viewer: EntityViewer, change: EntityChange): EntityChangedFrame | undefined {
  return seesEntityChange(viewer, change) ? entityChangedFrame(change.path, change.key, change.companyCode) : undefined;
}
