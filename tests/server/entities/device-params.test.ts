// The device-parameter screens' own engine parts on the server (docs/device-param-screens.md): one uploaded file per
// row, kept as bytes (an upgrade file) or text (a tank table) and checked again here; a tank table's facts read from its
// file and a bad one refused at its line; edits refused while a tank table is being sent; read-only lists with no
// write calls; records split by send kind; and only roles holding device_parameter reach any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../domain/i18n';
import { fileContentKey } from '../../../domain/screens/entities/validate';
import { fileFieldOf, type EntityDef } from '../../../domain/screens/entities/definition';
import { entityFilePath, isStoredFile, type StoredFile } from '../../../domain/screens/entities/wire';
import { call } from '../../helpers/api';
import { defAt, editForm, noSuchCall, savedRow, startEntityServer, type EntityServer } from './entity-server';
import { insertRecord } from './records';
import { SAMPLE_TANK_TABLE, SAMPLE_UPGRADE } from './sample-files';

const UPGRADE = defAt('/setting/device_parameter/upgrade_file');
const TANK = defAt('/setting/base_data/tank_table');
const TANK_RECORD = defAt('/setting/base_data/tank_table_record');
const PARAMS_RECORD = defAt('/setting/device_parameter/params_record');
const MODIFY_RECORD = defAt('/setting/alarm_threshold/modify_record');
const ATG = defAt('/setting/base_data/atg_tank_table');
const LANGS = ['zh', 'en'] as const;
const MB = 1024 * 1024;

const base64 = (content: string | Buffer) => Buffer.from(content).toString('base64');
const contentKey = (def: EntityDef) => fileContentKey(fileFieldOf(def) ?? { key: '', labelKey: 'entity.none', type: 'file' });

