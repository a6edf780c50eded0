// sprinkler_playback_track: the track playback over the sprinklers only, with their spraying runs (the
// `spray` events) drawn as coloured stretches of the track and listed in the legend (docs/playback.md).
import { PlaybackView } from '../playback/PlaybackView';
import { isSprinkler } from './sprinkler-trucks';

const PATH = '/monitor/sprinkler_playback_track';

export default function SprinklerPlaybackScreen() {
  return <PlaybackView path={PATH} offers={isSprinkler} marks="sprinkler" />;
}
