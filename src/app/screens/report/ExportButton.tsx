// Export of the report's current filters (spec params §7): over 10,000 rows the user is asked to shorten the range; the
// export's place in the server's queue shows while it waits, then a progress bar while the workbook downloads; a
// failure is silent (spec), counted by the download module.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport, type ExportProgress } from '../../../api/export-download';
import { EXPORT_WARN_ROWS } from '../../../../domain/constants';
import { formatDate } from '../../../../domain/format/time';
import { toLang } from '../../../../domain/i18n';
import type { ReportDef } from '../../../../domain/screens/reports/definition';
import { reportCallPath } from '../../../../domain/screens/reports/registry';
import type { ReportFilters } from '../../../../domain/screens/reports/url-query';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { ExportProgressView } from '../../../ui/ExportProgressView';
import { showToast } from '../../../ui/notify';
import { reportQuery } from './report-calls';

interface ExportButtonProps {
  readonly def: ReportDef;
  readonly filters: ReportFilters;
  readonly total: number | undefined;
}

/** The form of the export call: the non-empty filter fields, then headers, fields, language and fileName. */
function exportForm(def: ReportDef, filters: ReportFilters, headers: readonly string[], lang: string, fileName: string): Record<string, string> {
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
  return (
    <span className="report-export">
      {/* Until the count is in, the 10,000-row question cannot be asked: the button waits for it. */}
      <button type="button" className="button" onClick={() => void start()} disabled={busy || total === undefined || total === 0}>
        {busy ? t('report.exporting') : t('report.export')}
      </button>
      {progress !== undefined && (
        <ExportProgressView
          progress={progress}
          label={t('report.exporting')}
          queuedText={(ahead) => t('report.exportQueued', { ahead })}
          showSize
          className="report-export__progress"
          testId="export-progress"
        />
      )}
    </span>
  );
}
