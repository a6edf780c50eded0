// Uploads that unpack to far more than they weigh: a sheet of 1.5 M rows, one 400 MB shared string, and
// archives that declare small sizes and inflate large, each refused with its own message in the caller's language and
// nothing imported; a file within the bounds stops at the row limit, the largest file allowed still imports; and one
// import per user at a time, the second refused at once while the first is still being sent, other users' imports
// going through meanwhile.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../domain/screens/entities/definition';
import { entityFor } from '../../../domain/screens/entities/registry';
import { isSheetField, TRANSFER_LIMITS, transferCallPath, XLSX_TYPE, type ImportDone } from '../../../domain/screens/entities/transfer';
import type { Envelope } from '../../../domain/wire/envelope';
import { ROLE } from '../../../server/seed/accounts';
import { API } from '../../helpers/api';
import { addAccount } from '../live/accounts';
import { startEntityServer, type EntityServer } from './entity-server';
import { fillTemplate, postForDownload, upload } from './transfer-calls';
import { headerOf, inlineRow, rowsBomb, sharedStringBomb, workbookBomb } from './xlsx-bombs';

const STATION = entityFor('/setting/base_data/station') as EntityDef;
const stationRow = (tag: string): string[] => [`炸弹站${tag}`, `BOMB${tag}`, `炸${tag}`, 'C002', '地址', '021-5555', '120', '121.45', '31.23'];

const REFUSED = {
  unpacked: (mb: number) => ({
    zh: `文件解压后过大（表格数据最多 ${mb} MB），请拆分文件或删除格式和其他工作表`,
    en: `The file is too large once unpacked (at most ${mb} MB of sheet data): split it or remove formatting and other sheets`,
  }),
  unreadable: { zh: '无法读取文件，请使用 .xlsx 格式的导入模板', en: 'The file cannot be read: use the .xlsx import template' },
  tooManyRows: { zh: '一次最多导入10000行，请拆分文件', en: 'At most 10000 rows can be imported at once: split the file' },
  cellTooLong: {
    zh: '有单元格超过32767个字符，超出电子表格的上限，请使用 .xlsx 格式的导入模板',
    en: 'A cell holds more than 32767 characters, more than a spreadsheet allows: use the .xlsx import template',
  },
  running: { zh: '您的上一次导入仍在进行，请等待其结果后再导入', en: 'Your previous import is still running: wait for its result, then import again' },
} as const;

/** An upload whose body is sent in two halves, the second when the test says: an import still under way. */
function heldUpload(base: string, token: string, def: EntityDef, body: Buffer) {
  const request = http.request(`${base}${API}${transferCallPath(def, 'import')}`, {
    // A connection of its own: abandoning it must not end a pooled one another upload goes on to use.
    agent: false,
    method: 'POST',
    headers: { 'header-id': token, cookie: 'language=en', 'content-type': XLSX_TYPE, 'content-length': body.length },
  });
  let answered = false;
  const answer = new Promise<Envelope<unknown>>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => {
        answered = true;
        resolve(JSON.parse(text) as Envelope<unknown>);
      });
    });
    request.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  request.write(body.subarray(0, half));
  return {
    /** Whether the server answered before the rest of the body was sent: it refused the upload. */
    answered: () => answered,
    finish: () => {
      request.end(body.subarray(half));
      return answer;
    },
    abandon: () => {
      answer.catch(() => undefined);
      request.destroy();
    },
  };
}

type HeldUpload = ReturnType<typeof heldUpload>;

/** How long a held upload may take to reach the server's gate; a bound against a hang, not a wait. */
const HOLD_TIMEOUT_MS = 15_000;

/**
 * A user's upload held half sent once it holds the user's import place, which `probe` (another import of the same user)
 * shows by being refused as running. The probe travels on its own connection and may reach the gate first, taking the
 * place for its own short life; the held upload is then refused, so it is started again.
 */
