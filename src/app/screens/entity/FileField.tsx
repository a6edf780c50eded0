// A file field of the edit form (an upgrade file, a tank table): one file, checked by name and size here with the
// rule's messages (a tank table's two of spec §5), read at once by the field's reader so a bad table is refused at its
// line and a good one shows the facts the server will store; the content travels with the save (base64).
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDef, EntityField } from '../../../../domain/screens/entities/definition';
import { derivedValues, readFileText } from '../../../../domain/screens/entities/file-readers';
import { fileMaxBytes, fileProblem } from '../../../../domain/screens/entities/validate';
import type { FieldMessage } from './entity-form';
import { base64Of } from './file-content';

interface FileFieldProps {
  readonly def: EntityDef;
  readonly field: EntityField;
  readonly id: string;
  /** The chosen or stored file's name, '' for none. */
  readonly value: string;
  readonly isRequired: boolean;
  readonly describedBy: string | undefined;
  /** A file taken: its name and its content in base64. */
  readonly onFile: (name: string, content: string) => void;
  readonly onRefused: (message: FieldMessage) => void;
}

const MEGABYTE = 1024 * 1024;

export function FileField({ def, field, id, value, isRequired, describedBy, onFile, onRefused }: FileFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const [facts, setFacts] = useState<Readonly<Record<string, string | number>>>({});
  // The file taken in this form; until then `value` names the stored one, kept by a save without a new file.
  const [picked, setPicked] = useState<{ readonly name: string; readonly size: number } | undefined>(undefined);

  const take = async (file: File) => {
    setFacts({});
    const problem = fileProblem(field, file);
    if (problem) return onRefused(problem.params ? { key: problem.key, params: problem.params } : { key: problem.key });
    setReading(true);
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (field.file?.reader !== undefined) {
        const reading = readFileText(field, new TextDecoder().decode(bytes));
        if (!reading.ok) return onRefused({ key: reading.problem.key, params: reading.problem.values });
        setFacts(derivedValues(def, reading));
      }
      setPicked({ name: file.name, size: file.size });
      onFile(file.name, base64Of(bytes));
    } finally {
      setReading(false);
    }
  };

  const hintKey = field.file?.rule === 'tankTable' ? 'deviceEntity.file.hint.tankTable' : 'deviceEntity.file.hint.upgradeFile';
  const status = reading
    ? t('deviceEntity.file.reading')
    : picked ? t('deviceEntity.file.chosen', picked) : value !== '' ? t('deviceEntity.file.kept', { name: value }) : '';
  return (
    <div className="entity-file">
      <input
        ref={input}
        id={id}
        className="entity-file__input"
        type="file"
        accept={field.file?.rule === 'tankTable' ? '.txt,text/plain' : undefined}
        aria-required={isRequired || undefined}
        aria-describedby={[describedBy, `${id}-hint`].filter(Boolean).join(' ')}
        disabled={reading}
        onChange={(event) => {
          const files = event.target.files;
          if (files && files.length > 1) onRefused({ key: 'deviceEntity.file.onlyOne' });
          else if (files?.[0]) void take(files[0]);
          // The same file may be chosen again after a refusal.
          if (input.current) input.current.value = '';
        }}
      />
      <small id={`${id}-hint`} className="entity-file__hint" role={reading ? 'status' : undefined}>
        {t(hintKey, { mb: fileMaxBytes(field) / MEGABYTE })}
        {status !== '' && <span className="entity-file__name" data-testid="file-status"> {status}</span>}
      </small>
      {Object.keys(facts).length > 0 && (
        <dl className="entity-file__facts" data-testid="file-facts">
          {Object.entries(facts).map(([key, shown]) => {
            const fact = def.fields.find((entry) => entry.key === key);
            const option = fact?.options?.find((entry) => entry.value === String(shown));
            return (
              <div key={key}>
                <dt>{fact ? t(fact.labelKey) : key}</dt>
                <dd>{option ? t(option.labelKey) : String(shown)}</dd>
              </div>
            );
          })}
        </dl>
      )}
    </div>
  );
}
