// The device-parameter definitions and the engine rules they brought: the spec's lists (seven upgrade file
// types, restart and clear as dangerous), uniqueness, limits, the file rules with the spec's messages, the tank-table
// reader's facts and refused lines, and the camera's dual IP format.
import { describe, expect, it } from 'vitest';
import { translate } from '../../../../domain/i18n';
import { sampleTankTable } from '../../../../domain/params/tank-table-sample';
import { fileFieldOf, isEditBlocked, type EntityDef } from '../../../../domain/screens/entities/definition';
import { readFileText } from '../../../../domain/screens/entities/file-readers';
import { entityFor } from '../../../../domain/screens/entities/registry';
import { UPGRADE_FILE_MAX_BYTES, base64Bytes, entityProblems, fieldProblem, fileContentKey, fileProblem } from '../../../../domain/screens/entities/validate';

const defAt = (path: string): EntityDef => {
  const def = entityFor(path);
  if (!def) throw new Error(`no ${path}`);
  return def;
};
const UPGRADE = defAt('/setting/device_parameter/upgrade_file');
const TANK = defAt('/setting/base_data/tank_table');
const CAMERA = defAt('/setting/device_parameter/camera_setup');
const PARAMETER = defAt('/setting/alarm_threshold/parameter');
const TEMPLATE = defAt('/setting/alarm_threshold/remote_template');
const MB = 1024 * 1024;
const fieldAt = (def: EntityDef, key: string) => {
  const found = def.fields.find((field) => field.key === key);
  if (!found) throw new Error(`${def.path} has no ${key}`);
  return found;
};

describe('the device-parameter definitions', () => {
  it('offer the seven upgrade file types of spec §3.2, stored 1–7, with version and description required', () => {
    expect(fieldAt(UPGRADE, 'fileType').options?.map((option) => [option.value, translate('en', option.labelKey)])).toEqual([
      ['1', 'Console upgrade'], ['2', 'Controller'], ['3', 'Console parameters'], ['4', 'Controller parameters'],
      ['5', 'Tank chart/volume table'], ['6', 'Clear command'], ['7', 'Restart command'],
    ]);
    expect(fieldAt(UPGRADE, 'fileVersion').required && fieldAt(UPGRADE, 'description').required).toBe(true);
    expect(fileFieldOf(UPGRADE)).toMatchObject({ required: true, file: { storage: 'bytes', sizeField: 'size' } });
  });

  it('send each screen as its kind, to chosen trucks or the row’s own, restart and clear confirmed', () => {
    expect(UPGRADE.send).toEqual({ kind: 'upgradeFile', to: 'chooseTrucks' });
    expect(TEMPLATE.send).toEqual({ kind: 'command', to: 'chooseTrucks', dangerous: { key: 'command', values: ['restart', 'clear'] } });
    expect([CAMERA.send, PARAMETER.send, TANK.send]).toEqual([{ kind: 'camera', to: 'rowTruck' }, { kind: 'parameter', to: 'rowTruck' }, { kind: 'tankTable', to: 'rowTruck' }]);
  });

  it('hold one camera and one parameter row per truck, a unique template name and tank-table serial number', () => {
    for (const def of [CAMERA, PARAMETER]) expect(fieldAt(def, 'truckId').unique).toBe('global');
    expect(fieldAt(TEMPLATE, 'name').unique).toBe('company');
    expect(fieldAt(TANK, 'serialNo').unique).toBe('company');
  });

  it.each([
    [CAMERA, 'totalChannels', 1, 16], [CAMERA, 'hdLine', 1, 16], [PARAMETER, 'maxSpeed', 1, 200], [PARAMETER, 'overspeedSec', 0, 3600],
    [PARAMETER, 'preOverspeedLead', 0, 50], [PARAMETER, 'preFatigueLead', 0, 60],
  ] as const)('bounds %s %s to %i–%i', (def, key, min, max) => {
    const field = fieldAt(def, key);
    expect(fieldProblem(field, String(min))).toBeUndefined();
    expect(fieldProblem(field, String(max))).toBeUndefined();
    expect(fieldProblem(field, String(max + 1))?.key).toBe('validation.range');
    expect(fieldProblem(field, String(min - 1))?.key).toMatch(/validation\.(range|nonNegativeInteger)/);
  });

  it('takes one or two ip[:port] addresses for a dual IP, refusing anything else in zh and en', () => {
    const dualIp = fieldAt(CAMERA, 'dualIp');
    for (const good of ['10.0.0.1', '10.0.0.1:6608', '10.0.0.1:6608,192.168.1.2:80', '255.255.255.255,1.1.1.1']) expect(fieldProblem(dualIp, good), good).toBeUndefined();
    for (const bad of ['10.0.0', '10.0.0.256', '10.0.0.1:0', '10.0.0.1:65536', 'a.b.c.d', '1.1.1.1,2.2.2.2,3.3.3.3']) expect(fieldProblem(dualIp, bad)?.key, bad).toBe('deviceEntity.validation.ipPorts');
    expect(translate('zh', 'deviceEntity.validation.ipPorts')).toContain('IP[:端口]');
  });

  it('blocks a tank table while it is to be sent, sending or synchronizing only', () => {
    const blocked = ['toBeSent', 'sending', 'synchronizing'];
    for (const state of ['notSent', 'toBeSent', 'sending', 'synchronizing', 'complete', 'failed', 'pipelineFailed', 'inUse', 'history']) {
      expect(isEditBlocked(TANK, { state }), state).toBe(blocked.includes(state));
    }
    expect(translate('en', 'deviceEntity.blocked.tankTable')).toContain('cannot be changed');
  });
});

