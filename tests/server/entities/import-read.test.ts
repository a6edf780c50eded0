// Reading an upload without exceljs, on its own: a cell reads as the user sees it whichever way the writer
// stored it (shared or inline string, rich text, phonetic runs left out, a date-styled number, a formula's result,
// rows and cells without their references), the first visible sheet is the one read, and an archive that is not what
// it says (encrypted, two parts of one name, a size it does not have, a DOCTYPE) is refused as unreadable.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { EntityDef, EntityField } from '../../../domain/screens/entities/definition';
import { entityFor } from '../../../domain/screens/entities/registry';
import { cellReader } from '../../../server/entities/entity-import-columns';
import { readSheet, type SheetRead } from '../../../server/entities/entity-import-read';
import { deflated, headerOf, inlineRow, sheetXml, stored, xlsxOf, zipOf } from './xlsx-bombs';

const STATION = entityFor('/setting/base_data/station') as EntityDef;
const KEYS = ['name', 'code', 'shortName', 'companyCode', 'address', 'phone', 'safeRange', 'lng', 'lat'];
const read = (file: Buffer): Promise<SheetRead> => readSheet(STATION, file, cellReader([]), (field: EntityField) => field.key);
const HEADER = inlineRow(headerOf(STATION));
const UNREADABLE = { kind: 'refused', key: 'entityTransfer.fileProblem.unreadable' };

/** The first data row's values by field key. */
async function firstRow(file: Buffer): Promise<Record<string, unknown>> {
  const result = await read(file);
  if (result.kind !== 'rows') throw new Error(`not read: ${JSON.stringify(result)}`);
  return { row: result.rows[0]?.row, ...result.rows[0]?.input };
}

const values = (row: readonly string[]) => Object.fromEntries(KEYS.map((key, index) => [key, row[index] ?? '']));

