// Opens a master-data screen for the tests: the station definition's rows on the in-memory server, the screen in a
// router whose address the tests read.
import { render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import EntityScreen from '../../../src/app/screens/entity/EntityScreen';
import { entityFor } from '../../../domain/screens/entities/registry';
import type { EntityDef } from '../../../domain/screens/entities/definition';
import type { EntityRow } from '../../../domain/screens/entities/wire';
import { entityServer } from './entity-server';

export const STATION_PATH = '/setting/base_data/station';

export function stationDef(): EntityDef {
  const def = entityFor(STATION_PATH);
  if (!def) throw new Error('no station definition');
  return def;
}

/** 2026-11-20 09:30 in the tests' zone (Asia/Shanghai). */
const EDITED_AT = new Date(2026, 10, 20, 9, 30).getTime();

const STATIONS: readonly EntityRow[] = [
  {
    key: '1', version: 1, status: 1, modifiedBy: 'admin', modifiedAt: EDITED_AT,
    values: { name: '东站', code: 'S001', shortName: '东', companyCode: 'C002', address: '东路1号', phone: '010-1', safeRange: 500, lng: 116.4, lat: 39.9 },
  },
  {
    key: '2', version: 4, status: 0, modifiedBy: null, modifiedAt: null,
    values: { name: '西站', code: 'S002', shortName: '西', companyCode: 'C001', address: null, phone: null, safeRange: 0, lng: 116.1, lat: 39.8 },
  },
];

// The grid, the lazy filters and the first calls: seconds on a loaded 2-core machine.
export const SLOW = { timeout: 10_000 };

export function openStations(search = '') {
  const server = entityServer(stationDef(), STATIONS);
  const location = memoryLocation({ path: `${STATION_PATH}${search}`, record: true });
  render(
    <Router hook={location.hook}>
      <EntityScreen def={stationDef()} />
    </Router>,
  );
  const lastUrl = () => location.history?.at(-1) ?? '';
  return { server, location, lastUrl };
}

/** The list's cell texts of one column, top to bottom. */
export function columnTexts(colId: string): string[] {
  return [...document.querySelectorAll<HTMLElement>(`.ag-row[row-index] .ag-cell[col-id="${colId}"]`)]
    .sort((a, b) => Number(a.closest('[row-index]')?.getAttribute('row-index')) - Number(b.closest('[row-index]')?.getAttribute('row-index')))
    .map((cell) => cell.textContent?.trim() ?? '');
}

export const findRowButton = (name: string) => screen.findByRole('button', { name }, SLOW);
export const dialog = () => screen.getByRole('dialog');
export const inDialog = () => within(dialog());
