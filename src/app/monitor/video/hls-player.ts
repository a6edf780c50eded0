// Plays an HLS playlist in the page's own <video> element: hls.js (loaded with the video screens only) over Media
// Source Extensions, or the browser's own HLS where it has one. Playlist and segment requests carry the session's
// header-id as every call does (the guard also takes the cookie for reads). Transmuxing stays on the main thread: the
// console's content policy admits workers from its own files only, and a 320x180 stream is light.
import { API_BASE } from '../../../../workers/backend-address';
import { HEADER_ID_KEY } from '../../../api/http';

interface Player {
  destroy(): void;
}

/** Starts playing `playlist` (a path below the base path, as the video calls answer it); `onFatal` when it fails for good. */
export type PlayStream = (video: HTMLVideoElement, playlist: string, onFatal: () => void) => Promise<Player>;

export const playHls: PlayStream = async (video, playlist, onFatal) => {
  const url = `${API_BASE}${playlist}`;
  video.muted = true;
  const { default: Hls } = await import('hls.js');
  if (Hls.isSupported()) {
    const hls = new Hls({
      enableWorker: false,
      liveSyncDurationCount: 2,
      manifestLoadPolicy: { default: { maxTimeToFirstByteMs: 10_000, maxLoadTimeMs: 15_000, timeoutRetry: { maxNumRetry: 2, retryDelayMs: 0, maxRetryDelayMs: 0 }, errorRetry: { maxNumRetry: 2, retryDelayMs: 1000, maxRetryDelayMs: 4000 } } },
      xhrSetup(xhr) {
        xhr.withCredentials = true;
        const headerId = localStorage.getItem(HEADER_ID_KEY);
        if (headerId) xhr.setRequestHeader(HEADER_ID_KEY, headerId);
      },
    });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) onFatal();
    });
    hls.on(Hls.Events.MANIFEST_PARSED, () => {
      video.play().catch(() => undefined);
    });
    hls.loadSource(url);
    hls.attachMedia(video);
    return {
      destroy() {
        hls.destroy();
      },
    };
  }
  if (video.canPlayType('application/vnd.apple.mpegurl') !== '') {
    const failed = () => onFatal();
    video.addEventListener('error', failed);
    video.src = url;
    video.play().catch(() => undefined);
    return {
      destroy() {
        video.removeEventListener('error', failed);
        video.removeAttribute('src');
        video.load();
      },
    };
  }
  onFatal();
  return { destroy() {} };
};
