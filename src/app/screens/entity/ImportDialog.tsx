// The import dialog: choose a filled template, upload it with its progress, and either the rows are in (the list
// reloads) or nothing is and every problem is listed by row, column and message. A file over the size limit is refused
// before it is sent. Keyboard: the file input and the buttons in tab order, Escape closes (ModalDialog).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '../../../../domain/screens/entities/definition';
import { TRANSFER_LIMITS, XLSX_TYPE } from '../../../../domain/screens/entities/transfer';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { ModalDialog } from '../../../ui/dialog';
import { showToast } from '../../../ui/notify';
import { uploadImport, type ImportOutcome } from './entity-transfer-calls';

interface ImportDialogProps {
  readonly def: EntityDef;
  readonly onImported: () => void;
  readonly onClose: () => void;
}

const MEGABYTE = 1024 * 1024;
const LIMITS = { mb: TRANSFER_LIMITS.importBytes / MEGABYTE, rows: TRANSFER_LIMITS.importRows } as const;

/** Uploading (the fraction sent), then checking on the server. */
type Progress = { readonly kind: 'sending'; readonly fraction: number } | { readonly kind: 'checking' };

export function ImportDialog({ def, onImported, onClose }: ImportDialogProps) {
  const { t } = useTranslation();
  const fileId = useId();
  const [file, setFile] = useState<File | undefined>(undefined);
  const [progress, setProgress] = useState<Progress | undefined>(undefined);
  const [outcome, setOutcome] = useState<Exclude<ImportOutcome, { kind: 'imported' }> | { kind: 'tooLarge' } | undefined>(undefined);

  // The buttons are disabled while the file is sent, which drops the focus: it comes back on the result, so Escape
  // and Tab work on and the message is read out.
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome) messageRef.current?.focus();
  }, [outcome]);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || progress) return;
    if (file.size > TRANSFER_LIMITS.importBytes) {
      setOutcome({ kind: 'tooLarge' });
      return;
    }
    setOutcome(undefined);
    setProgress({ kind: 'sending', fraction: 0 });
    const result = await uploadImport(def, file, (fraction) => setProgress(fraction >= 1 ? { kind: 'checking' } : { kind: 'sending', fraction }));
    setProgress(undefined);
    if (result.kind === 'imported') {
      showToast('success', { key: 'entityTransfer.imported', values: { count: result.count } });
      onImported();
      onClose();
      return;
    }
    setOutcome(result);
  };

  const message =
    outcome === undefined ? undefined
    : outcome.kind === 'tooLarge' ? t('entityTransfer.fileProblem.tooLarge', { mb: LIMITS.mb })
    : outcome.kind === 'refused' ? outcome.message
    : t(outcome.transport === 'http500' ? 'error.requestFailed' : 'error.network');
  const refusal = outcome?.kind === 'refused' ? outcome.refusal : undefined;

  return (
    <ModalDialog
      title={t('entityTransfer.importTitle', { name: t(tabTitleKey(def.path)) })}
      onClose={onClose}
      className="entity-dialog entity-import"
      form={{ className: 'entity-form', onSubmit: (event) => void start(event) }}
      actions={
        <>
          <button type="button" onClick={onClose}>
            {t('entityTransfer.close')}
          </button>
          <button type="submit" disabled={file === undefined || progress !== undefined}>
            {t('entityTransfer.start')}
          </button>
        </>
      }
    >
      <p className="entity-import__hint">{t('entityTransfer.hint', LIMITS)}</p>
      <label className="entity-form__field" htmlFor={fileId}>
        <span className="entity-form__label">{t('entityTransfer.file')}</span>
        <input
          id={fileId}
          type="file"
          accept={`.xlsx,${XLSX_TYPE}`}
          disabled={progress !== undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0]);
            setOutcome(undefined);
          }}
        />
      </label>
      {progress && (
        <div className="entity-import__progress" role="status" data-testid="import-progress">
          <progress
            aria-label={t('entityTransfer.checking')}
            max={1}
            value={progress.kind === 'sending' ? progress.fraction : undefined}
          />
          <span>{progress.kind === 'sending' ? t('entityTransfer.uploading', { percent: Math.round(progress.fraction * 100) }) : t('entityTransfer.checking')}</span>
        </div>
      )}
      {message !== undefined && (
        <p className="entity-form__conflict entity-import__message" role="alert" tabIndex={-1} ref={messageRef}>
          {message}
        </p>
      )}
      {refusal && refusal.problems.length > 0 && (
        <div className="entity-import__problems">
          <table>
            <caption>{t('entityTransfer.problems')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('entityTransfer.column.row')}</th>
                <th scope="col">{t('entityTransfer.column.field')}</th>
                <th scope="col">{t('entityTransfer.column.message')}</th>
              </tr>
            </thead>
            <tbody>
              {refusal.problems.map((problem, index) => (
                <tr key={`${problem.row}:${problem.field}:${index}`}>
                  <td>{problem.row}</td>
                  <td>{problem.label}</td>
                  <td>{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {refusal.more > 0 && <p>{t('entityTransfer.moreProblems', { count: refusal.more })}</p>}
        </div>
      )}
    </ModalDialog>
  );
}
