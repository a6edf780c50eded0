// The link's socket factory over the ws package, so the worker core talks to the real server from node.
import WebSocket from 'ws';
import type { SocketFactory } from '../../machines/socket-link.machine';

export const wsSocketFactory: SocketFactory = (url, handlers) => {
  const socket = new WebSocket(url);
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
};
