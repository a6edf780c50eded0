// real_video: one truck's camera, every channel in a 1 / 4 / 9 grid (channel N in pane N). The truck is picked by its
// plate and kept in the URL (`?plate=`, as other screens link here), as is a layout the operator chose; without one
// the grid fits the camera's channels.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tabTitleKey } from '../../../../domain/shell/titles';
import type { CameraAnswer } from '../../../../domain/video/video-wire';
import { PlateComboBox } from '../../../ui/filters';
import { SCREEN_QUERY, useUrlFilters } from '../../filters/use-url-filters';
import { LayoutSwitch } from './LayoutSwitch';
import { NotOffered } from './NotOffered';
import { useVideoOffered, useVideoTrucks } from './use-video-trucks';
import { fetchCamera, type Offered } from './video-calls';
import { VideoGrid } from './VideoGrid';
import { VideoPane } from './VideoPane';
import { isLayout, LAYOUTS, type Layout } from './wall-state';
import './video.css';

const PATH = '/monitor/real_video';

/** The smallest grid holding every channel (9 at most: channels beyond are on the camera's own recorder). */
function layoutFor(channels: number): Layout {
  return LAYOUTS.find((layout) => layout >= channels) ?? 9;
}

export function RealVideoView() {
  const { t } = useTranslation();
  const [query, setQuery] = useUrlFilters(PATH, SCREEN_QUERY);
  const trucks = useVideoTrucks();
  const plate = query['plate'] ?? '';
  const truckId = trucks.truckIdOf(plate);
  const offered = useVideoOffered(truckId);
  const [camera, setCamera] = useState<Offered<CameraAnswer> | undefined>();

  useEffect(() => {
    setCamera(undefined);
    if (truckId === undefined) return undefined;
    let current = true;
    fetchCamera(truckId).then((answer) => current && setCamera(answer), () => undefined);
    return () => {
      current = false;
    };
  }, [truckId]);

  const chosen = Number(query['layout']);
  const channels = camera && camera !== 'notOffered' ? camera.totalChannels : 0;
  const layout: Layout = isLayout(chosen) ? chosen : layoutFor(Math.max(channels, 1));
  const setLayout = (next: Layout) => setQuery({ ...query, layout: String(next) });

  return (
    <article className="page video" data-screen={PATH}>
      <h1>{t(tabTitleKey(PATH))}</h1>
      {!offered && <NotOffered />}
      <div className="video__filters">
        <PlateComboBox plates={trucks.plates} value={plate} onChange={(next) => setQuery({ ...query, plate: next })} />
        <LayoutSwitch value={layout} onChange={setLayout} />
        <p className="video__status" role="status">
          {plate === '' ? t('video.chooseTruck') : camera && camera !== 'notOffered' ? t('video.channels', { n: camera.totalChannels }) : ''}
        </p>
      </div>
      <VideoGrid layout={layout}>
        {Array.from({ length: layout }, (_, i) => (
          <VideoPane key={i} index={i + 1} offered={offered} source={truckId === undefined ? undefined : { kind: 'live', truckId, plate, channel: i + 1 }} />
        ))}
      </VideoGrid>
    </article>
  );
}
