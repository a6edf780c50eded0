// The import dialog against a scripted upload: its progress while sending, the refused rows listed by row, column and
// message with nothing reported as imported, a success reloading the list, a file over the limit refused before it is
// sent, an expired session logging out; and the export call's form built from the applied search and the list's columns.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { setReactions } from '../../../src/api/client';
import { initI18n } from '../../../src/app/i18n';
import { ImportDialog } from '../../../src/app/screens/entity/ImportDialog';
import { entityExportForm } from '../../../src/app/screens/entity/entity-transfer-calls';
import { TRANSFER_LIMITS, XLSX_TYPE } from '../../../domain/screens/entities/transfer';
import { currentNotices, resetNotices } from '../../../src/ui/notify';
import { stationDef } from './entity-screen';

/** One upload as the dialog makes it: what it sent, and the means to answer it. */
class ScriptedUpload {
  static last: ScriptedUpload | undefined;
  static opened = 0;
  readonly upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  readonly headers: Record<string, string> = {};
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  url = '';
  body: unknown;
  open(_method: string, url: string) {
    this.url = url;
    ScriptedUpload.opened += 1;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    ScriptedUpload.last = this;
  }
  answer(resultCode: number, data: unknown, message = 'm') {
    this.status = 200;
    this.responseText = JSON.stringify({ resultCode, message, data });
    this.onload?.();
  }
}

const xlsx = (size = 100) => new File([new Uint8Array(size)], 'stations.xlsx', { type: XLSX_TYPE });

function openDialog() {
  const onImported = vi.fn();
  const onClose = vi.fn();
  render(<ImportDialog def={stationDef()} onImported={onImported} onClose={onClose} />);
  const dialog = within(screen.getByRole('dialog', { name: '导入加油站' }));
  return { onImported, onClose, dialog };
}

function choose(dialog: ReturnType<typeof within>, file: File) {
  fireEvent.change(dialog.getByLabelText('文件'), { target: { files: [file] } });
  fireEvent.click(dialog.getByRole('button', { name: '开始导入' }));
}

describe('the import dialog', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => {
    cleanup();
    resetNotices();
    vi.unstubAllGlobals();
    ScriptedUpload.last = undefined;
    ScriptedUpload.opened = 0;
  });

  it('shows the upload progress, then lists every refused row and imports nothing', async () => {
    vi.stubGlobal('XMLHttpRequest', ScriptedUpload);
    const { onImported, dialog } = openDialog();
    choose(dialog, xlsx());
    await waitFor(() => expect(ScriptedUpload.last).toBeDefined());
    const upload = ScriptedUpload.last as ScriptedUpload;
    expect(upload.url).toBe('/truckmanage/api/entity/setting/base_data/station/import');
    expect(upload.headers['content-type']).toBe(XLSX_TYPE);
    upload.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
    expect(await dialog.findByText('正在上传… 40%')).toBeTruthy();
    expect(dialog.getByRole('button', { name: '开始导入' })).toHaveProperty('disabled', true);
    upload.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    expect(await dialog.findByText('正在校验…')).toBeTruthy();

    upload.answer(400, {
      rows: 2,
      more: 3,
      problems: [
        { row: 3, field: 'code', label: '编码', message: '编码已存在' },
        { row: 5, field: 'shortName', label: '简称', message: '此项为必填项' },
      ],
    }, '有2行未通过校验，未导入任何数据；请改正后重新导入');
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toBe('有2行未通过校验，未导入任何数据；请改正后重新导入');
    // The focus the disabled buttons dropped is on the result, inside the dialog.
    await waitFor(() => expect(document.activeElement).toBe(alert));
    const rows = dialog.getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([['行号', '列', '问题'], ['3', '编码', '编码已存在'], ['5', '简称', '此项为必填项']]);
    expect(dialog.getByText('另有3个问题未列出')).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();
    expect(dialog.queryByTestId('import-progress')).toBeNull();
  });

  it('reloads the list and closes after every row is in', async () => {
    vi.stubGlobal('XMLHttpRequest', ScriptedUpload);
    const { onImported, onClose, dialog } = openDialog();
    choose(dialog, xlsx());
    await waitFor(() => expect(ScriptedUpload.last).toBeDefined());
    ScriptedUpload.last?.answer(200, { imported: 3 });
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
    expect(currentNotices().toasts.map((toast) => toast.message)).toEqual([{ key: 'entityTransfer.imported', values: { count: 3 } }]);
  });

  it('refuses a file over the limit before sending it', async () => {
    vi.stubGlobal('XMLHttpRequest', ScriptedUpload);
    const { dialog } = openDialog();
    choose(dialog, xlsx(TRANSFER_LIMITS.importBytes + 1));
    expect((await dialog.findByRole('alert')).textContent).toBe('文件不能超过 5 MB');
    expect(ScriptedUpload.opened).toBe(0);
  });

  it('logs out, as any other call does, when the session expired during the upload', async () => {
    vi.stubGlobal('XMLHttpRequest', ScriptedUpload);
    const sessionExpired = vi.fn();
    const restore = setReactions({ sessionExpired, accessLimit() {}, accessError() {}, errorToast() {}, requestFailed() {} });
    try {
      const { dialog } = openDialog();
      choose(dialog, xlsx());
      await waitFor(() => expect(ScriptedUpload.last).toBeDefined());
      ScriptedUpload.last?.answer(504, null, '会话已过期');
      await waitFor(() => expect(sessionExpired).toHaveBeenCalledTimes(1));
    } finally {
      restore();
    }
  });

  it('says the network failed when no answer came', async () => {
    vi.stubGlobal('XMLHttpRequest', ScriptedUpload);
    const { dialog } = openDialog();
    choose(dialog, xlsx());
    await waitFor(() => expect(ScriptedUpload.last).toBeDefined());
    ScriptedUpload.last?.onerror?.();
    expect((await dialog.findByRole('alert')).textContent).toBe(i18next.t('error.network'));
  });
});

describe('the export form', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });

  it('holds the applied search, the list columns and their headers, language and file name', () => {
    const form = entityExportForm(stationDef(), { code: ' S0 ', name: '' }, i18next.t, 'zh', '加油站.xlsx');
    expect(form).toEqual({
      sort: 'code',
      order: 'asc',
      code: 'S0',
      fields: 'name,code,shortName,companyCode,address,phone,safeRange,status,modifiedBy,modifiedAt',
      headers: '名称,编码,简称,所属公司,地址,电话,安全范围(米),状态,修改人,修改时间',
      language: 'zh',
      fileName: '加油站.xlsx',
    });
  });
});