describe('device-parameter screens on the server', () => {
  let api: EntityServer;

  beforeAll(async () => {
    api = await startEntityServer();
  });
  afterAll(async () => api.close());

  const stored = (table: 'upgradeFile' | 'tankTable', id: string) =>
    api.server.services.db.selectFrom(table).selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();

  describe('an upgrade file', () => {
    it('keeps the one uploaded file as bytes with its name and size, and lists the name and size', async () => {
      const row = savedRow(await api.create(UPGRADE, 'manager', { ...(await api.input(UPGRADE, 'fw1')), fileName: 'console-2.1.bin' }));
      expect(row.values).toMatchObject({ fileName: 'console-2.1.bin', size: SAMPLE_UPGRADE.length });
      const kept = await stored('upgradeFile', row.key);
      expect(Buffer.from(kept.content).equals(SAMPLE_UPGRADE)).toBe(true);
    });

    it('keeps the stored file on an edit without one, and replaces it on an edit with one', async () => {
      const row = savedRow(await api.create(UPGRADE, 'manager', await api.input(UPGRADE, 'fw2')));
      const kept = savedRow(await api.update(UPGRADE, 'manager', row.key, editForm(UPGRADE, row, { description: 'only the words' })));
      expect(kept.values).toMatchObject({ description: 'only the words', fileName: row.values['fileName'], size: SAMPLE_UPGRADE.length });
      const next = Buffer.from('v2 image');
      const replaced = savedRow(await api.update(UPGRADE, 'manager', row.key, { ...editForm(UPGRADE, kept), fileName: 'v2.bin', [contentKey(UPGRADE)]: base64(next) }));
      expect(replaced.values).toMatchObject({ fileName: 'v2.bin', size: next.length });
      expect(Buffer.from((await stored('upgradeFile', row.key)).content).equals(next)).toBe(true);
    });

    it.each(LANGS)('needs its file, a version and a description on a new row (%s)', async (lang) => {
      const input = await api.input(UPGRADE, `fw-missing-${lang}`);
      for (const missing of [contentKey(UPGRADE), 'fileVersion', 'description']) {
        const answer = await api.create(UPGRADE, 'manager', { ...input, [missing]: '' }, lang);
        const field = missing === contentKey(UPGRADE) ? 'fileName' : missing;
        expect(answer, missing).toEqual({ resultCode: 400, message: translate(lang, 'validation.required'), data: { field } });
      }
      const empty = await api.create(UPGRADE, 'manager', { ...input, [contentKey(UPGRADE)]: '' + '', fileName: 'x.bin' }, lang);
      expect(empty.resultCode).toBe(400);
    });

    it.each(LANGS)('refuses content that is no base64 (%s)', async (lang) => {
      const answer = await api.create(UPGRADE, 'manager', { ...(await api.input(UPGRADE, `fw-bad-${lang}`)), [contentKey(UPGRADE)]: 'not base64!' }, lang);
      expect(answer).toEqual({ resultCode: 400, message: translate(lang, 'deviceEntity.file.unreadable'), data: { field: 'fileName' } });
    });
  });

  describe('a tank table', () => {
    it('is read from its .txt: the facts of the file, the state to send, the text kept', async () => {
      const row = savedRow(await api.create(TANK, 'manager', await api.input(TANK, 'facts1')));
      expect(row.values).toMatchObject({ tankHeight: 1500, capacity: 20_000, hasTable: '1', state: 'notSent', effectTime: null, sendTime: null });
      expect((await stored('tankTable', row.key)).content).toBe(SAMPLE_TANK_TABLE);
    });

    it.each(LANGS)("refuses a 2 MB table and one that is not .txt with the spec's messages (%s)", async (lang) => {
      const input = await api.input(TANK, `big-${lang}`);
      const big = `${SAMPLE_TANK_TABLE}\n${'#'.repeat(2 * MB)}\n`;
      const tooLarge = await api.create(TANK, 'manager', { ...input, [contentKey(TANK)]: base64(big) }, lang);
      expect(tooLarge).toEqual({ resultCode: 400, message: translate(lang, 'validation.tankTableSize'), data: { field: 'fileName' } });
      expect(translate('en', 'validation.tankTableSize')).toBe('File size should not exceed 1MB!');
      const notText = await api.create(TANK, 'manager', { ...input, fileName: 'table.csv' }, lang);
      expect(notText).toEqual({ resultCode: 400, message: translate(lang, 'validation.tankTableType'), data: { field: 'fileName' } });
      expect(translate('en', 'validation.tankTableType')).toBe('Only upload txt files, and no more than 1MB!');
    });

    it('takes a table of exactly 1 MB', async () => {
      const padded = SAMPLE_TANK_TABLE + '#'.repeat(MB - Buffer.byteLength(SAMPLE_TANK_TABLE) - 1) + '\n';
      expect(Buffer.byteLength(padded)).toBe(MB);
      const row = savedRow(await api.create(TANK, 'manager', { ...(await api.input(TANK, 'onemb')), [contentKey(TANK)]: base64(padded) }));
      expect(row.values['capacity']).toBe(20_000);
    });

    it.each(LANGS)('refuses a table whose levels do not increase, naming the line (%s)', async (lang) => {
      const text = '# level_mm volume_l\n[compartment.1]\n0 0\n500 4000\n400 5000\n';
      const answer = await api.create(TANK, 'manager', { ...(await api.input(TANK, `down-${lang}`)), [contentKey(TANK)]: base64(text) }, lang);
      expect(answer).toEqual({ resultCode: 400, message: translate(lang, 'tankTable.problem.levelNotIncreasing', { line: 5 }), data: { field: 'fileName' } });
      expect(answer.message).toContain('5');
    });

    it.each(LANGS)('refuses an edit and a status change while the table is being sent, and takes them after (%s)', async (lang) => {
      const row = savedRow(await api.create(TANK, 'manager', await api.input(TANK, `blocked-${lang}`)));
      const setState = (state: 'sending' | 'toBeSent' | 'synchronizing' | 'failed') =>
        api.server.services.db.updateTable('tankTable').set({ state }).where('id', '=', Number(row.key)).execute();
      const refusal = { resultCode: 400, message: translate(lang, 'deviceEntity.blocked.tankTable'), data: { field: 'state' } };
      for (const state of ['toBeSent', 'sending', 'synchronizing'] as const) {
        await setState(state);
        expect(await api.update(TANK, 'manager', row.key, editForm(TANK, row, { frameNo: 'LFV-new' }), lang), state).toEqual(refusal);
        expect(await api.status(TANK, 'manager', row.key, { status: 0, version: row.version }, lang), state).toEqual(refusal);
      }
      await setState('failed');
      const edited = savedRow(await api.update(TANK, 'manager', row.key, editForm(TANK, row, { frameNo: 'LFV-new' }), lang));
      expect(edited.values).toMatchObject({ frameNo: 'LFV-new', state: 'failed' });
    });

    it('ignores a state or facts a form sends: the server sets them', async () => {
      const row = savedRow(await api.create(TANK, 'manager', { ...(await api.input(TANK, 'forged')), state: 'inUse', tankHeight: '9', capacity: '9' }));
      expect(row.values).toMatchObject({ state: 'notSent', tankHeight: 1500, capacity: 20_000 });
    });
  });

  describe("a row's stored file", () => {
    const readFile = (def: EntityDef, user: 'admin' | 'manager', key: string) =>
      call<StoredFile | null>(api.server.url, 'GET', entityFilePath(def.path, key), { token: api.token(user), lang: 'en' });

    it('reads a tank table back as the text uploaded, and an upgrade file as its bytes in base64', async () => {
      const table = savedRow(await api.create(TANK, 'manager', await api.input(TANK, 'read-back')));
      const text = await readFile(TANK, 'manager', table.key);
      expect(text.resultCode).toBe(200);
      expect(isStoredFile(text.data)).toBe(true);
      expect(text.data).toEqual({ name: table.values['fileName'], size: Buffer.byteLength(SAMPLE_TANK_TABLE), encoding: 'text', content: SAMPLE_TANK_TABLE });

      const upgrade = savedRow(await api.create(UPGRADE, 'manager', { ...(await api.input(UPGRADE, 'read-back')), fileName: 'image.bin' }));
      const bytes = await readFile(UPGRADE, 'manager', upgrade.key);
      expect(bytes.data).toMatchObject({ name: 'image.bin', size: SAMPLE_UPGRADE.length, encoding: 'base64' });
      expect(Buffer.from(bytes.data?.content ?? '', 'base64').equals(SAMPLE_UPGRADE)).toBe(true);
    });

    it("answers 404 for a row of another company's, a key that names no row, and a key that cannot be one", async () => {
      const other = savedRow(await api.create(TANK, 'admin', await api.input(TANK, 'read-other', 'C005')));
      expect((await readFile(TANK, 'admin', other.key)).resultCode).toBe(200);
      expect(await readFile(TANK, 'manager', other.key)).toEqual({ resultCode: 404, message: translate('en', 'entity.notFound'), data: null });
      expect((await readFile(TANK, 'manager', '999999')).resultCode).toBe(404);
      expect((await readFile(TANK, 'manager', 'abc')).resultCode).toBe(404);
    });

    it('has no file call on a screen without a file field', async () => {
      expect((await call(api.server.url, 'GET', entityFilePath(ATG.path, '1'), { token: api.token('admin') })).resultCode).toBe(404);
    });
  });

  describe('read-only lists', () => {
    it.each([TANK_RECORD, ATG, PARAMS_RECORD, MODIFY_RECORD].map((def) => [def.path, def] as const))('%s has no add, edit or status call', async (_path, def) => {
      await api.ensureRows(def, 1);
      const [row] = await api.all(def, 'admin');
      if (!row) throw new Error('no row');
      expect((await api.create(def, 'admin', {})).resultCode).toBe(404);
      expect(await api.update(def, 'admin', row.key, { version: row.version }, 'en')).toEqual(noSuchCall(def, row.key));
      expect((await api.status(def, 'admin', row.key, { status: 0, version: row.version })).resultCode).toBe(404);
      expect((await api.all(def, 'admin')).find((stored) => stored.key === row.key)).toEqual(row);
    });

    it('lists every tank table of every state in the history, newest first', async () => {
      const keys = [];
      for (let index = 0; index < 5; index += 1) keys.push(await insertRecord(api.server.services.db, TANK_RECORD, 'C003', index));
      const rows = await api.all(TANK_RECORD, 'admin');
      const states = new Set(rows.map((row) => row.values['state']));
      for (const state of ['inUse', 'history', 'complete', 'failed', 'notSent']) expect(states).toContain(state);
      const ids = rows.map((row) => Number(row.key));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(rows.slice(0, 5).map((row) => row.key)).toEqual([...keys].reverse());
    });

    it('shows a confirmed change in the record of its kind only: files in params_record, parameters and commands in modify_record', async () => {
      const db = api.server.services.db;
      const truck = await db.selectFrom('truck').select('id').where('companyCode', '=', 'C002').executeTakeFirstOrThrow();
      const change = (kind: 'paramFile' | 'parameter' | 'command' | 'camera', item: string) =>
        db.insertInto('paramChange').values({
          companyCode: 'C002', truckId: truck.id, sendId: null, kind, file: 'syscfg.txt', item, oldValue: '1', newValue: '2',
          mode: 'remote', sequence: 1, remark: '', changedBy: 'admin', changedAt: Date.now(),
        }).returning('id').executeTakeFirstOrThrow();
      const made = { paramFile: await change('paramFile', 'split.a'), parameter: await change('parameter', 'split.b'), command: await change('command', 'split.c'), camera: await change('camera', 'split.d') };
      const listed = async (def: EntityDef) => (await api.list(def, 'admin', { item: 'split.', size: 1000 })).data.rows.map((row) => Number(row.key)).sort();
      expect(await listed(PARAMS_RECORD)).toEqual([made.paramFile.id, made.camera.id].sort());
      expect(await listed(MODIFY_RECORD)).toEqual([made.parameter.id, made.command.id].sort());
      // A kind of the other list is no choice of this one's search.
      expect((await api.list(PARAMS_RECORD, 'admin', { kind: 'parameter' })).resultCode).toBe(400);
    });
  });
});

