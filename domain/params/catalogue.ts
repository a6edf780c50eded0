// The eleven device parameter files of params spec §3.1, in the spec's order, and the lookup by file name.
import type { ParamFileDef, ParamFileName } from './catalogue-types';
import { ctlsyscfg } from './files/ctlsyscfg';
import { elscfg } from './files/elscfg';
import { elspproperty } from './files/elspproperty';
import { extdevcfg1 } from './files/extdevcfg1';
import { mcgroupcfg } from './files/mcgroupcfg';
import { mlockcfg } from './files/mlockcfg';
import { printercfg } from './files/printercfg';
import { syscfg } from './files/syscfg';
import { tlscfg } from './files/tlscfg';
import { tlspproperty } from './files/tlspproperty';
import { uiCfg } from './files/ui';

export const PARAM_FILES: readonly ParamFileDef[] = [
  syscfg, ctlsyscfg, elscfg, elspproperty, tlscfg, extdevcfg1, mlockcfg, mcgroupcfg, uiCfg, printercfg, tlspproperty,
];

const BY_NAME = new Map(PARAM_FILES.map((def) => [def.name, def]));

export function paramFileDef(name: ParamFileName): ParamFileDef {
  const def = BY_NAME.get(name);
  if (!def) throw new RangeError(`no parameter file ${name}`);
  return def;
}
