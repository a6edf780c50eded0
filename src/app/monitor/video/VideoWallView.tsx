// video_monitor: a wall of 1 / 4 / 9 panes, each showing the truck and channel assigned to it. A pane is chosen with
// a click or the arrow keys, then given a truck (plate combobox) and a channel, or cleared. The layout and every
// assignment are kept in the browser across reloads, per logged-in user (wall-state.ts).
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { MAX_CHANNELS } from '../../../../domain/video/video-wire';
import { useSessionContext } from '../../session/SessionProvider';
import { PlateComboBox } from '../../../ui/filters';
import { LayoutSwitch } from './LayoutSwitch';
import { NotOffered } from './NotOffered';
import { useVideoOffered, useVideoTrucks, type VideoTrucks } from './use-video-trucks';
import { VideoGrid } from './VideoGrid';
import { VideoPane, type LoadStream } from './VideoPane';
import type { PlayStream } from './hls-player';
import { assignPane, loadWall, movePane, saveWall, type WallState } from './wall-state';
import './video.css';

const PATH = '/monitor/video_monitor';

interface VideoWallProps {
  readonly trucks: VideoTrucks;
  /** False on a backend without video (said above the wall). */
  readonly offered: boolean;
  /** The logged-in user, whose wall is shown and kept; none keeps nothing. */
  readonly userId: number | undefined;
  /** Tests replace the calls and the player. */
  readonly load?: LoadStream;
  readonly play?: PlayStream;
}

export function VideoWallView() {
  const trucks = useVideoTrucks();
  const offered = useVideoOffered();
  const userId = useSessionContext((context) => context.session?.token.id);
  // Keyed by the user: another login in the same tab starts from that user's own wall.
  return <VideoWall key={userId} trucks={trucks} offered={offered} userId={userId} />;
}

export function VideoWall({ load, play, trucks, offered, userId }: VideoWallProps) {
  const { t } = useTranslation();
  const [wall, setWall] = useState<WallState>(() => loadWall(userId));
  const [selected, setSelected] = useState(0);
  const current = wall.panes[selected] ?? null;
  const [plate, setPlate] = useState(current?.plate ?? '');
  const [channel, setChannel] = useState(current?.channel ?? 1);

  useEffect(() => saveWall(wall, userId), [wall, userId]);
  // The form shows the chosen pane's assignment.
  useEffect(() => {
    setPlate(current?.plate ?? '');
    setChannel(current?.channel ?? 1);
  }, [current?.plate, current?.channel, selected]);

  const choose = (index: number) => setSelected(Math.min(index, wall.layout - 1));
  const onGridKey = (event: KeyboardEvent) => {
    const next = movePane(selected, wall.layout, event.key);
    if (next === selected) return;
    event.preventDefault();
    choose(next);
    document.querySelectorAll<HTMLButtonElement>('.video-wall .video-pane__select')[next]?.focus();
  };
  const truckId = trucks.truckIdOf(plate);

  return (
    <article className="page video video-wall" data-screen={PATH}>
      <h1>{t(tabTitleKey(PATH))}</h1>
      {!offered && <NotOffered />}
      <div className="video__filters">
        <LayoutSwitch value={wall.layout} onChange={(layout) => {
          setWall({ ...wall, layout });
          if (selected >= layout) setSelected(0);
        }} />
        <form
          className="video__assign"
          aria-label={t('video.pane', { n: selected + 1 })}
          onSubmit={(event) => {
            event.preventDefault();
            if (truckId !== undefined) setWall(assignPane(wall, selected, { truckId, plate, channel }));
          }}
        >
          <strong>{t('video.pane', { n: selected + 1 })}</strong>
          <PlateComboBox plates={trucks.plates} value={plate} onChange={setPlate} />
          <label className="video__channel">
            {t('video.channel', { n: '' }).trim()}
            <select value={channel} onChange={(event) => setChannel(Number(event.target.value))}>
              {Array.from({ length: MAX_CHANNELS }, (_, i) => (
                <option key={i} value={i + 1}>{t('video.channel', { n: i + 1 })}</option>
              ))}
            </select>
          </label>
          <button type="submit" className="video__button" disabled={truckId === undefined}>{t('video.assign')}</button>
          <button type="button" className="video__button video__button--plain" onClick={() => setWall(assignPane(wall, selected, null))}>{t('video.clear')}</button>
        </form>
      </div>
      <div onKeyDown={onGridKey}>
        <VideoGrid layout={wall.layout}>
          {wall.panes.slice(0, wall.layout).map((pane, i) => (
            <VideoPane
              key={i}
              index={i + 1}
              source={pane ? { kind: 'live', ...pane } : undefined}
              selected={i === selected}
              onSelect={() => choose(i)}
              offered={offered}
              load={load}
              play={play}
            />
          ))}
        </VideoGrid>
      </div>
    </article>
  );
}
