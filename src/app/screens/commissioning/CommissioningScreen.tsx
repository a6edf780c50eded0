// The commissioning check (setting/base_data/test; docs/commissioning.md): a truck chosen by plate, its console read
// and judged on request — a summary, every check with its mark, the console's facts and its probes with live values.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { TruckPicker, type PickedTruck } from '../param-file/TruckPicker';
import { CheckList, CheckSummary } from './CheckList';
import { ConsoleFacts } from './ConsoleFacts';
import { LevelProbeTable, SealProbeTable } from './ProbeTables';
import { useDeviceTest } from './use-device-test';
import '../entity/entity.css';
import './commissioning.css';

const PATH = '/setting/base_data/test';

export default function CommissioningScreen() {
  const { t } = useTranslation();
  const [truck, setTruck] = useState<PickedTruck | undefined>(undefined);
  const { test, run } = useDeviceTest(truck?.id);
  const running = test.state === 'running';
  const answer = test.state === 'done' ? test.answer : test.state === 'running' ? test.previous : undefined;

  return (
    <article className="page commissioning" data-screen={PATH}>
      <h1>{t(tabTitleKey(PATH))}</h1>
      <div className="commissioning__choice">
        <TruckPicker label={t('commissioning.truck')} value={truck?.signCode ?? ''} onPick={setTruck} />
        <button type="button" className="entity-button entity-button--primary" disabled={!truck || running} onClick={run}>
          {t(answer ? 'commissioning.rerun' : 'commissioning.run')}
        </button>
      </div>
      {!truck && <p className="commissioning__hint">{t('commissioning.choose')}</p>}
      <div aria-live="polite" aria-busy={running}>
        {running && <p className="commissioning__hint" role="status">{t('commissioning.running')}</p>}
        {test.state === 'failed' && (
          <p className="commissioning__error" role="alert">
            {t('commissioning.failed')}
            {test.message !== '' && ` (${test.message})`}
          </p>
        )}
        {answer && <CheckSummary answer={answer} />}
      </div>
      {answer && (
        <div className={running ? 'commissioning__result commissioning__result--stale' : 'commissioning__result'}>
          <CheckList answer={answer} />
          <ConsoleFacts answer={answer} />
          <LevelProbeTable probes={answer.levelProbes} />
          <SealProbeTable probes={answer.sealProbes} />
        </div>
      )}
    </article>
  );
}
