// Tank tables: the text format read and written back, every refusal named by its line in zh and en, the upload rule,
// interpolation both ways, the record's facts and the sample tables the simulator uses.
import { describe, expect, it } from 'vitest';
import { render, type LocaleKey } from '../../../domain/i18n';
import {
  parseTankTable, readTankTableUpload, writeTankTable, type TankTable, type TankTableParse,
} from '../../../domain/params/tank-table';
import { levelAt, tankTableFacts, volumeAt } from '../../../domain/params/tank-table-math';
import { ellipseFilledShare, sampleTankTable, sampleTankTableData } from '../../../domain/params/tank-table-sample';

const TABLE: TankTable = {
  compartments: [
    { compartment: 1, rows: [{ levelMm: 0, volumeL: 0 }, { levelMm: 100, volumeL: 50 }, { levelMm: 200, volumeL: 150.5 }] },
    { compartment: 3, rows: [{ levelMm: 10, volumeL: 2 }, { levelMm: 1500, volumeL: 4000 }] },
  ],
};

function table(result: TankTableParse): TankTable {
  if (!result.ok) throw new Error(`refused line ${result.line}: ${render('en', result.problem)}`);
  return result.table;
}

function refusal(text: string) {
  const result = parseTankTable(text);
  if (result.ok) throw new Error('accepted');
  return { line: result.line, key: result.problem.key, zh: render('zh', result.problem), en: render('en', result.problem) };
}

