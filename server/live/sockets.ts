// The two live sockets under the host root (/truckatgsub/truck, /truckAlarm/alarm) on @fastify/websocket, with their registry.
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { translate } from '../../domain/i18n';
import { SOCKET_PATHS, type SocketName } from '../../domain/wire/sockets';
import { SESSION_COOKIE } from '../auth/guard';
import { endedSessions } from '../auth/sessions';
import { failText, langOf } from '../envelope';
import type { Services } from '../services';
import { createAlarmFeed } from './alarm-feed';
import { closeReason, LiveConnection, type ConnectionSetup } from './connection';
import { isEnded } from './hub';
import { LiveSocketRegistry } from './registry';
import { CLOSE_TEXT, DEFAULT_LIVE_LIMITS, originAllowed, SOCKET_CLOSE, type LiveLimits } from './socket-policy';
import { createTruckFeed } from './truck-feed';

/** ws reports protocol violations (oversize frame, bad opcode…) with WS_ERR_ codes; resets and the like are not the client's frames. */
const isProtocolError = (error: Error) => 'code' in error && typeof error.code === 'string' && error.code.startsWith('WS_ERR_');

/**
 * Registers both sockets and sets `services.sockets`. Call once, before the not-found handler; `limits` exists so
 * tests can shorten the open timeout and the ping period.
 */
export async function registerLiveSockets(
  app: FastifyInstance,
  services: Services,
  limits: LiveLimits = DEFAULT_LIVE_LIMITS,
): Promise<LiveSocketRegistry> {
  const registry = new LiveSocketRegistry();
  services.sockets = registry;

  await app.register(fastifyWebsocket, {
    // Invalid UTF-8 in a text frame reaches our parser (and is counted) instead of being a protocol error.
    options: { maxPayload: limits.maxPayloadBytes, skipUTF8Validation: true },
    errorHandler(error, socket) {
      if (isProtocolError(error)) registry.countBad();
      socket.terminate();
    },
  });

  const accept = (kind: SocketName) => (socket: WebSocket, request: FastifyRequest) => {
    const lang = langOf(request);
    const host = request.headers.host;
    if (!originAllowed(request.headers.origin, host, services.allowedOrigins)) {
      // Accepted only to say why: the console shows the reason and stops reconnecting; nothing else is sent.
      socket.close(SOCKET_CLOSE.originRefused, closeReason(translate(lang, CLOSE_TEXT.originRefused)));
      return;
    }
    const setup: ConnectionSetup = {
      kind,
      socket,
      services,
      limits,
      lang,
      cookieToken: request.cookies[SESSION_COOKIE],
      log: request.log,
      onFrameSent: () => registry.countSent(),
      onBadFrame: () => registry.countBad(),
      onGone: (connection) => registry.remove(connection),
    };
    const connection =
      kind === 'truck'
        ? new LiveConnection(setup, (sender) => createTruckFeed(services, limits, sender))
        : new LiveConnection(setup, (sender) => createAlarmFeed(services, limits, sender));
    registry.add(connection);
  };

  // `public` for the HTTP guard: a socket authenticates itself (cookie or the open message's token) and closes with 4401.
  for (const kind of ['truck', 'alarm'] as const) {
    app.route({
      method: 'GET',
      url: SOCKET_PATHS[kind],
      config: { access: 'public' },
      wsHandler: accept(kind),
      // A plain request to a socket's path gets the envelope like any other answer, not an empty 404.
      handler: (request, reply) => reply.send(failText(request, 400, 'server.socketOnly')),
    });
  }

  // The ping sweep also ends the sockets of sessions that expired meanwhile (idle or absolute limit) or whose user or
  // role was disabled without an announcement.
  const endSessions = async () => {
    const ended = await endedSessions(services.db, registry.sessions(), services.sessions);
    if (ended.size > 0) registry.closeSessions((session) => ended.has(session.tokenHash));
  };
  const sweepFailed = (error: unknown) => app.log.error({ err: error }, 'live socket sweep failed');
  const pinger = setInterval(() => {
    registry.pingAll();
    endSessions().catch(sweepFailed);
  }, limits.pingIntervalMs);
  const stopRaw = services.hub.onRaw((recorded) => {
    const frame = services.wire.rawFrame(recorded);
    if (frame) registry.broadcastRaw(frame);
  });
  // An announced account change (announceAccountChange) reaches the sockets at once, not at the next sweep.
  const stopAccounts = services.hub.onAccounts((change) => registry.refreshAccounts(change));
  // A logout or password change on any instance closes the ended sessions' sockets here.
  const stopEnded = services.hub.onSessionsEnded((ended) => registry.closeSessions((session) => isEnded(ended, session)));
  // After a bus outage, logouts and account changes published meanwhile may have been missed: the database says
  // (without a ping round, which would drop sockets pinged a moment ago by the timer).
  const stopResync = services.hub.onResync(() => {
    endSessions().catch(sweepFailed);
    registry.refreshAll().catch((error: unknown) => app.log.error({ err: error }, 'live socket account reload failed'));
  });
  app.addHook('onClose', async () => {
    clearInterval(pinger);
    for (const stop of [stopRaw, stopAccounts, stopEnded, stopResync]) stop();
    registry.disposeAll();
  });
  return registry;
}
