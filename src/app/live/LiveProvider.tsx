// Connects this tab to the live worker once a session exists, hands the live source to the views, tells the worker of
// this tab's visibility and input, and stops it on logout.
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LiveSession } from '../../../workers/live-api';
import type { LiveClient } from '../../live/live-client';
import { listInForce } from '../../../domain/alarm-types';
import { pageAbilities } from '../browser-support';
import { loadLiveClientChunk } from '../lazy-chunks';
import { useSessionActor, useSessionContext, useSessionPhase } from '../session/SessionProvider';
import { takeEarlyClient } from './early-join';
import type { LiveSource } from './live-source';
import { liveSessionOf } from './live-session';
import { reportPresence, type PresenceDocument } from './presence';
import { subscribeUntilCleanup } from './subscribe-until';

const LiveSourceContext = createContext<LiveSource | null>(null);

/** Hands a ready source to the views (the provider below, and tests with a fake source). */
export function LiveSourceProvider({ source, children }: { readonly source: LiveSource | null; readonly children: ReactNode }) {
  return <LiveSourceContext value={source}>{children}</LiveSourceContext>;
}

/** The live source of this tab, or null while the worker is not joined yet (or outside a provider). */
export function useLiveSource(): LiveSource | null {
  return use(LiveSourceContext);
}

/**
 * The client loads lazily: the login page never fetches it. A browser without sockets or workers has no live data; it
 * was told so when the page loaded ('提示 / 访问限制'), and the rest of the console works without.
 */
const openWorkerClient = (): Promise<LiveClient> =>
  takeEarlyClient() ??
  (pageAbilities.live
    ? loadLiveClientChunk().then(({ openLiveClient }) => openLiveClient())
    : Promise.reject(new Error('this browser has no WebSocket or worker')));

interface LiveProviderProps {
  /** The worker session; undefined until logged in with the shell loaded. A new object connects again. */
  readonly session: LiveSession | undefined;
  /**
   * This tab's alarm choice as it changes after the connect (a save, or the server's answer replacing stored data):
   * each change goes to the worker, which filters every tab by it, without connecting again.
   */
  readonly alarmTypes?: string;
  /** True once the user logs out: the worker stops its sockets and forgets the stored live state. */
  readonly loggingOut: boolean;
  /** Joins the worker (tests pass a client over a MessageChannel). */
  readonly open?: () => Promise<LiveClient>;
  /** The server refused the session (a socket's 4401, a poll's or the keep-alive's 504): it is over in every tab. */
  readonly onSessionRefused?: () => void;
  /** The user's role or companies changed on the server (a socket closed with 4205): reload menus and privileges. */
  readonly onAccessChanged?: () => void;
  /** Whose visibility and input the worker hears of (keep-alive, desktop alerts); this page's document by default. */
  readonly presence?: PresenceDocument;
  readonly children: ReactNode;
}

/** Joins the worker once per session, hands it to the views and connects it; leaves it on unmount. */
export function LiveProvider({ session, alarmTypes, loggingOut, open = openWorkerClient, onSessionRefused, onAccessChanged, presence, children }: LiveProviderProps) {
  const [client, setClient] = useState<LiveClient | null>(null);
  // The first choice travels with the connect; the worker keeps the one in force when another tab of the session
  // connected first, so only a change seen here later is sent.
  const sentTypes = useRef(alarmTypes);

  useEffect(() => {
    if (!session) return undefined;
    let cancelled = false;
    let opened: LiveClient | undefined;
    void open()
      .then(async (joined) => {
        opened = joined;
        if (cancelled) return joined.close();
        // The views subscribe while the worker connects: a worker that already holds this session's fleet answers
        // them at once, one round trip sooner than after the connect.
        setClient(joined);
        await joined.api.connect(session);
      })
      .catch((error: unknown) => console.error('live worker', error));
    return () => {
      cancelled = true;
      opened?.close();
      setClient(null);
    };
  }, [session, open]);

  useEffect(() => {
    if (loggingOut && client) void client.api.logout();
  }, [loggingOut, client]);

  useEffect(() => {
    if (alarmTypes === undefined) return;
    if (sentTypes.current === undefined) sentTypes.current = alarmTypes;
    if (!client || alarmTypes === sentTypes.current) return;
    sentTypes.current = alarmTypes;
    void client.api.setAlarmTypes(alarmTypes);
  }, [alarmTypes, client]);

  useEffect(() => {
    if (!client || !onSessionRefused) return undefined;
    return subscribeUntilCleanup((listener) => client.subscribe('session.invalid', listener), () => onSessionRefused());
  }, [client, onSessionRefused]);

  useEffect(() => {
    if (!client || !onAccessChanged) return undefined;
    return subscribeUntilCleanup((listener) => client.subscribe('session.accessChanged', listener), () => onAccessChanged());
  }, [client, onAccessChanged]);

  const source: LiveSource | null = client;

  // The worker keeps the session alive while a tab is visible or typed in, and gives desktop alerts to hidden tabs only.
  useEffect(() => {
    if (!source) return undefined;
    return reportPresence(presence ?? document, source.api);
  }, [source, presence]);

  return <LiveSourceProvider source={source}>{children}</LiveSourceProvider>;
}

/** The live provider for the console's session. */
export function SessionLiveProvider({ children }: { readonly children: ReactNode }) {
  const session = useSessionContext((context) => context.session);
  const shell = useSessionContext((context) => context.shell);
  const phase = useSessionPhase();
  const actor = useSessionActor();
  const privileges = shell?.userPri.userPri;
  // A new alarm choice keeps the privileges' object and so the live session: the worker takes it without a reconnect.
  const live = useMemo(() => (session && shell ? liveSessionOf(session, shell) : undefined), [session, privileges]);
  const alarmTypes = shell ? listInForce(shell.userPri.stUserAlarm?.alarmTypeIds) : undefined;
  // A forced local logout: the server has already ended the session, so there is nobody to tell.
  const refused = useCallback(() => actor.send({ type: 'session.forceLogout' }), [actor]);
  // The refreshed privileges make a new live session, which connects again with the companies the user has now.
  const accessChanged = useCallback(() => actor.send({ type: 'session.refresh' }), [actor]);
  return (
    <LiveProvider session={live} alarmTypes={alarmTypes} loggingOut={phase === 'loggingOut'} onSessionRefused={refused} onAccessChanged={accessChanged}>
      {children}
    </LiveProvider>
  );
}
