// The "下发/Send" dialog of a tank table (params spec §4 tank-table send): it reads the stored table and the table's
// latest send, then sends the table to its truck and follows that send through to be sent, sending and synchronizing
// to complete or a failure, live. While a send is pending, or once the table is on the device, sending is refused with
// why; a failed table may be sent again.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tankTableStatusKey } from '../../../../domain/params/send-status';
import { tankTableFacts } from '../../../../domain/params/tank-table-math';
import type { SendRow } from '../../../../domain/params/send-wire';
import { ROW_TRUCK_FIELD, type EntityDef, type SendSpec } from '../../../../domain/screens/entities/definition';
import type { EntityRow } from '../../../../domain/screens/entities/wire';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { ModalDialog } from '../../../ui/dialog';
import { fetchSendPage } from '../send-message/send-calls';
import { fetchStoredFile } from './entity-calls';
import type { TruckChoice } from './send-calls';
import { rowName } from './StatusConfirm';
import { useRowTruck } from './use-row-truck';
import { useTankTableSend } from './use-tank-table-send';

interface TankTableSendDialogProps {
  readonly def: EntityDef & { readonly send: SendSpec };
  readonly row: EntityRow;
  readonly onClose: () => void;
}

interface Loaded {
  readonly text: string;
  readonly latest: SendRow | undefined;
}

/** The stored table and its latest send: undefined while reading, null when either could not be read. */
function useStoredTable(def: EntityDef, row: EntityRow): Loaded | null | undefined {
  const [loaded, setLoaded] = useState<Loaded | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    Promise.all([fetchStoredFile(def, row.key), fetchSendPage({ kind: 'tankTable', sourceId: row.key, page: 1, size: 1 })]).then(
      ([file, sends]) => current && setLoaded({ text: file.content, latest: sends.rows[0] }),
      () => current && setLoaded(null),
    );
    return () => {
      current = false;
    };
  }, [def, row.key]);
  return loaded;
}

export function TankTableSendDialog({ def, row, onClose }: TankTableSendDialogProps) {
  const { t } = useTranslation();
  const truck = useRowTruck(String(row.values[ROW_TRUCK_FIELD] ?? ''), true);
  const loaded = useStoredTable(def, row);
  const title = t('deviceEntity.send.title', { name: t(tabTitleKey(def.path)), row: rowName(row, def) });
  const waiting = truck === undefined || loaded === undefined;
  if (truck && loaded) return <TankTableSendForm title={title} row={row} truck={truck} loaded={loaded} onClose={onClose} />;
  return (
    <ModalDialog title={title} onClose={onClose} className="entity-dialog entity-send" actions={<button type="button" onClick={onClose}>{t('deviceEntity.send.cancel')}</button>}>
      <p className="entity-send__row" role={waiting ? 'status' : 'alert'}>
        {waiting ? t('deviceEntity.send.tankTable.loading') : truck === null ? t('deviceEntity.send.noRowTruck') : t('deviceEntity.send.tankTable.unreadable')}
      </p>
    </ModalDialog>
  );
}

interface FormProps {
  readonly title: string;
  readonly row: EntityRow;
  readonly truck: TruckChoice;
  readonly loaded: Loaded;
  readonly onClose: () => void;
}

/** The loaded dialog: a dialog of its own, which gives focus back where the loading one would have. */
function TankTableSendForm({ title, row, truck, loaded, onClose }: FormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [description, setDescription] = useState('');
  const send = useTankTableSend({ row, truck, text: loaded.text, latest: loaded.latest });
  const facts = send.table ? tankTableFacts(send.table) : undefined;
  const progress = send.row && send.pending && send.row.steps > 0 ? send.row : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.send(description);
  };
  return (
    <ModalDialog
      title={title}
      onClose={onClose}
      className="entity-dialog entity-send"
      form={{ className: 'entity-form', onSubmit: submit }}
      actions={
        <>
          <button type="button" onClick={onClose}>{t('deviceEntity.send.close')}</button>
          {/* Refused rather than disabled: it stays in the tab order, says why beside it, and pressing it says so again. */}
          <button type="submit" aria-disabled={!send.editable} aria-describedby={send.editable ? undefined : `${id}-blocked`}>{t('deviceEntity.send.submit')}</button>
        </>
      }
    >
      <p className="entity-send__row">{t('deviceEntity.send.rowTruck', { plate: truck.plate })}</p>
      {facts && (
        <p className="entity-send__facts">
          {t('deviceEntity.send.tankTable.facts', { compartments: facts.compartments.length, capacity: facts.capacityL, height: facts.heightMm })}
        </p>
      )}
      <p className="entity-send__status" role="status" data-status={send.status ?? ''}>
        {send.status && t('deviceEntity.send.tankTable.status', { status: t(tankTableStatusKey(send.status)) })}
        {progress && ` · ${t('paramEditor.progress', { step: progress.step, steps: progress.steps })}`}
      </p>
      {send.problem && <p className="entity-form__message" role="alert">{t(send.problem.key, send.problem.values)}</p>}
      {!send.editable && <p id={`${id}-blocked`} className="entity-send__blocked">{t(send.pending ? 'sendMachine.repeatBlocked' : 'sendMachine.settledBlocked')}</p>}
      <label className="entity-form__field" htmlFor={`${id}-description`}>
        <span className="entity-form__label">{t('deviceEntity.send.description')}</span>
        <input id={`${id}-description`} className="entity-form__input" maxLength={200} value={description} disabled={!send.editable} onChange={(event) => setDescription(event.target.value)} />
      </label>
    </ModalDialog>
  );
}
