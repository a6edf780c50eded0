// The send_message list's columns (params spec §3.2 Send message): plate, console SN, kind, what was sent, the package
// description, status on its colour with its progress in steps, send times, the required, actual and completed times,
// who sent it; rows as the grid holds them.
import type { TFunction } from 'i18next';
import { sendKindKey, sendStatusKey, type SendKind } from '../../../../domain/params/send-status';
import type { SendRow } from '../../../../domain/params/send-wire';
import type { GridColumn, GridRow } from '../../../ui/grid/ReportGrid';

const SEND_COLUMN_KEYS = [
  'signCode', 'consoleSn', 'kind', 'target', 'description', 'status', 'progress', 'sendTimes', 'requiredAt', 'actualAt', 'completedAt', 'createdBy',
] as const;

/** A status by its list's label: the file list's where it has one, else the tank table list's. */
export function statusText(t: TFunction, status: string): string {
  const key = sendStatusKey(status);
  return key ? t(key) : status;
}

export function sendColumns(t: TFunction): { readonly columns: readonly GridColumn[]; readonly headers: readonly string[] } {
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const columns: GridColumn[] = SEND_COLUMN_KEYS.map((key): GridColumn => {
    // The list's order is the server's (newest first): no column sorts.
    const base = { key, format: 'text' as const, sortable: false };
    switch (key) {
      case 'kind':
        return { ...base, text: (value) => (value === null ? '' : t(sendKindKey(String(value) as SendKind))) };
      case 'status':
        return { ...base, text: (value) => statusText(t, text(value)), cellClass: (value) => `send-status send-status--${text(value)}` };
      case 'sendTimes':
        return { ...base, format: 'integer' };
      case 'requiredAt':
      case 'actualAt':
      case 'completedAt':
        return { ...base, format: 'dateTime' };
      default:
        return base;
    }
  });
  return { columns, headers: SEND_COLUMN_KEYS.map((key) => t(`sendList.column.${key}`)) };
}

/** A send as a grid row: its cells by column key, progress as step/steps. */
export function gridRowOf(row: SendRow): GridRow {
  return {
    id: row.id, signCode: row.signCode, consoleSn: row.consoleSn, kind: row.kind, target: row.target, description: row.description,
    status: row.status, progress: row.steps > 0 ? `${row.step}/${row.steps}` : '', sendTimes: row.sendTimes,
    requiredAt: row.requiredAt, actualAt: row.actualAt, completedAt: row.completedAt, createdBy: row.createdBy,
  };
}