describe('parseTankTable', () => {
  it('reads compartments of level/volume rows, with comments, blank lines, commas, tabs, CRLF and a BOM', () => {
    const text = '\uFEFF# truck 京A12345\r\n\r\n[compartment.1]  # front\r\n0, 0\r\n100\t50\r\n200 ,150.5\r\n\r\n[ compartment.3 ]\r\n10 2 # bottom\r\n1500 4000\r\n';
    expect(table(parseTankTable(text))).toEqual(TABLE);
  });

  it('gives back the table it wrote, and writes the text of a table it read unchanged', () => {
    const written = writeTankTable(TABLE);
    expect(written).toBe('# level_mm volume_l\n[compartment.1]\n0 0\n100 50\n200 150.5\n\n[compartment.3]\n10 2\n1500 4000\n');
    expect(table(parseTankTable(written))).toEqual(TABLE);
    const sample = sampleTankTable(4, 30_000, 1800);
    expect(writeTankTable(table(parseTankTable(sample)))).toBe(sample);
  });

  it.each<[string, string, number, LocaleKey, string, string]>([
    ['a row of one number', '[compartment.1]\n0 0\n10\n', 3, 'tankTable.problem.notTwoNumbers',
      '第3行：应为两个数字（液位mm 容积L）', 'line 3: expected two numbers (level in mm, volume in litres)'],
    ['a row of three numbers', '[compartment.1]\n0 0 0\n', 2, 'tankTable.problem.notTwoNumbers',
      '第2行：应为两个数字（液位mm 容积L）', 'line 2: expected two numbers (level in mm, volume in litres)'],
    ['a word in a row', '[compartment.1]\n0 0\n10 ten\n', 3, 'tankTable.problem.notTwoNumbers',
      '第3行：应为两个数字（液位mm 容积L）', 'line 3: expected two numbers (level in mm, volume in litres)'],
    ['an empty field between commas', '[compartment.1]\n0,,0\n', 2, 'tankTable.problem.notTwoNumbers',
      '第2行：应为两个数字（液位mm 容积L）', 'line 2: expected two numbers (level in mm, volume in litres)'],
    ['a negative volume', '[compartment.1]\n0 -1\n', 2, 'tankTable.problem.negative',
      '第2行：液位和容积不能为负数', 'line 2: level and volume must not be negative'],
    ['a level that falls', '# c1\n[compartment.1]\n0 0\n20 10\n15 30\n', 5, 'tankTable.problem.levelNotIncreasing',
      '第5行：液位必须递增', 'line 5: level must increase'],
    ['a level repeated', '[compartment.1]\n0 0\n\n0 5\n', 4, 'tankTable.problem.levelNotIncreasing',
      '第4行：液位必须递增', 'line 4: level must increase'],
    ['a volume that falls', '[compartment.2]\n0 0\n10 8\n20 7.5\n', 4, 'tankTable.problem.volumeNotIncreasing',
      '第4行：容积必须递增', 'line 4: volume must increase'],
    ['a volume repeated', '[compartment.2]\n0 0\n10 8\n20 8\n', 4, 'tankTable.problem.volumeNotIncreasing',
      '第4行：容积必须递增', 'line 4: volume must increase'],
    ['a row before any compartment', '# table\n0 0\n[compartment.1]\n', 2, 'tankTable.problem.rowBeforeCompartment',
      '第2行：数据行之前缺少仓位行（如 [compartment.1]）', 'line 2: a row comes before any compartment line (such as [compartment.1])'],
    ['compartment 0', '[compartment.0]\n0 0\n', 1, 'tankTable.problem.badCompartment',
      '第1行：仓位行应为 [compartment.1] 至 [compartment.10]', 'line 1: a compartment line must be [compartment.1] to [compartment.10]'],
    ['compartment 11', '[compartment.1]\n0 0\n1 1\n[compartment.11]\n', 4, 'tankTable.problem.badCompartment',
      '第4行：仓位行应为 [compartment.1] 至 [compartment.10]', 'line 4: a compartment line must be [compartment.1] to [compartment.10]'],
    ['another bracketed line', '[tank]\n', 1, 'tankTable.problem.badCompartment',
      '第1行：仓位行应为 [compartment.1] 至 [compartment.10]', 'line 1: a compartment line must be [compartment.1] to [compartment.10]'],
    ['a duplicate compartment', '[compartment.2]\n0 0\n9 9\n[compartment.2]\n0 0\n9 9\n', 4, 'tankTable.problem.duplicateCompartment',
      '第4行：仓2重复', 'line 4: compartment 2 appears twice'],
    ['a compartment without rows', '[compartment.1]\n# nothing yet\n[compartment.2]\n0 0\n9 9\n', 1, 'tankTable.problem.tooFewRows',
      '第1行：仓1至少需要两行数据', 'line 1: compartment 1 needs at least two rows'],
    ['a last compartment of one row', '[compartment.1]\n0 0\n9 9\n\n[compartment.5]\n0 0\n', 5, 'tankTable.problem.tooFewRows',
      '第5行：仓5至少需要两行数据', 'line 5: compartment 5 needs at least two rows'],
    ['a file of comments only', '# nothing\n\n# here', 3, 'tankTable.problem.noCompartments',
      '第3行：容积表中没有任何仓位', 'line 3: the table has no compartment'],
    ['an empty file', '', 1, 'tankTable.problem.noCompartments',
      '第1行：容积表中没有任何仓位', 'line 1: the table has no compartment'],
  ])('refuses %s, naming its line', (_, text, line, key, zh, en) => {
    expect(refusal(text)).toEqual({ line, key, zh, en });
  });
});

describe('readTankTableUpload', () => {
  const MB = 1024 * 1024;

  it('refuses a 2 MB file and a non-txt file with the spec texts of §5, before reading a line', () => {
    const big = readTankTableUpload({ name: 'table.txt', size: 2 * MB }, sampleTankTable(1, 1000, 100));
    expect(big).toEqual({ ok: false, line: 0, problem: { key: 'validation.tankTableSize' } });
    if (!big.ok) expect([render('zh', big.problem), render('en', big.problem)]).toEqual(['文件大小不能超过1MB！', 'File size should not exceed 1MB!']);
    const csv = readTankTableUpload({ name: 'table.csv', size: 10 }, '');
    if (!csv.ok) expect(render('en', csv.problem)).toBe('Only upload txt files, and no more than 1MB!');
    expect(csv.ok).toBe(false);
  });

  it('parses a txt file of at most 1 MB, and still refuses its bad lines', () => {
    expect(table(readTankTableUpload({ name: 'TANK.TXT', size: MB }, writeTankTable(TABLE)))).toEqual(TABLE);
    expect(readTankTableUpload({ name: 'tank.txt', size: 20 }, '[compartment.1]\n5 5\n4 6\n')).toMatchObject({ ok: false, line: 3 });
  });
});