describe('device-parameter access', () => {
  let api: EntityServer;

  beforeAll(async () => {
    api = await startEntityServer({ managerHoldsDeviceParameter: false });
  });
  afterAll(async () => api.close());

  const DEVICE_SCREENS = [UPGRADE, TANK, TANK_RECORD, ATG, PARAMS_RECORD, MODIFY_RECORD, defAt('/setting/alarm_threshold/parameter'), defAt('/setting/alarm_threshold/remote_template'), defAt('/setting/device_parameter/camera_setup')];

  it.each(DEVICE_SCREENS.map((def) => [def.path, def] as const))('keeps %s from 用户管理员, who lacks device_parameter, though it holds the group it is filed under', async (_path, def) => {
    expect(await api.list(def, 'manager', {}, 'en')).toEqual({ resultCode: 401, message: 'You have no access to this function', data: null });
    expect((await api.list(def, 'admin')).resultCode).toBe(200);
  });

  it("keeps a tank table's and an upgrade file's stored file from 用户管理员", async () => {
    for (const def of [TANK, UPGRADE]) {
      const [row] = await api.ensureRows(def, 1);
      const answer = await call(api.server.url, 'GET', entityFilePath(def.path, row?.key ?? '1'), { token: api.token('manager'), lang: 'en' });
      expect(answer.resultCode, def.path).toBe(401);
    }
  });

  it("still lets 用户管理员 use the thresholds and base data it holds", async () => {
    expect((await api.list(defAt('/setting/alarm_threshold/threshold'), 'manager')).resultCode).toBe(200);
    expect((await api.list(defAt('/setting/base_data/truck'), 'manager')).resultCode).toBe(200);
  });
});
