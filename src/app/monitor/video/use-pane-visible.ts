// Whether a pane is worth streaming: on screen (not scrolled away, not in a hidden kept-alive view) and in a tab the
// operator is looking at. Operators keep many tabs open; a pane nobody sees fetches nothing, so its stream goes idle
// on the server and its ffmpeg is stopped.
import { useEffect, useState, type RefObject } from 'react';

export function usePaneVisible(ref: RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(true);
  const [tabShown, setTabShown] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');

  useEffect(() => {
    const onVisibility = () => setTabShown(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      if (last) setInView(last.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);

  return inView && tabShown;
}
