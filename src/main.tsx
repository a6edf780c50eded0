// Console entry: load the texts in the stored language, then render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { announceMissingAbilities } from './app/browser-support';
import { initI18n } from './app/i18n';
import { prefetchShell } from './app/lazy-chunks';
import { readStoredSession } from './app/session/session-storage';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A stored session opens the shell at once: its code loads meanwhile, not after the texts and the first render.
if (readStoredSession()) prefetchShell();
await initI18n();
// Before anyone logs in: a browser without sockets or HTTP is told so once.
announceMissingAbilities();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