describe('file fields', () => {
  const tankFile = fieldAt(TANK, 'fileName');
  const upgradeFile = fieldAt(UPGRADE, 'fileName');

  it("refuses a tank table that is not .txt or over 1 MB with the spec's own words", () => {
    expect(fileProblem(tankFile, { name: 'table.csv', size: 10 })?.key).toBe('validation.tankTableType');
    expect(fileProblem(tankFile, { name: 'table.txt', size: 2 * MB })?.key).toBe('validation.tankTableSize');
    expect(fileProblem(tankFile, { name: 'table.TXT', size: MB })).toBeUndefined();
    expect(translate('en', 'validation.tankTableSize')).toBe('File size should not exceed 1MB!');
    expect(translate('en', 'validation.tankTableType')).toBe('Only upload txt files, and no more than 1MB!');
  });

  it('takes an upgrade file of any type up to its limit, not an empty one', () => {
    expect(fileProblem(upgradeFile, { name: 'fw.bin', size: UPGRADE_FILE_MAX_BYTES })).toBeUndefined();
    expect(fileProblem(upgradeFile, { name: 'fw.bin', size: UPGRADE_FILE_MAX_BYTES + 1 })).toMatchObject({ key: 'deviceEntity.file.tooLarge', params: { mb: 8 } });
    expect(fileProblem(upgradeFile, { name: 'fw.bin', size: 0 })?.key).toBe('deviceEntity.file.empty');
  });

  it('needs the file on a new row and keeps the stored one on an edit that sends none', () => {
    const input = { fileType: '1', fileVersion: 'v1', description: 'd', companyCode: 'C002', fileName: 'fw.bin' };
    expect(entityProblems(UPGRADE, input, 'create')).toEqual([{ field: 'fileName', key: 'validation.required' }]);
    expect(entityProblems(UPGRADE, { ...input, [fileContentKey(upgradeFile)]: 'AAEC' }, 'create')).toEqual([]);
    expect(entityProblems(UPGRADE, { fileVersion: 'v2', fileName: 'fw.bin' }, 'update')).toEqual([]);
    expect(entityProblems(UPGRADE, { ...input, [fileContentKey(upgradeFile)]: 'no base64!' }, 'create')).toEqual([{ field: 'fileName', key: 'deviceEntity.file.unreadable' }]);
  });

  it('reads a base64 size as its bytes', () => {
    for (const size of [0, 1, 2, 3, 4, 1000]) expect(base64Bytes(Buffer.alloc(size, 7).toString('base64'))).toBe(size);
    expect(base64Bytes('abc')).toBeUndefined();
  });

  it("gives a good tank table's height, capacity and table flag, and refuses a non-increasing one at its line", () => {
    expect(readFileText(tankFile, sampleTankTable(3, 24_000, 1800))).toEqual({ ok: true, values: { tankHeight: 1800, capacity: 24_000, hasTable: '1' } });
    const refused = readFileText(tankFile, '[compartment.1]\n0 0\n100 900\n100 1000\n');
    expect(refused).toMatchObject({ ok: false, line: 4, problem: { key: 'tankTable.problem.levelNotIncreasing' } });
    if (!refused.ok) expect(translate('en', refused.problem.key, refused.problem.values)).toBe('line 4: level must increase');
  });
});
