// The "下发/Send" dialog of a row of a definition with `send` (a tank table's: TankTableSendDialog): to the row's own
// truck, or to trucks chosen by plate or a whole company; a command that restarts or clears a device is confirmed
// first; then the answer: the sends made with their status and the trucks refused with why (a send of the same thing
// still pending there).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SendAnswer, SendRequest } from '../../../../domain/params/send-wire';
import { ROW_TRUCK_FIELD, fieldOf, type EntityDef, type SendSpec } from '../../../../domain/screens/entities/definition';
import type { EntityRow } from '../../../../domain/screens/entities/wire';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { CompanyPicker, type Company } from '../../../ui/filters';
import { ModalDialog } from '../../../ui/dialog';
import { reportFailure } from '../../reactions';
import { statusText } from '../send-message/send-columns';
import { rowName } from './StatusConfirm';
import { sendToDevices, type TruckChoice } from './send-calls';
import { TankTableSendDialog } from './TankTableSendDialog';
import { TruckChooser } from './TruckChooser';
import { useRowTruck } from './use-row-truck';
import { valueText, companyNames } from './entity-values';

interface SendDialogProps {
  readonly def: EntityDef & { readonly send: SendSpec };
  readonly row: EntityRow;
  readonly companies: readonly Company[];
  readonly onClose: () => void;
}

type Step = 'form' | 'confirm' | 'sending';
type Target = 'trucks' | 'company';

/** Whether the row restarts or clears a device (a remote template's restart or clear command). */
function isDangerous(def: EntityDef & { readonly send: SendSpec }, row: EntityRow): boolean {
  const rule = def.send.dangerous;
  return rule !== undefined && rule.values.includes(String(row.values[rule.key] ?? ''));
}

/** A tank table follows its one send through the table's own statuses; every other row is sent and answered at once. */
export function SendDialog(props: SendDialogProps) {
  return props.def.send.kind === 'tankTable' ? <TankTableSendDialog def={props.def} row={props.row} onClose={props.onClose} /> : <DeviceSendDialog {...props} />;
}

function DeviceSendDialog({ def, row, companies, onClose }: SendDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const toRow = def.send.to === 'rowTruck';
  const plate = String(row.values[ROW_TRUCK_FIELD] ?? '');
  const rowTruck = useRowTruck(plate, toRow);
  const [target, setTarget] = useState<Target>('trucks');
  const [trucks, setTrucks] = useState<readonly TruckChoice[]>([]);
  const [company, setCompany] = useState('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [step, setStep] = useState<Step>('form');
  const [answer, setAnswer] = useState<SendAnswer | undefined>(undefined);

  const request = (): SendRequest | undefined => {
    const common = { kind: def.send.kind, sourceId: Number(row.key), ...(description.trim() === '' ? {} : { description: description.trim() }) };
    if (toRow) return rowTruck ? { ...common, truckIds: String(rowTruck.id) } : undefined;
    if (target === 'company') return company === '' ? undefined : { ...common, companyCode: company };
    return trucks.length === 0 ? undefined : { ...common, truckIds: trucks.map((truck) => truck.id).join(',') };
  };

  const send = async () => {
    const form = request();
    if (!form) return;
    setStep('sending');
    try {
      setAnswer(await sendToDevices(form));
    } catch (error) {
      reportFailure(error);
    } finally {
      setStep('form');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!request()) {
      setProblem(toRow ? t('deviceEntity.send.noRowTruck') : target === 'company' ? t('deviceEntity.send.noCompany') : t('deviceEntity.send.noTrucks'));
      return;
    }
    setProblem(undefined);
    if (isDangerous(def, row)) setStep('confirm');
    else void send();
  };

  const names = companyNames(companies);
  const dangerKey = def.send.dangerous?.key;
  const command = dangerKey ? valueText(fieldOf(def, dangerKey) ?? { key: dangerKey, labelKey: 'entity.none', type: 'text' }, row.values[dangerKey], names, t) : '';
  const title = t('deviceEntity.send.title', { name: t(tabTitleKey(def.path)), row: rowName(row, def) });

  if (step === 'confirm') {
    return (
      <ModalDialog
        title={t('deviceEntity.send.confirmTitle')}
        onClose={() => setStep('form')}
        confirm={{
          text: target === 'company' ? t('deviceEntity.send.confirmCompany', { command, company: names.get(company) ?? company }) : t('deviceEntity.send.confirmDangerous', { command, count: trucks.length }),
          cancelLabel: t('deviceEntity.send.cancel'),
          confirmLabel: t('deviceEntity.send.confirm'),
          onConfirm: () => void send(),
        }}
      />
    );
  }

  return (
    <ModalDialog
      title={title}
      onClose={onClose}
      className="entity-dialog entity-send"
      form={{ className: 'entity-form', onSubmit: submit }}
      actions={
        <>
          <button type="button" onClick={onClose}>{t(answer ? 'deviceEntity.send.close' : 'deviceEntity.send.cancel')}</button>
          <button type="submit" disabled={step === 'sending' || (toRow && !rowTruck)}>{step === 'sending' ? t('deviceEntity.send.sending') : t('deviceEntity.send.submit')}</button>
        </>
      }
    >
      {toRow ? (
        <p className="entity-send__row">{rowTruck === null ? t('deviceEntity.send.noRowTruck') : t('deviceEntity.send.rowTruck', { plate })}</p>
      ) : (
        <fieldset className="entity-send__target">
          <legend>{t('deviceEntity.send.target')}</legend>
          {(['trucks', 'company'] as const).map((choice) => (
            <label key={choice}>
              <input type="radio" name={`${id}-target`} checked={target === choice} onChange={() => setTarget(choice)} />
              {t(choice === 'trucks' ? 'deviceEntity.send.toTrucks' : 'deviceEntity.send.toCompany')}
            </label>
          ))}
        </fieldset>
      )}
      {!toRow && target === 'trucks' && <TruckChooser chosen={trucks} onChange={setTrucks} isInvalid={problem !== undefined} describedBy={`${id}-problem`} />}
      {!toRow && target === 'company' && (
        <CompanyPicker className="entity-form__choice" label={t('deviceEntity.send.company')} companies={companies} value={company} onChange={setCompany} isRequired isInvalid={problem !== undefined} describedBy={`${id}-problem`} placeholder={t('entity.choose')} />
      )}
      <label className="entity-form__field" htmlFor={`${id}-description`}>
        <span className="entity-form__label">{t('deviceEntity.send.description')}</span>
        <input id={`${id}-description`} className="entity-form__input" maxLength={200} value={description} onChange={(event) => setDescription(event.target.value)} />
      </label>
      <small id={`${id}-problem`} className="entity-form__message" role={problem ? 'alert' : undefined}>{problem ?? ''}</small>
      {answer && (
        <div className="entity-send__answer" role="status" data-testid="send-answer">
          <p>{t('deviceEntity.send.sent', { count: answer.sends.length })}</p>
          <ul>{answer.sends.map((sent) => <li key={sent.id}>{t('deviceEntity.send.sentRow', { plate: sent.signCode, status: statusText(t, sent.status), id: sent.id })}</li>)}</ul>
          {answer.refused.length > 0 && (
            <>
              <p>{t('deviceEntity.send.refused', { count: answer.refused.length })}</p>
              <ul>{answer.refused.map((refused) => <li key={refused.truckId}>{t('deviceEntity.send.refusedRow', { plate: refused.signCode, reason: refused.reason })}</li>)}</ul>
            </>
          )}
        </div>
      )}
    </ModalDialog>
  );
}
