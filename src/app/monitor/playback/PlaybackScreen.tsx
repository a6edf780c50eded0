// playback_track: the track playback of any truck the user may see (docs/playback.md).
import { PlaybackView } from './PlaybackView';

const PATH = '/monitor/playback_track';
const everyTruck = () => true;

export default function PlaybackScreen() {
  return <PlaybackView path={PATH} offers={everyTruck} />;
}
