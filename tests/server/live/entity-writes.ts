// Station writes through the entity calls, and the "entity changed" notice each saved one sends, for the live tests.
import { ENTITIES } from '../../../domain/screens/entities/registry';
import type { EntityDef } from '../../../domain/screens/entities/definition';
import { entityCallPath, type EntityRow } from '../../../domain/screens/entities/wire';
import { entityChangedFrame } from '../../../domain/wire/entity-notice';
import { call } from '../../helpers/api';
import { validInput } from '../entities/entity-server';

export const STATION: EntityDef = ENTITIES['/setting/base_data/station'] ?? expectedStation();

function expectedStation(): never {
  throw new Error('the station screen has no entity definition');
}

let made = 0;

/** A new station of `company`, saved through the entity call as the token's user. */
export async function createStation(url: string, token: string, company: string): Promise<EntityRow> {
  made += 1;
  const form = validInput(STATION, `live-${process.pid}-${made}`, company);
  return saved(await call<EntityRow>(url, 'POST', entityCallPath(STATION.path), { token, form }));
}

/** Renames a station against `version`; the answer as it came (a stale version is refused with 409). */
export function renameStation(url: string, token: string, row: EntityRow, name: string, version = row.version) {
  return call<EntityRow>(url, 'PUT', `${entityCallPath(STATION.path)}/${encodeURIComponent(row.key)}`, { token, form: { version, name } });
}

export function saved(answer: { readonly resultCode: number; readonly message: string; readonly data: EntityRow }): EntityRow {
  if (answer.resultCode !== 200) throw new Error(`the station was not saved: ${answer.resultCode} ${answer.message}`);
  return answer.data;
}

/** The alarm socket's text for a change of this station. */
export function stationNotice(row: EntityRow): string {
  const company = row.values['companyCode'];
  return JSON.stringify(entityChangedFrame(STATION.path, row.key, typeof company === 'string' ? company : null));
}
