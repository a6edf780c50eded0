// The list's import and export buttons: Export sends the applied search through the spec's export call
// (over 10,000 rows the user is asked to narrow the search first) and shows its place in the server's export queue,
// then its download; an importable screen adds its template's download and the import dialog.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportProgress } from '../../../api/export-download';
import { toLang } from '../../../../domain/i18n';
import type { EntityDef } from '../../../../domain/screens/entities/definition';
import { isImportable, TRANSFER_LIMITS } from '../../../../domain/screens/entities/transfer';
import { ExportProgressView } from '../../../ui/ExportProgressView';
import { showToast } from '../../../ui/notify';
import { reportFailure } from '../../reactions';
import { fetchEntityPage } from './entity-calls';
import { entityQuery, type EntityFilters } from './entity-filters';
import { downloadTemplate, exportEntities } from './entity-transfer-calls';
import { ImportDialog } from './ImportDialog';
import './entity-transfer.css';

interface EntityTransferProps {
  readonly def: EntityDef;
  readonly filters: EntityFilters;
  readonly onImported: () => void;
}

export function EntityTransfer({ def, filters, onImported }: EntityTransferProps) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const [exporting, setExporting] = useState<ExportProgress | 'starting' | undefined>(undefined);
  const [templating, setTemplating] = useState(false);
  const [importing, setImporting] = useState(false);

  const startExport = async () => {
    setExporting('starting');
    try {
      // The count first: the question about 10,000 rows is asked before anything is built.
      const { total } = await fetchEntityPage(def, entityQuery(def, filters, 1, 1, def.sort));
      if (total > TRANSFER_LIMITS.exportRows) {
        showToast('warning', { key: 'entityTransfer.tooManyToExport', values: { max: TRANSFER_LIMITS.exportRows } });
        return;
      }
      await exportEntities(def, filters, t, lang, setExporting);
    } catch (error) {
      reportFailure(error);
    } finally {
      setExporting(undefined);
    }
  };

  const startTemplate = async () => {
    setTemplating(true);
    await downloadTemplate(def, t, lang);
    setTemplating(false);
  };

  const importable = isImportable(def);
  return (
    <span className="entity-transfer">
      <button type="button" className="entity-button" onClick={() => void startExport()} disabled={exporting !== undefined}>
        {exporting === undefined ? t('entityTransfer.export') : t('entityTransfer.exporting')}
      </button>
      {exporting !== undefined && (
        <ExportProgressView
          progress={exporting}
          label={t('entityTransfer.exporting')}
          queuedText={(ahead) => t('entityTransfer.exportQueued', { ahead })}
          testId="entity-export-progress"
        />
      )}
      {importable && (
        <>
          <button type="button" className="entity-button" onClick={() => void startTemplate()} disabled={templating}>
            {t('entityTransfer.template')}
          </button>
          <button type="button" className="entity-button" onClick={() => setImporting(true)}>
            {t('entityTransfer.import')}
          </button>
        </>
      )}
      {importing && <ImportDialog def={def} onImported={onImported} onClose={() => setImporting(false)} />}
    </span>
  );
}
