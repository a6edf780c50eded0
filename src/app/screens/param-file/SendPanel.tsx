// Sending the edited file: to this truck and any others chosen by plate, with a description; the send's live status
// and progress while it is pending (the editor is locked then), and stop sending.
import { useTranslation } from 'react-i18next';
import { fileSendStatusKey } from '../../../../domain/params/send-status';
import type { FileSend } from './use-file-send';
import { TruckPicker, type PickedTruck } from './TruckPicker';

interface SendPanelProps {
  readonly truck: PickedTruck;
  readonly others: readonly PickedTruck[];
  readonly onOthers: (next: readonly PickedTruck[]) => void;
  readonly description: string;
  readonly onDescription: (text: string) => void;
  readonly changeCount: number;
  readonly problemCount: number;
  readonly send: FileSend;
  readonly onPreview: () => void;
  readonly onUndo: () => void;
  readonly onSend: () => void;
}

export function SendPanel(props: SendPanelProps) {
  const { truck, others, onOthers, description, onDescription, changeCount, problemCount, send, onPreview, onUndo, onSend } = props;
  const { t } = useTranslation();
  const locked = !send.editable;
  return (
    <section className="param-send" aria-label={t('paramEditor.send')}>
      <div className="param-send__targets">
        <TruckPicker label={t('paramEditor.targets')} value="" exclude={[truck.id, ...others.map((other) => other.id)]}
          onPick={(picked) => onOthers([...others, picked])} />
        <ul className="param-send__chips" aria-label={t('paramEditor.otherTrucks')}>
          {others.map((other) => (
            <li key={other.id} className="param-send__chip">
              {other.signCode}
              <button type="button" className="entity-link" aria-label={t('paramEditor.removeTarget', { plate: other.signCode })}
                disabled={locked} onClick={() => onOthers(others.filter((candidate) => candidate.id !== other.id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
        <label className="param-field">
          <span className="param-field__label">{t('paramEditor.description')}</span>
          <input className="param-field__input" maxLength={200} value={description} disabled={locked}
            onChange={(event) => onDescription(event.target.value)} />
        </label>
      </div>
      {problemCount > 0 && <p className="param-field__message" role="alert">{t('paramEditor.problems', { count: problemCount })}</p>}
      <div className="param-actions">
        <button type="button" className="entity-button" onClick={onPreview}>{t('paramEditor.preview')}</button>
        <button type="button" className="entity-button" disabled={locked || changeCount === 0} onClick={onUndo}>{t('paramEditor.undo')}</button>
        <button type="button" className="entity-button entity-button--primary" onClick={onSend}
          disabled={locked || changeCount === 0 || problemCount > 0}>
          {others.length === 0 ? t('paramEditor.send') : t('paramEditor.sendTo', { count: others.length + 1 })}
        </button>
        {send.stoppable && (
          <button type="button" className="entity-button entity-link--danger" onClick={send.stop}>{t('paramEditor.stop')}</button>
        )}
      </div>
      {send.status && (
        <p className={`param-send__status param-send__status--${send.status}`} role="status" data-testid="param-send-status">
          {t('paramEditor.status')}: {t(fileSendStatusKey(send.status))}
          {send.row && send.row.steps > 0 && send.pending && ` · ${t('paramEditor.progress', { step: send.row.step, steps: send.row.steps })}`}
          {send.pending && ` · ${t('paramEditor.locked')}`}
        </p>
      )}
    </section>
  );
}