describe('volumeAt and levelAt', () => {
  it('give a row’s own figures at its level and volume', () => {
    expect(volumeAt(TABLE, 1, 100)).toBe(50);
    expect(levelAt(TABLE, 1, 150.5)).toBe(200);
  });

  it('interpolate linearly between rows, both ways', () => {
    expect(volumeAt(TABLE, 1, 150)).toBeCloseTo(100.25, 10);
    expect(volumeAt(TABLE, 1, 25)).toBeCloseTo(12.5, 10);
    expect(levelAt(TABLE, 1, 100.25)).toBeCloseTo(150, 10);
    expect(levelAt(TABLE, 3, 2000)).toBeCloseTo(10 + (1490 * 1998) / 3998, 10);
  });

  it('clamp at the ends: below the first row is its volume, above the last is the full volume', () => {
    expect(volumeAt(TABLE, 3, 0)).toBe(2);
    expect(volumeAt(TABLE, 3, 9999)).toBe(4000);
    expect(levelAt(TABLE, 1, -5)).toBe(0);
    expect(levelAt(TABLE, 1, 1e6)).toBe(200);
  });

  it('know nothing of a compartment the table lacks or of a level that is not a number', () => {
    expect(volumeAt(TABLE, 2, 50)).toBeUndefined();
    expect(levelAt(TABLE, 4, 50)).toBeUndefined();
    expect(volumeAt(TABLE, 1, Number.NaN)).toBeUndefined();
  });

  it('are each other’s inverse across a sample table', () => {
    const sample = sampleTankTableData(3, 24_000, 1600);
    for (const level of [0, 3, 55.5, 800, 1234.5, 1600]) {
      const volume = volumeAt(sample, 2, level)!;
      expect(levelAt(sample, 2, volume)).toBeCloseTo(level, 6);
    }
  });
});

describe('tankTableFacts', () => {
  it('gives the tank height as the highest level, the capacity as the sum of each compartment’s full volume', () => {
    expect(tankTableFacts(TABLE)).toEqual({
      heightMm: 1500,
      capacityL: 4150.5,
      compartments: [
        { compartment: 1, heightMm: 200, capacityL: 150.5, rows: 3 },
        { compartment: 3, heightMm: 1500, capacityL: 4000, rows: 2 },
      ],
    });
  });
});

describe('sampleTankTable', () => {
  it('writes a row every 10 mm of an elliptical section, shares the capacity and parses as a valid table', () => {
    const parsed = table(parseTankTable(sampleTankTable(5, 32_001, 1805)));
    const facts = tankTableFacts(parsed);
    expect(facts.heightMm).toBe(1805);
    expect(facts.capacityL).toBe(32_001);
    expect(facts.compartments.map((entry) => entry.capacityL)).toEqual([6400, 6400, 6400, 6400, 6401]);
    const rows = parsed.compartments[0]!.rows;
    expect(rows).toHaveLength(182);
    expect(rows.slice(0, 3).map((row) => row.levelMm)).toEqual([0, 10, 20]);
    expect(rows.at(-1)).toEqual({ levelMm: 1805, volumeL: 6400 });
  });

  it('fills like a lying ellipse: half the volume at half the height, slowly near the bottom, fastest at the middle', () => {
    const sample = sampleTankTableData(1, 10_000, 2000);
    expect(volumeAt(sample, 1, 1000)).toBeCloseTo(5000, 0);
    expect(ellipseFilledShare(0.25)).toBeCloseTo(0.1955, 4);
    const bottomStep = volumeAt(sample, 1, 20)! - volumeAt(sample, 1, 10)!;
    const middleStep = volumeAt(sample, 1, 1010)! - volumeAt(sample, 1, 1000)!;
    expect(middleStep).toBeGreaterThan(5 * bottomStep);
  });

  it('keeps volumes increasing even for a tiny compartment, and refuses impossible tanks', () => {
    expect(parseTankTable(sampleTankTable(10, 10, 3000)).ok).toBe(true);
    expect(() => sampleTankTable(0, 1000, 1000)).toThrow(RangeError);
    expect(() => sampleTankTable(11, 1000, 1000)).toThrow(RangeError);
    expect(() => sampleTankTable(2, 1000, 5)).toThrow(RangeError);
  });
});
