// A 1,000-row bulk import as the console sends it: the screen's template downloaded, filled with valid rows, uploaded;
// timed from the upload's first byte to the answer. Trucks when their screen takes an import, else stations (said so).
// Also a file whose last row repeats a stored plate: every row is checked, nothing is inserted, and that takes its time.
import type { EntityDef } from '../../domain/screens/entities/definition';
import { entityFor } from '../../domain/screens/entities/registry';
import { isImportable, isSheetField, type ImportDone, type ImportRefusal } from '../../domain/screens/entities/transfer';
import { translate } from '../../domain/i18n';
import { login } from '../helpers/api';
import { fillTemplate, postForDownload, upload } from '../server/entities/transfer-calls';
import { TRUCK } from './settings-list';

export const IMPORT_GOAL_MS = 2_000;

const STATION = entityFor('/setting/base_data/station');
/** The fleet companies the administrator may import into, in turn. */
const COMPANIES = ['C002', 'C003', 'C004', 'C005'] as const;

type Row = Record<string, string>;

/** A choice as the template's drop-down list writes it: its Chinese label. */
function label(def: EntityDef, key: string, value: string): string {
  const option = def.fields.find((field) => field.key === key)?.options?.find((candidate) => candidate.value === value);
  return option ? translate('zh', option.labelKey) : value;
}

/** A valid new truck; `tag` keeps plates, serial numbers and phones apart between files. */
function truckRow(tag: number, i: number): Row {
  const n = String(i).padStart(4, '0');
  return {
    signCode: `测${tag}·Q${n}`, consoleSn: `BENCH${tag}${n}`, companyCode: COMPANIES[i % COMPANIES.length] ?? 'C002', parentCode: '',
    model: label(TRUCK, 'model', 'fuel'), phone: `1440${tag}${String(i).padStart(6, '0')}`.slice(0, 11), channels: '4',
    timeZone: label(TRUCK, 'timeZone', '+08:00'), capacity: '21.5', length: '10.2', trailers: '0', compartments: '3', flowMeters: '1',
    city: '上海', district: '浦东新区', plateColor: label(TRUCK, 'plateColor', 'yellow'), truckColor: '白',
  };
}

function stationRow(tag: number, i: number): Row {
  const n = `${tag}${String(i).padStart(4, '0')}`;
  return {
    name: `导入站${n}`, code: `IMP${n}`, shortName: `导${n}`, companyCode: COMPANIES[i % COMPANIES.length] ?? 'C002', address: `地址${n}`,
    phone: '021-5555', safeRange: '120', lng: '121.45', lat: '31.23',
  };
}

interface ImportFigure {
  readonly screen: string;
  /** Upload → answer of each accepted 1,000-row file, ms. */
  readonly accepted: readonly number[];
  /** Upload → answer of the file refused for its last row, ms. */
  readonly refused: number;
  readonly bytes: number;
  readonly note: string;
}

export async function measureImport(base: string, rows: number, runs: number): Promise<ImportFigure> {
  const truckImport = isImportable(TRUCK);
  const def = truckImport ? TRUCK : STATION;
  if (!def) throw new Error('neither the truck nor the station screen has an entity definition');
  const makeRow = truckImport ? truckRow : stationRow;
  const keys = def.fields.filter(isSheetField).map((field) => field.key);
  const { token } = await login(base, 'admin');
  const template = (await postForDownload(base, token, def, 'template', { language: 'zh', fileName: 'template.xlsx' })).body;
  const fileOf = (tag: number, last?: Row) =>
    fillTemplate(template, keys, Array.from({ length: rows }, (_, i) => (i === rows - 1 && last ? last : makeRow(tag, i))));

  const timed = async (file: Buffer) => {
    const t0 = performance.now();
    const answer = await upload<ImportDone | ImportRefusal>(base, token, def, file);
    return { ms: performance.now() - t0, answer };
  };
  const accepted: number[] = [];
  let bytes = 0;
  for (let tag = 1; tag <= runs; tag += 1) {
    const file = await fileOf(tag);
    bytes = file.length;
    const { ms, answer } = await timed(file);
    if (answer.resultCode !== 200) throw new Error(`the ${rows}-row import was refused: ${answer.message} ${JSON.stringify(answer.data).slice(0, 500)}`);
    accepted.push(ms);
  }
  // The last row repeats the first file's first row: found only by the uniqueness check against stored rows.
  const refusedFile = await fileOf(runs + 1, makeRow(1, 0));
  const refused = await timed(refusedFile);
  if (refused.answer.resultCode === 200) throw new Error('a file repeating a stored row was imported');
  const screen = def.path.split('/').pop() ?? def.path;
  return { screen, accepted, refused: refused.ms, bytes, note: truckImport ? '' : 'the truck screen takes no import yet: stations measured' };
}
