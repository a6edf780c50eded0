// The chosen truck's status row beside the map: what the badge tables show of it, live, and its compartments.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TruckView } from '../../../../streams/truck-status.stream';
import { displayDateTime } from '../../../../domain/format/time';
import { toLang } from '../../../../domain/i18n';
import { truckStatus } from '../../../../domain/truck-status';

/** A screen the card leads to for its truck, with the plate in its query (playback, liquid levels, photos, video). */
interface TruckLink {
  readonly path: string;
  readonly label: string;
}

interface TruckCardProps {
  readonly truck: TruckView;
  readonly links?: readonly TruckLink[];
  readonly onClose: () => void;
}

export function TruckCard({ truck, links = [], onClose }: TruckCardProps) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const { row } = truck;
  const time = (value: string | number | null) => (value === null ? '—' : displayDateTime(value, lang));
  return (
    <section className="track-map__card" aria-label={row.signCode}>
      <header>
        <h2>{row.signCode}</h2>
        <button type="button" className="track-map__close" aria-label={t('live.table.close')} onClick={onClose}>×</button>
      </header>
      <dl className="facts">
        <dt>{t('live.table.organisation')}</dt><dd>{row.truckCompany}</dd>
        <dt>{t('live.table.status')}</dt><dd data-field="status">{t(truckStatus(row.status).labelKey)}{row.alarm !== '' ? ` · ${row.alarm}` : ''}</dd>
        <dt>{t('live.table.speed')}</dt><dd>{row.speed} km/h</dd>
        <dt>{t('live.table.area')}</dt><dd>{row.area || '—'}</dd>
        <dt>{t('live.table.gpsTime')}</dt><dd>{time(row.gpsTime)}</dd>
        <dt>{t('live.table.statusTime')}</dt><dd>{time(row.statusTime)}</dd>
        {truck.tanks.length > 0 && (
          <>
            <dt>{t('trackMap.tanks')}</dt>
            <dd>{truck.tanks.map((tank) => `${tank.tank}: ${tank.volume} L`).join(' · ')}</dd>
          </>
        )}
      </dl>
      {links.length > 0 && (
        <p className="track-map__links">
          {links.map((link) => (
            <Link key={link.path} href={`${link.path}?plate=${encodeURIComponent(row.signCode)}`}>{link.label}</Link>
          ))}
        </p>
      )}
    </section>
  );
}
