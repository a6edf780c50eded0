// "Preview changes": what the edit changes against the device's copy, field by field in the file's order,
// before anything is sent; a value the check refuses is marked with its message.
import { useTranslation } from 'react-i18next';
import type { ParamFileDef } from '../../../../domain/params/catalogue-types';
import type { ParamChange } from '../../../../domain/params/param-diff';
import { ModalDialog } from '../../../ui/dialog';
import { optionOf, pathKey, shownValue } from './param-field-view';
import type { FieldProblem } from './use-param-document';

interface DiffDialogProps {
  readonly def: ParamFileDef;
  readonly changes: readonly ParamChange[];
  readonly problems: ReadonlyMap<string, FieldProblem>;
  readonly onClose: () => void;
}

export function DiffDialog({ def, changes, problems, onClose }: DiffDialogProps) {
  const { t } = useTranslation();
  const shown = (change: ParamChange, value: string | undefined) => {
    if (value === undefined) return t('paramEditor.diff.absent');
    const option = optionOf(change.field, value);
    return option ? `${t(option.labelKey)} (${value})` : shownValue(change.field, value);
  };
  const place = (change: ParamChange) => {
    const section = def.sections.find((candidate) => candidate.id === change.path.section);
    const name = t(change.field.nameKey);
    return section ? `${t('paramEditor.block', { title: t(section.titleKey), n: (change.path.index ?? 0) + 1 })} · ${name}` : name;
  };
  return (
    <ModalDialog
      title={t('paramEditor.previewTitle')}
      onClose={onClose}
      className="param-diff"
      actions={
        <button type="button" className="dialog__primary" autoFocus onClick={onClose}>
          {t('paramEditor.close')}
        </button>
      }
    >
      {changes.length === 0 ? (
        <p role="status">{t('paramEditor.noChanges')}</p>
      ) : (
        <table className="param-diff__table">
          <thead>
            <tr>
              <th scope="col">{t('paramEditor.diff.field')}</th>
              <th scope="col">{t('paramEditor.diff.key')}</th>
              <th scope="col">{t('paramEditor.diff.before')}</th>
              <th scope="col">{t('paramEditor.diff.after')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => {
              const problem = problems.get(pathKey(change.path));
              return (
                <tr key={pathKey(change.path)} data-key={pathKey(change.path)} className={problem ? 'param-diff__row--invalid' : undefined}>
                  <th scope="row">{place(change)}</th>
                  <td><code>{change.field.key}</code></td>
                  <td>{shown(change, change.before)}</td>
                  <td>
                    {shown(change, change.after)}
                    {problem && <span className="param-field__message">{'text' in problem ? problem.text : t(problem.key, problem.values)}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </ModalDialog>
  );
}