async function holdImport(server: http.Server, start: () => HeldUpload, probe: () => Promise<Envelope<unknown>>): Promise<HeldUpload> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    // No probe before the server has the held upload's headers: a probe sent at once won the race to the gate five times
    // running on a loaded machine. From here the held upload is ahead by a connection and its headers.
    const arrived = new Promise<void>((resolve) => server.once('request', () => resolve()));
    const held = start();
    const deadline = Date.now() + HOLD_TIMEOUT_MS;
    let bound: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([arrived, new Promise((resolve) => (bound = setTimeout(resolve, HOLD_TIMEOUT_MS)))]);
    clearTimeout(bound);
    while (!held.answered() && Date.now() < deadline) {
      if ((await probe()).resultCode === 429) return held;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    held.abandon();
    if (!held.answered()) throw new Error('a held upload never reached the import gate');
  }
  throw new Error('the probe took the import place before the held upload five times');
}

describe('entity import bombs', () => {
  let api: EntityServer;

  beforeAll(async () => {
    api = await startEntityServer();
  });
  afterAll(async () => api.close());

  const codes = async (): Promise<string[]> => (await api.all(STATION, 'admin')).map((row) => String(row.values['code']));
  const send = (body: Buffer, lang: 'zh' | 'en', user: 'manager' | 'admin' = 'manager') => upload<ImportDone | null>(api.server.url, api.token(user), STATION, body, lang);

  it.each(['zh', 'en'] as const)('refuses a sheet of 1.5 M rows (300 MB of XML) by its declared size, before inflating it (%s)', async (lang) => {
    const before = await codes();
    const bomb = rowsBomb(STATION, stationRow('R'), 1_500_000);
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    expect(await send(bomb, lang)).toEqual({ resultCode: 400, message: REFUSED.unpacked(48)[lang], data: null });
    expect(await codes()).toEqual(before);
  });

  it.each(['zh', 'en'] as const)('refuses one shared string of 400 MB by its declared size (%s)', async (lang) => {
    const bomb = sharedStringBomb(STATION, 400_000_000);
    expect(await send(bomb, lang)).toEqual({ resultCode: 400, message: REFUSED.unpacked(16)[lang], data: null });
  });

  it('refuses archives that declare small sizes and inflate large, as soon as a part outgrows its declaration', async () => {
    const before = await codes();
    const lyingSheet = rowsBomb(STATION, stationRow('L'), 1_500_000, { sheet: 4096 });
    const lyingString = sharedStringBomb(STATION, 400_000_000, { sharedStrings: 4096 });
    expect(await send(lyingSheet, 'en')).toEqual({ resultCode: 400, message: REFUSED.unreadable.en, data: null });
    expect(await send(lyingString, 'zh')).toEqual({ resultCode: 400, message: REFUSED.unreadable.zh, data: null });
    expect(await codes()).toEqual(before);
  });

  it('stops a sheet within the bounds at the row limit, whatever follows', async () => {
    // 120,000 rows, about 34 MB of XML: under the sheet's bound, so only the row limit stops it.
    const bomb = rowsBomb(STATION, stationRow('M'), 120_000);
    expect(await send(bomb, 'en')).toEqual({ resultCode: 400, message: REFUSED.tooManyRows.en, data: null });
    // Rows of formatting alone count too, at twice the limit: none of these is a row to import.
    const formatted = workbookBomb({ head: inlineRow(headerOf(STATION)), row: '<row s="1" customFormat="1"/>', rows: 1_000_000 });
    expect(await send(formatted, 'zh')).toEqual({ resultCode: 400, message: REFUSED.tooManyRows.zh, data: null });
  });

  it('refuses a cell longer than a spreadsheet can hold, without holding it', async () => {
    const bomb = sharedStringBomb(STATION, 10_000_000);
    expect(await send(bomb, 'en')).toEqual({ resultCode: 400, message: REFUSED.cellTooLong.en, data: null });
    const inline = rowsBomb(STATION, [...stationRow('C').slice(0, 4), 'x'.repeat(40_000)], 1);
    expect(await send(inline, 'zh')).toEqual({ resultCode: 400, message: REFUSED.cellTooLong.zh, data: null });
  });

  it('still imports the largest file allowed: 10,000 rows of a filled template, written by exceljs', async () => {
    const template = (await postForDownload(api.server.url, api.token('manager'), STATION, 'template', { language: 'zh', fileName: 't.xlsx' })).body;
    const keys = STATION.fields.filter(isSheetField).map((field) => field.key);
    const rows = Array.from({ length: TRANSFER_LIMITS.importRows }, (_, index) => {
      const tag = String(index).padStart(5, '0');
      return {
        name: `最大导入站${tag}`, code: `MAX${tag}`, shortName: `最大${tag}`, companyCode: 'C002',
        address: `上海市浦东新区张江高科技园区碧波路${tag}号东侧加油站`, phone: `021-5${tag}`, safeRange: '120', lng: '121.45', lat: '31.23',
      };
    });
    const file = await fillTemplate(template, keys, rows);
    expect(file.length).toBeLessThan(TRANSFER_LIMITS.importBytes);
    expect((await send(file, 'en')).data).toEqual({ imported: TRANSFER_LIMITS.importRows });
    expect((await api.list(STATION, 'admin', { code: 'MAX', size: 1 })).data.total).toBe(TRANSFER_LIMITS.importRows);
  }, 120_000);

  it('still imports a file of its own making, as a spreadsheet program writes one', async () => {
    const file = workbookBomb({ head: inlineRow(headerOf(STATION)), row: inlineRow(stationRow('OK')), rows: 1 });
    expect((await send(file, 'en')).data).toEqual({ imported: 1 });
    expect(await codes()).toContain('BOMBOK');
  });

  describe('one import per user at a time', () => {
    let made = 0;
    const file = () => workbookBomb({ head: inlineRow(headerOf(STATION)), row: inlineRow(stationRow(`H${(made += 1)}`)), rows: 1 });
    /** The manager's second import, a body that is no workbook: refused as running while the first is held, else unreadable. */
    const second = (lang: 'zh' | 'en') => send(Buffer.from('not a workbook'), lang);

    it.each(['zh', 'en'] as const)('refuses a second import of the same user at once while the first is still being sent (%s)', async (lang) => {
      const held = await holdImport(api.server.app.server, () => heldUpload(api.server.url, api.token('manager'), STATION, file()), () => second(lang));
      try {
        expect(await second(lang)).toEqual({ resultCode: 429, message: REFUSED.running[lang], data: null });
        // Another user imports meanwhile.
        const other = workbookBomb({ head: inlineRow(headerOf(STATION)), row: inlineRow(stationRow(`A${lang}`)), rows: 1 });
        expect((await send(other, lang, 'admin')).data).toEqual({ imported: 1 });
        expect((await held.finish()).data).toEqual({ imported: 1 });
      } finally {
        held.abandon();
      }
      // Done: the user imports again.
      expect(await second(lang)).toEqual({ resultCode: 400, message: REFUSED.unreadable[lang], data: null });
    });

    it('frees the user when an upload is abandoned half sent', async () => {
      const held = await holdImport(api.server.app.server, () => heldUpload(api.server.url, api.token('manager'), STATION, file()), () => second('en'));
      held.abandon();
      await expect.poll(() => second('en'), { timeout: 15_000 }).toEqual({ resultCode: 400, message: REFUSED.unreadable.en, data: null });
    });

    it('lets two users import at once and keeps a third waiting, its body unread, until one is done', async () => {
      const { db } = api.server.services;
      const role = await db.selectFrom('role').select('id').where('roleName', '=', ROLE.admin).executeTakeFirstOrThrow();
      const third = await addAccount(api.server.services, { companies: [], roleId: role.id });
      const thirdAgain = () => upload(api.server.url, third.token, STATION, Buffer.from('not a workbook'), 'en');
      const first = await holdImport(api.server.app.server, () => heldUpload(api.server.url, api.token('manager'), STATION, file()), () => second('en'));
      const other = await holdImport(api.server.app.server, () => heldUpload(api.server.url, third.token, STATION, file()), thirdAgain).catch((error: unknown) => {
        first.abandon();
        throw error;
      });
      try {
        // The admin's turn comes only when one of the two held imports ends.
        let waiting = true;
        const admin = send(workbookBomb({ head: inlineRow(headerOf(STATION)), row: inlineRow(stationRow('Q')), rows: 1 }), 'en', 'admin').finally(() => {
          waiting = false;
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(waiting).toBe(true);
        expect((await first.finish()).data).toEqual({ imported: 1 });
        expect((await admin).data).toEqual({ imported: 1 });
        expect((await other.finish()).data).toEqual({ imported: 1 });
      } finally {
        first.abandon();
        other.abandon();
      }
    });
  });
});