describe('reading an uploaded workbook', () => {
  it('reads each kind of cell exceljs writes as the text a user sees', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(headerOf(STATION));
    sheet.addRow([
      { richText: [{ text: '东城' }, { font: { bold: true }, text: '一站' }] },
      { formula: 'CONCAT("S","1")', result: 'S1' },
      { text: '链接', hyperlink: 'https://example.com' },
      'C002',
      new Date(Date.UTC(2024, 2, 5)),
      13_800_000_000,
      { formula: '100+20', result: 120 },
      121.45,
      true,
    ]);
    sheet.addRow(['b', 'c', 'd', 'C002', new Date(Date.UTC(2024, 2, 5, 8, 30, 15)), '', { formula: 'NA()', result: { error: '#N/A' } }, 0.5, -31.25]);
    const result = await read(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(result).toEqual({
      kind: 'rows',
      rows: [
        { row: 2, input: values(['东城一站', 'S1', '链接', 'C002', '2024-03-05', '13800000000', '120', '121.45', 'true']) },
        { row: 3, input: values(['b', 'c', 'd', 'C002', '2024-03-05 08:30:15', '', '', '0.5', '-31.25']) },
      ],
    });
  });

  it('joins rich text runs of a shared string and leaves phonetic runs out; rows and cells may leave out their references', async () => {
    const strings = '<sst><si><r><t>东</t></r><r><rPr><b/></rPr><t xml:space="preserve">城 </t></r><rPh sb="0" eb="1"><t>ドン</t></rPh></si><si><t>&lt;S&amp;1&gt;</t></si></sst>';
    const file = xlsxOf({
      sheet: deflated(sheetXml(`${HEADER}<row><c t="s"><v>0</v></c><c t="s"><v>1</v></c><c r="D2" t="str"><v>C002</v></c><c><v>7</v></c></row>`)),
      sharedStrings: stored(strings),
    });
    expect(await firstRow(file)).toEqual({ row: 2, ...values(['东城', '<S&1>', '', 'C002', '7']) });
  });

  it('reads a date-styled number as a day: built-in and custom formats, and the 1904 date system', async () => {
    const styles = '<styleSheet><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/></numFmts>' +
      '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
      '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="22"/></cellXfs></styleSheet>';
    const row = '<row r="2"><c r="A2" s="1"><v>45356</v></c><c r="B2" s="2"><v>45356</v></c><c r="C2" s="3"><v>45356.5</v></c><c r="E2" s="0"><v>45356</v></c></row>';
    const sheet = deflated(sheetXml(`${HEADER}${row}`));
    expect(await firstRow(xlsxOf({ sheet, styles: deflated(styles) }))).toEqual({ row: 2, ...values(['2024-03-05', '2024-03-05', '2024-03-05 12:00:00', '', '45356']) });
    expect((await firstRow(xlsxOf({ sheet, styles: deflated(styles), workbookPr: '<workbookPr date1904="1"/>' })))['name']).toBe('2028-03-06');
  });

  it('reads the first visible sheet, not a hidden one before it', async () => {
    const hidden = { hidden: true, sheet: deflated(sheetXml(`${HEADER}${inlineRow(['hidden', 'H', 'h', 'C002'])}`)) };
    const file = xlsxOf({ sheet: deflated(sheetXml(`${HEADER}${inlineRow(['shown', 'S', 's', 'C002'])}`)), sheetsBefore: [hidden] });
    expect((await firstRow(file))['name']).toBe('shown');
  });

  it('reads stored parts and sizes given in a ZIP64 extra field', async () => {
    const file = zipOf([
      { name: 'xl/workbook.xml', content: stored('<workbook xmlns:r="r"><sheets><sheet name="S" r:id="a"/></sheets></workbook>'), zip64: true },
      { name: 'xl/_rels/workbook.xml.rels', content: stored('<Relationships><Relationship Id="a" Type="t/worksheet" Target="s.xml"/></Relationships>') },
      { name: 'xl/s.xml', content: deflated(sheetXml(`${HEADER}${inlineRow(['z', 'Z', 'z', 'C002'])}`)), zip64: true },
    ]);
    expect((await firstRow(file))['code']).toBe('Z');
  });

  it('refuses an archive that is not what it says as unreadable', async () => {
    const part = (content = deflated(sheetXml(`${HEADER}${inlineRow(['a', 'A', 'a', 'C002'])}`))) => content;
    const workbook = deflated('<workbook xmlns:r="r"><sheets><sheet name="S" r:id="a"/></sheets></workbook>');
    const book = (sheet: ReturnType<typeof part>, extra: Parameters<typeof zipOf>[0] = [], declaredWorkbook = workbook.size) =>
      zipOf([
        { name: 'xl/workbook.xml', content: workbook, declaredSize: declaredWorkbook },
        { name: 'xl/_rels/workbook.xml.rels', content: deflated('<Relationships><Relationship Id="a" Type="t/worksheet" Target="s.xml"/></Relationships>') },
        { name: 'xl/s.xml', content: sheet },
        ...extra,
      ]);
    expect(await read(book(part()))).toMatchObject({ kind: 'rows' });
    expect(await read(Buffer.from('PK not a zip at all'))).toEqual(UNREADABLE);
    expect(await read(book(part(), [{ name: 'xl/s.xml', content: part() }]))).toEqual(UNREADABLE);
    const encrypted = zipOf([{ name: 'xl/workbook.xml', content: deflated('<workbook/>'), flags: 1 }]);
    expect(await read(encrypted)).toEqual(UNREADABLE);
    // A part read to its end that ends short of the size it declared; one that inflates past it is the bombs' test.
    expect(await read(book(part(), [], workbook.size + 10))).toEqual(UNREADABLE);
    expect(await read(book(part(deflated(`<!DOCTYPE x [<!ENTITY a "aaaa">]>${sheetXml(HEADER)}`))))).toEqual(UNREADABLE);
    expect(await read(book(part(deflated(`${sheetXml(HEADER).slice(0, -20)}`))))).toEqual(UNREADABLE);
  });
});
