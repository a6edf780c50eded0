// Console entry: fetch the texts, React and the app in parallel, load the texts in the stored language, then render.
import { StrictMode, startTransition } from 'react';
import { announceMissingAbilities } from './app/browser-support';
import { prefetchShell } from './app/lazy-chunks';
import { showBootBadges } from './app/live/boot-badges';
import { joinLiveWorkerEarly } from './app/live/early-join';
import { readStoredSession } from './app/session/session-storage';
import { WATER_TRUCK_USER_NAMES } from './config';
import { isWaterTruckUser } from '../domain/shell/session';
import { initTimeZone } from './app/time-zone';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
initTimeZone();

// A stored session opens the shell at once: its code loads with the rest, the first render waits for it (rather than
// suspend on it), and the tab joins the live worker meanwhile.
const session = readStoredSession();
const shellLoaded = session ? prefetchShell() : undefined;
if (session) {
  joinLiveWorkerEarly();
  // The badge counts show before React does (boot-badges.ts); water-truck users have no badges.
  if (!isWaterTruckUser(session, WATER_TRUCK_USER_NAMES)) showBootBadges(root);
}
// Three chunks, each evaluated in a task of its own as it arrives: as one module graph they were one long task.
const reactDom = import('react-dom/client');
const app = import('./app/App');
const { initI18n } = await import('./app/i18n');
await initI18n();
const [{ createRoot }, { App }] = await Promise.all([reactDom, app, shellLoaded]);
// Before anyone logs in: a browser without sockets or HTTP is told so once.
announceMissingAbilities();
// A transition renders in slices that yield to the browser, so the first render is not one long task.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
