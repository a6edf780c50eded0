import { describe, it, expect, expectTypeOf } from 'vitest';
import {
  FENCE_APPROVAL_STATUS, HEADER_ID, QUICK_VISIT_ADDED, QUICK_VISIT_REMOVED, SENSOR_ENABLE_MENU_NAME, exportForm,
  menuChildren, parseStoredLoginToken, type ExportColumn, type LoginAnswer, type MenuEntry,
} from '../../../domain/wire';

describe('session texts', () => {
  it('compares quick-visit answers with the exact server texts', () => {
    expect(QUICK_VISIT_ADDED).toBe('添加成功');
    expect(QUICK_VISIT_REMOVED).toBe('移除成功');
  });

  it('names the sensor-enable menu entry and the session header', () => {
    expect(SENSOR_ENABLE_MENU_NAME).toBe('传感器使能');
    expect(HEADER_ID).toBe('header-id');
  });

  it('reads exactly the five login answer fields of the spec and our optional idle limit', () => {
    expectTypeOf<keyof LoginAnswer>().toEqualTypeOf<'role' | 'userInfo' | 'header-id' | 'userIn' | 'lastLoginInfo' | 'sessionIdleMs'>();
  });

  it('names three fence approval states', () => {
    expect(Object.keys(FENCE_APPROVAL_STATUS)).toEqual(['pending', 'approved', 'rejected']);
    expect(new Set(Object.values(FENCE_APPROVAL_STATUS)).size).toBe(3);
  });
});

describe('stored login token', () => {
  it.each([
    ['{"id":3,"userName":"admin"}', { id: 3, userName: 'admin' }],
    ['{"id":3,"userName":"admin","extra":1}', { id: 3, userName: 'admin' }],
    ['{"id":"3","userName":"admin"}', undefined],
    ['{"id":3}', undefined],
    ['[3,"admin"]', undefined],
    ['null', undefined],
    ['not json', undefined],
    ['', undefined],
    [null, undefined],
  ])('reads %j as %j', (text, token) => {
    expect(parseStoredLoginToken(text)).toEqual(token);
  });
});

describe('menu children', () => {
  const leaf = (name: string): MenuEntry => ({ name, url: name });

  it.each<[string, MenuEntry, string[]]>([
    ['child', { name: 'a', url: 'a', child: [leaf('x')] }, ['x']],
    ['menus', { name: 'a', url: 'a', menus: [leaf('y')] }, ['y']],
    ['child over menus', { name: 'a', url: 'a', child: [leaf('x')], menus: [leaf('y')] }, ['x']],
    ['menus when child is empty', { name: 'a', url: 'a', child: [], menus: [leaf('y')] }, ['y']],
    ['nothing', { name: 'a', url: 'a' }, []],
  ])('reads children from %s', (_label, entry, names) => {
    expect(menuChildren(entry).map((e) => e.name)).toEqual(names);
  });
});

describe('export form (spec §7 Export)', () => {
  it('drops empty filters and joins labels and props in column order', () => {
    const form = exportForm(
      { signCode: '沪A', company: '', startTime: 1714500000000, truckId: null, area: undefined, all: false, blank: '  ' },
      [
        { prop: 'signCode', label: '车牌号' },
        { prop: 'gpsTime', label: 'GPS时间' },
      ],
      'zh',
      '报警.xlsx',
    );
    expect(form).toEqual({
      signCode: '沪A',
      startTime: '1714500000000',
      all: 'false',
      headers: '车牌号,GPS时间',
      fields: 'signCode,gpsTime',
      language: 'zh',
      fileName: '报警.xlsx',
    });
  });

  it('takes column descriptors with a typed formatter and sends only their props and labels', () => {
    interface LossRow { readonly signCode: string; readonly lossRate: number }
    const columns: readonly ExportColumn<LossRow>[] = [
      { prop: 'signCode', label: '车牌号' },
      { prop: 'lossRate', label: '损耗率', formatter: (_value, row) => (row.lossRate * 1000).toFixed(4) },
    ];
    expect(columns[1]?.formatter?.(0.00123, { signCode: '沪A', lossRate: 0.00123 })).toBe('1.2300');
    const form = exportForm({}, columns, 'zh', '损耗.xlsx');
    expect(form).toEqual({ headers: '车牌号,损耗率', fields: 'signCode,lossRate', language: 'zh', fileName: '损耗.xlsx' });
  });

  it('lets the export fields win over a filter of the same name', () => {
    expect(exportForm({ language: 'fr' }, [], 'en', 'a.xlsx')['language']).toBe('en');
  });
});
