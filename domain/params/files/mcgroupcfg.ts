// mcgroupcfg.txt (type 5), the combined compartments (params spec §3.1): the switch, how many groups (0–4), and per
// group its switch, mode, master compartment (0–8) and up to three attached compartments.
import type { ParamFileDef } from '../catalogue-types';
import { paramFields, paramFile } from './field-helpers';

const f = paramFields('mcgroupcfg');
const GROUPS_MAX = 4;
const MASTER_INDEX_MAX = 8;
const ATTACHED_MAX = 3;
/** 0 parallel (the group loads and unloads as one), 1 sequential (the master first, then the attached). */
const COMB_MODES = [0, 1] as const;

// The master compartment has the spec's own bound (master index 0 to 8); the attached ones may be any compartment.
const master = (key: string, def: number) => f.int(key, 0, MASTER_INDEX_MAX, def, { shownOffset: 1, showInDetail: true });

export const mcgroupcfg: ParamFileDef = paramFile('mcgroupcfg.txt', 5, [
  f.switch('enable', 0, { showInDetail: true }),
  f.int('groupsCount', 0, GROUPS_MAX, 0, { showInDetail: true }),
], [
  f.section('group', 'groupsCount', GROUPS_MAX, [
    f.switch('en', 1),
    f.select('combMode', 'mcgroupCombMode', COMB_MODES, 0),
    master('masterCompIndex', 0),
    f.int('attachedCompsCount', 0, ATTACHED_MAX, 1, { tip: true, showInDetail: true }),
    // Always three slots in the file; only the first attachedCompsCount of them are read.
    f.compartment('attachedCompIndex0', 1),
    f.compartment('attachedCompIndex1', 2),
    f.compartment('attachedCompIndex2', 3),
  ]),
]);
