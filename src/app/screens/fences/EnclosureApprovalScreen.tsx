// enclosure_approval: the fences of the caller's companies by approval status (pending, approved, not
// approved), the chosen one on the map, approved or rejected per row; the answer 'amended to Approval / No Approval'
// as a toast. The 15-minute pending-fence notice links here.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseFenceShape } from '../../../../domain/fence-shape';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { FENCE_APPROVAL_STATUS, type FenceApprovalStatus } from '../../../../domain/wire/records';
import { showToast } from '../../../ui/notify';
import { reportFailure } from '../../reactions';
import { decideFence, listFences, type FenceRow } from './fence-calls';
import { FenceTable, statusName } from './FenceTable';
import { MapHost, useFenceMap } from './use-fence-map';
import './fences.css';

const PATH = '/setting/base_data/enclosure_approval';
const TABS: readonly FenceApprovalStatus[] = [FENCE_APPROVAL_STATUS.pending, FENCE_APPROVAL_STATUS.approved, FENCE_APPROVAL_STATUS.rejected];

export default function EnclosureApprovalScreen() {
  const { t } = useTranslation();
  const { element, map } = useFenceMap();
  const [status, setStatus] = useState<FenceApprovalStatus>(FENCE_APPROVAL_STATUS.pending);
  const [rows, setRows] = useState<readonly FenceRow[] | undefined>(undefined);
  const [chosen, setChosen] = useState<FenceRow | undefined>(undefined);

  const load = useCallback(() => {
    setRows(undefined);
    listFences(status).then(setRows, reportFailure);
  }, [status]);
  useEffect(load, [load]);
  useEffect(() => map?.show(parseFenceShape(chosen?.geometry ?? null)), [map, chosen]);

  const decide = async (row: FenceRow, decision: FenceApprovalStatus) => {
    try {
      const decided = await decideFence(row.id, decision);
      // The server's answer, in the same words: 已修改为已审批 / amended to No Approval.
      const state = decided.approvalStatus === FENCE_APPROVAL_STATUS.approved ? 'fence.approved' : 'fence.notApproved';
      showToast('success', { key: 'fence.approvalChanged', values: { state: t(state) } });
      setChosen(decided);
      load();
    } catch (error) {
      reportFailure(error);
    }
  };

  return (
    <article className="page fences" data-screen={PATH}>
      <h1>{t(tabTitleKey(PATH))}</h1>
      <div className="fences__tabs" role="group" aria-label={t('fences.status')}>
        {TABS.map((code) => (
          <button key={code} type="button" aria-pressed={code === status} onClick={() => { setStatus(code); setChosen(undefined); }}>
            {t(`fences.statusName.${statusName(code)}`)}
          </button>
        ))}
      </div>
      <div className="fences__body">
        <FenceTable
          rows={rows}
          chosen={chosen?.id}
          onChoose={setChosen}
          audit
          actions={(row) => (
            <>
              {row.approvalStatus !== FENCE_APPROVAL_STATUS.approved && (
                <button type="button" onClick={() => void decide(row, FENCE_APPROVAL_STATUS.approved)}>{t('fences.approve')}</button>
              )}
              {row.approvalStatus !== FENCE_APPROVAL_STATUS.rejected && (
                <button type="button" onClick={() => void decide(row, FENCE_APPROVAL_STATUS.rejected)}>{t('fences.reject')}</button>
              )}
            </>
          )}
        />
        <MapHost element={element} map={map} label={t('fences.map')} />
      </div>
    </article>
  );
}
