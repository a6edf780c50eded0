// The link's socket factory over the ws package, so the worker core talks to the real server from node.
import WebSocket from 'ws';
import type { SocketFactory, SocketHandle, SocketHandlers } from '../../machines/socket-link.machine';

export const wsSocketFactory: SocketFactory = (url, handlers) => openWs(new WebSocket(url), handlers);

/**
 * The factory of a browser holding the `sid` cookie: it sends it with every upgrade, which is how the legacy contract's
 * sockets authenticate (they ignore the open message's token).
 */
export function cookieSocketFactory(sid: string): SocketFactory {
  return (url, handlers) => openWs(new WebSocket(url, { headers: { cookie: `sid=${sid}` } }), handlers);
}

function openWs(socket: WebSocket, handlers: SocketHandlers): SocketHandle {
  socket.on('open', () => handlers.opened());
  socket.on('message', (data, isBinary) => handlers.message(isBinary ? '' : String(data)));
  socket.on('close', (code, reason) => handlers.closed(code, reason.toString('utf8')));
  // ws reports a refused connection as an error, then a close: the close is what the link acts on.
  socket.on('error', () => undefined);
  return {
    send: (text) => socket.send(text),
    close() {
      socket.removeAllListeners('open');
      socket.removeAllListeners('message');
      socket.removeAllListeners('close');
      if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
      else socket.close();
    },
  };
}
