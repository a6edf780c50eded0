// The fences as a table for both fence screens: one row per fence, the chosen one marked (its outline is on the map),
// with the screen's own buttons per row beside its name (the audit columns may scroll out of view; the buttons do not).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../domain/format/time';
import { FENCE_APPROVAL_STATUS, type FenceApprovalStatus } from '../../../../domain/wire/records';
import type { FenceRow } from './fence-calls';

const STATUS_NAME: Readonly<Record<FenceApprovalStatus, 'pending' | 'approved' | 'rejected'>> = {
  [FENCE_APPROVAL_STATUS.pending]: 'pending',
  [FENCE_APPROVAL_STATUS.approved]: 'approved',
  [FENCE_APPROVAL_STATUS.rejected]: 'rejected',
};
export const statusName = (status: FenceApprovalStatus) => STATUS_NAME[status];

interface FenceTableProps {
  readonly rows: readonly FenceRow[] | undefined;
  readonly chosen: number | undefined;
  readonly onChoose: (row: FenceRow) => void;
  /** The approval columns (who changed it and when, who decided and when). */
  readonly audit?: boolean;
  readonly actions: (row: FenceRow) => ReactNode;
}

export function FenceTable({ rows, chosen, onChoose, audit = false, actions }: FenceTableProps) {
  const { t } = useTranslation();
  const shape = (type: string) => (['polygon', 'rectangle', 'circle'].includes(type) ? t(`fences.shape.${type as 'polygon'}`) : type);
  const time = (value: FenceRow['modifyTime'] | null) => (value === null ? '' : formatDate(value));
  if (!rows) return <p role="status">{t('fences.loading')}</p>;
  if (rows.length === 0) return <p role="status">{t('fences.none')}</p>;
  return (
    <div className="fences__list">
      <table className="fences__table" aria-label={t('fences.list')}>
        <thead>
          <tr>
            <th>{t('fences.name')}</th>
            <th>{t('fences.actions')}</th>
            <th>{t('fences.type')}</th>
            <th>{t('fences.status')}</th>
            {audit && <><th>{t('fences.modifier')}</th><th>{t('fences.modifyTime')}</th><th>{t('fences.modifyType')}</th><th>{t('fences.approver')}</th><th>{t('fences.approvalTime')}</th></>}
            <th>{t('fences.address')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} aria-selected={row.id === chosen} data-fence={row.name}>
              <td><button type="button" className="fences__pick" onClick={() => onChoose(row)}>{row.name}</button></td>
              <td>{actions(row)}</td>
              <td>{shape(row.type)}{row.geometry === null ? ` (${t('fences.notDrawn')})` : ''}</td>
              <td data-status={statusName(row.approvalStatus)}>{t(`fences.statusName.${statusName(row.approvalStatus)}`)}</td>
              {audit && (
                <>
                  <td>{row.modifier}</td>
                  <td>{time(row.modifyTime)}</td>
                  <td>{t(`fences.modifyTypeName.${row.modifyType}`)}</td>
                  <td>{row.approver ?? ''}</td>
                  <td>{time(row.approvalTime)}</td>
                </>
              )}
              <td>{row.address}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
