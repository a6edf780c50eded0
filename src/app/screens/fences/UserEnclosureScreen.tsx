// user_enclosure: the caller's fences with the chosen one on the map; a new fence or an edit opens the form
// beside the map, where the outline is drawn with Leaflet-Geoman (only the chosen kind offered). An edit sends the
// fence back to pending as a modification (server/routes/fence.ts).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseFenceShape, type FenceShapeKind } from '../../../../domain/fence-shape';
import { tabTitleKey } from '../../../../domain/shell/titles';
import type { Company } from '../../../ui/filters';
import { reportFailure } from '../../reactions';
import { reportOptions } from '../report/report-options';
import { listFences, saveFence, type FenceRow } from './fence-calls';
import { FenceForm } from './FenceForm';
import { FenceTable } from './FenceTable';
import { MapHost, useFenceMap } from './use-fence-map';
import './fences.css';

const PATH = '/setting/base_data/user_enclosure';

/** The form open: for a new fence (no row) or a change of one. */
interface Editing {
  readonly row: FenceRow | undefined;
}

export default function UserEnclosureScreen() {
  const { t, i18n } = useTranslation();
  const { element, map } = useFenceMap();
  const [rows, setRows] = useState<readonly FenceRow[] | undefined>(undefined);
  const [companies, setCompanies] = useState<readonly Company[]>([]);
  const [chosen, setChosen] = useState<FenceRow | undefined>(undefined);
  const [editing, setEditing] = useState<Editing | undefined>(undefined);
  const [kind, setKind] = useState<FenceShapeKind>('polygon');

  const load = useCallback(() => {
    listFences().then(setRows, reportFailure);
  }, []);
  useEffect(load, [load]);
  useEffect(() => {
    let current = true;
    reportOptions().then((options) => current && setCompanies(options.companies), reportFailure);
    return () => {
      current = false;
    };
  }, []);

  // The map follows the screen: the chosen fence shown, or the fence being changed with the drawing tools of its kind.
  useEffect(() => {
    if (!map) return;
    if (editing) {
      map.show(parseFenceShape(editing.row?.geometry ?? null));
      return;
    }
    map.stopDrawing();
    map.show(parseFenceShape(chosen?.geometry ?? null));
  }, [map, editing, chosen]);
  useEffect(() => {
    if (map && editing) map.draw(kind, i18n.language);
  }, [map, editing, kind, i18n.language]);

  const edit = (row: FenceRow | undefined) => {
    setKind(row && isKind(row.type) ? row.type : 'polygon');
    setEditing({ row });
  };

  const mapHost = <MapHost element={element} map={map} label={t('fences.map')} />;
  return (
    <article className="page fences" data-screen={PATH}>
      <h1>{t(tabTitleKey(PATH))}</h1>
      {editing ? (
        <FenceForm
          row={editing.row}
          companies={companies}
          map={mapHost}
          readShape={() => map?.drawn()}
          onKind={setKind}
          save={saveFence}
          onSaved={() => {
            setEditing(undefined);
            setChosen(undefined);
            load();
          }}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        <>
          <div className="fences__bar">
            <button type="button" className="fences__primary" onClick={() => edit(undefined)}>{t('fences.new')}</button>
          </div>
          <div className="fences__body">
            <FenceTable
              rows={rows}
              chosen={chosen?.id}
              onChoose={setChosen}
              actions={(row) => <button type="button" onClick={() => edit(row)}>{t('fences.edit')}</button>}
            />
            {mapHost}
          </div>
        </>
      )}
    </article>
  );
}

const isKind = (value: string): value is FenceShapeKind => value === 'polygon' || value === 'rectangle' || value === 'circle';
