// The console's routes behind the access guard (shell spec §2): only /login and /404 are public;
// no session → /login; a session on /login → /; a failed token check → /login.
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { waitFor } from 'xstate';
import { call, CallError, failureText, isChallengeRequired } from '../api/client';
import type { LoginCredentials } from '../../domain/login-form';
import { AlertHost, Toaster } from '../ui/Notices';
import '../ui/base.css';
import { loadedShell, loadShellChunk, prefetchShell } from './lazy-chunks';
import { dropEarlyClient } from './live/early-join';
import { ChallengeRefusal } from './login/challenge-refusal';
import { LoginPage, type LoginRefusal } from './login/LoginPage';
import { SessionProvider, useSessionActor, useSessionPhase } from './session/SessionProvider';
import { Loading, NotFound } from './views/StatusPages';

// The login page loads without the shell's code; the shell comes in once a session exists (or the user types).
const LazyShell = lazy(loadShellChunk);

/** Someone is typing their login: the shell's code loads meanwhile, so logging in does not wait for it. */
const fetchShellAhead = () => void prefetchShell();

/**
 * Our server's challenge, asked for only after it refused a login for one (a legacy backend never does). Its refusal
 * to draw another (too many for this address) comes with its message, for the page to show; other failures are the
 * network's.
 */
async function loadChallenge() {
  try {
    return await call('captcha', {}, { passBack: true });
  } catch (error) {
    if (error instanceof CallError && error.resultCode !== undefined && error.message !== '') throw new ChallengeRefusal(error.message);
    throw error;
  }
}

function ShellRoute() {
  const Shell = loadedShell();
  if (Shell) return <Shell />;
  return (
    <Suspense fallback={<Loading />}>
      <LazyShell />
    </Suspense>
  );
}

function GuardedRoutes() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const session = useSessionActor();
  const phaseNow = useSessionPhase();
  useEffect(() => {
    if (phaseNow === 'loggedOut') dropEarlyClient();
  }, [phaseNow]);
  // A login mounts the whole shell. Routed on deferred values, that mount is a background render React slices into
  // short tasks, not one long task inside the callback of the login's answer; the page shown meanwhile stays as it was.
  const phase = useDeferredValue(phaseNow);
  const path = useDeferredValue(location);

  async function login(credentials: LoginCredentials): Promise<LoginRefusal | undefined> {
    session.send({ type: 'session.login', credentials });
    const done = await waitFor(session, (s) => s.matches('loggedIn') || s.matches('loggedOut'));
    if (done.matches('loggedIn')) return undefined;
    const { error } = done.context;
    const failure = failureText(error);
    return { text: 'text' in failure ? failure.text : t(failure.key), challengeRequired: isChallengeRequired(error) };
  }

  // The login screen stays up while its own login is checked, so a failure shows in its form.
  if (phase === 'checking' && path !== '/login') return <Loading />;
  const loggedIn = phase === 'loggedIn' || phase === 'loggingOut';
  return (
    <Switch location={path}>
      <Route path="/login">{loggedIn ? <Redirect to="/" replace /> : <LoginPage onLogin={login} loadChallenge={loadChallenge} onTyping={fetchShellAhead} />}</Route>
      <Route path="/404">
        <NotFound />
      </Route>
      <Route>
        {loggedIn ? (
          <ShellRoute />
        ) : (
          <Redirect to="/login" replace />
        )}
      </Route>
    </Switch>
  );
}

export function App() {
  return (
    <SessionProvider>
      <GuardedRoutes />
      <Toaster />
      <AlertHost />
    </SessionProvider>
  );
}
