// Export of the report's current filters (spec params §7): over 10,000 rows the user is asked to shorten the range; a
// progress bar shows while the workbook downloads; a failure is silent (spec), counted by the download module.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport, type ExportProgress } from '../../../api/export-download';
import { EXPORT_WARN_ROWS } from '../../../domain/constants';
import { formatDate } from '../../../domain/format/time';
import { toLang } from '../../../domain/i18n';
import type { ReportDef } from '../../../domain/screens/reports/definition';
import { reportCallPath } from '../../../domain/screens/reports/registry';
import type { ReportFilters } from '../../../domain/screens/reports/url-query';
import { tabTitleKey } from '../../../domain/shell/titles';
import { showToast } from '../../../ui/notify';
import { reportQuery } from './report-calls';

export interface ExportButtonProps {
  readonly def: ReportDef;
  readonly filters: ReportFilters;
  readonly total: number | undefined;
}

/** The form of the export call: the non-empty filter fields, then headers, fields, language and fileName. */
export function exportForm(def: ReportDef, filters: ReportFilters, headers: readonly string[], lang: string, fileName: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(reportQuery(filters, 1, 1, undefined))) {
    if (key === 'page' || key === 'size' || value === undefined || value === '') continue;
    form[key] = String(value);
  }
  form['headers'] = headers.join(',');
  form['fields'] = def.columns.map((column) => column.key).join(',');
  form['language'] = lang;
  form['fileName'] = fileName;
  return form;
}

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function ExportButton({ def, filters, total }: ExportButtonProps) {
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState<ExportProgress | 'starting' | undefined>(undefined);

  const start = async () => {
    if (total === undefined) return;
    if (total > EXPORT_WARN_ROWS) {
      showToast('warning', { key: 'report.error.tooManyToExport', values: { max: EXPORT_WARN_ROWS } });
      return;
    }
    const lang = toLang(i18n.language);
    const headers = def.columns.map((column) => t(column.labelKey));
    const fileName = `${t(tabTitleKey(def.path))}_${formatDate(Date.now(), 'yyyyMMddHHmmss')}.xlsx`;
    setProgress('starting');
    await downloadExport(`${reportCallPath(def)}/export`, exportForm(def, filters, headers, lang, fileName), fileName, setProgress);
    setProgress(undefined);
  };

  const busy = progress !== undefined;
  const known = progress !== undefined && progress !== 'starting' ? progress : undefined;
  return (
    <span className="report-export">
      {/* Until the count is in, the 10,000-row question cannot be asked: the button waits for it. */}
      <button type="button" className="button" onClick={() => void start()} disabled={busy || total === undefined || total === 0}>
        {busy ? t('report.exporting') : t('report.export')}
      </button>
      {busy && (
        <span className="report-export__progress" data-testid="export-progress">
          {/* A streamed workbook has no known size: the bar runs until the last byte is in. */}
          <progress aria-label={t('report.exporting')} max={known?.totalBytes} value={known?.totalBytes ? known.receivedBytes : undefined} />
          {known && <span>{sizeText(known.receivedBytes)}</span>}
        </span>
      )}
    </span>
  );
}
