// Cell texts and export cells from the column format (spec params §9): the grid and the file show the same.
import { describe, expect, it } from 'vitest';
import { cellText, excelCell, isFigureFormat } from '../../../../domain/screens/reports/cells';
import type { CellFormat } from '../../../../domain/screens/reports/definition';

const as = (format: CellFormat) => ({ format });

describe('report cells', () => {
  it.each([
    ['loss', 12.345, '12.35'],
    ['loss', -0.1, '-0.10'],
    ['lossRate', 0.0012345, '1.2345'],
    ['fuelCode', 92, '汽油'],
    ['fuelCode', 0, '柴油'],
    ['fuelCode', -1, '其他'],
    ['fuelCodeWater', -1, '水'],
    ['volume', 1234.01, '1235'],
    ['durationSec', 3661, '1小时1分1秒'],
    ['durationMin', 1441, '1天0小时1分'],
    ['process', 'loading_takeover', '装油交接'],
    ['handling', 2, '异常'],
    ['flag', 1, '是'],
    ['flag', false, '否'],
    ['percent', 0.5023, '50.2%'],
    ['alarmType', 202, '高损耗或溢出'],
    ['lossBucket', 0, '(-∞,-10.5)'],
    ['lossBucket', 11, '[-0.5,0.5)'],
    ['heading', 45, '东北 45°'],
    ['heading', 359.6, '正北 0°'],
    ['coordinate', 121.4700001, '121.470000'],
    ['score', 87.25, '87.3'],
  ] as const)('shows %s %j as %s in zh', (format, value, text) => {
    expect(cellText(as(format), value, 'zh')).toBe(text);
  });

  it('shows dates the way each language writes them', () => {
    const ms = new Date(2026, 10, 23, 8, 5, 9).getTime();
    expect(cellText(as('dateTime'), ms, 'zh')).toBe('2026-11-23 08:05:09');
    expect(cellText(as('dateTime'), ms, 'en')).toBe('11/23/2026 08:05:09');
  });

  it('shows the server\'s China-time days and months in the language\'s order, as written', () => {
    expect(cellText(as('date'), '2026-11-05', 'zh')).toBe('2026-11-05');
    expect(cellText(as('date'), '2026-11-05', 'en')).toBe('11/05/2026');
    expect(cellText(as('month'), '2026-11', 'zh')).toBe('2026-11');
    expect(cellText(as('month'), '2026-11', 'en')).toBe('11/2026');
  });

  it('shows a missing value as an empty cell in every format, never NaN or null', () => {
    for (const format of ['loss', 'lossRate', 'volume', 'dateTime', 'durationSec', 'fuelCode', 'integer', 'enum'] as const) {
      expect(cellText(as(format), null, 'en')).toBe('');
    }
    expect(cellText(as('integer'), 'x', 'en')).toBe('');
  });

  it('shows alarm levels by their names, and only figures as figures', () => {
    expect([1, 2, 3, 4].map((level) => cellText(as('level'), level, 'zh'))).toEqual(['一级(黄)', '二级(红)', '三级(黑)', '4']);
    expect(cellText(as('level'), 2, 'en')).toBe('Level 2 (red)');
    for (const format of ['loss', 'volume', 'speed', 'percent', 'durationMin'] as const) expect(isFigureFormat(format), format).toBe(true);
    for (const format of ['text', 'alarmType', 'enum', 'level', 'fuelCode', 'date'] as const) expect(isFigureFormat(format), format).toBe(false);
  });

  it('shows an enum value by its option label, an unknown one as itself', () => {
    const column = { format: 'enum', options: { close: 'report.valve.close' } } as const;
    expect(cellText(column, 'close', 'en')).toBe('Closed');
    expect(cellText(column, 'half', 'en')).toBe('half');
  });

  it('writes dates as dates and numbers as numbers with the shown precision, texts as the shown text', () => {
    expect(excelCell(as('dateTime'), 1000, 'zh')).toEqual({ kind: 'date', ms: 1000 });
    expect(excelCell(as('lossRate'), 0.0012345, 'zh')).toEqual({ kind: 'number', value: 1.2345, numFmt: '0.0000' });
    expect(excelCell(as('volume'), 10.2, 'zh')).toEqual({ kind: 'number', value: 11, numFmt: '0' });
    expect(excelCell(as('fuelCode'), 95, 'en')).toEqual({ kind: 'text', value: 'Gasoline' });
    expect(excelCell(as('loss'), null, 'en')).toEqual({ kind: 'text', value: '' });
  });
});
