// One truck's file in the editor: the device's copy as the base, the edit, the edit and detail views, the preview of
// the changes, and the send with its lock; remounted for another truck or file, so nothing of one leaks into another.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParamFileDef } from '../../../../domain/params/catalogue-types';
import { writeParamFile, type ParamDocument } from '../../../../domain/params/param-text';
import type { DeviceFileAnswer } from '../../../../domain/params/send-wire';
import { ViewTabs } from '../../../ui/filters';
import { DiffDialog } from './DiffDialog';
import { ParamDetail } from './ParamDetail';
import { ParamFields } from './ParamFields';
import { SendPanel } from './SendPanel';
import type { PickedTruck } from './TruckPicker';
import { useFileSend } from './use-file-send';
import { useParamEdit } from './use-param-document';
import { displayDateTime } from '../../../../domain/format/time';
import { toLang } from '../../../../domain/i18n';

interface FileEditorProps {
  readonly def: ParamFileDef;
  readonly truck: PickedTruck;
  readonly copy: DeviceFileAnswer;
  readonly base: ParamDocument;
  /** Reads the device's copy again (the device took a send). */
  readonly onReload: () => void;
}

export function FileEditor({ def, truck, copy, base, onReload }: FileEditorProps) {
  const { t, i18n } = useTranslation();
  const edit = useParamEdit(def, base);
  const [view, setView] = useState<'edit' | 'detail'>('edit');
  const [previewing, setPreviewing] = useState(false);
  const [others, setOthers] = useState<readonly PickedTruck[]>([]);
  const [description, setDescription] = useState('');
  const { refuse } = edit;
  const onRefusedValues = useCallback(
    (problems: readonly { readonly section?: string; readonly index?: number; readonly key: string; readonly message: string }[]) =>
      refuse(problems.map(({ message, ...path }) => ({ path, text: message }))),
    [refuse],
  );
  const send = useFileSend({ name: def.name, copy, onRefusedValues, onSent: onReload });
  const updated = displayDateTime(copy.updatedAt, toLang(i18n.language));

  return (
    <div className="param-editor" data-file={def.name}>
      <p className="param-editor__copy">{t('paramEditor.deviceCopy', { version: copy.version, time: updated })}</p>
      <ViewTabs
        label={t('paramEditor.view.label')}
        tabs={[{ id: 'edit', label: t('paramEditor.view.edit') }, { id: 'detail', label: t('paramEditor.view.detail') }]}
        selected={view}
        onSelect={(id) => setView(id === 'detail' ? 'detail' : 'edit')}
      />
      {view === 'edit' ? (
        <ParamFields def={def} doc={edit.doc} typed={edit.typed} problems={edit.problems} locked={!send.editable} onEdit={edit.edit} />
      ) : (
        <ParamDetail def={def} doc={edit.doc} />
      )}
      <SendPanel
        truck={truck}
        others={others}
        onOthers={setOthers}
        description={description}
        onDescription={setDescription}
        changeCount={edit.changes.length}
        problemCount={edit.problems.size}
        send={send}
        onPreview={() => setPreviewing(true)}
        onUndo={edit.undo}
        onSend={() => send.send({
          content: writeParamFile(edit.doc), otherTruckIds: others.map((other) => other.id), description: description.trim(), baseVersion: copy.version,
        })}
      />
      {previewing && <DiffDialog def={def} changes={edit.changes} problems={edit.problems} onClose={() => setPreviewing(false)} />}
    </div>
  );
}
