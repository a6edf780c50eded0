// The three video routes (video_monitor, real_video, history_video) over one engine: the pane that plays a
// stream or says why it cannot (VideoPane), the 1 / 4 / 9 grid, and the video calls. One chunk, with hls.js loaded
// by the first pane that plays.
import { HistoryVideoView } from './HistoryVideoView';
import { RealVideoView } from './RealVideoView';
import { VideoWallView } from './VideoWallView';

export const VideoMonitorScreen = () => <VideoWallView />;
export const RealVideoScreen = () => <RealVideoView />;
export const HistoryVideoScreen = () => <HistoryVideoView />;
