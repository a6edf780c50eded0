// Adapts a browser-style WebSocket class (the browser's own, mock-socket's in tests) to the link's factory; socket URLs.
import type { SocketFactory } from '../machines/socket-link.machine';
import { SOCKET_PATHS, type SocketName } from '../domain/wire/sockets';

/** The part of the WebSocket interface the link uses. */
interface BrowserStyleSocket {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

type BrowserStyleSocketClass = new (url: string) => BrowserStyleSocket;

export function browserSocketFactory(Socket: BrowserStyleSocketClass): SocketFactory {
  return (url, handlers) => {
    const socket = new Socket(url);
    socket.onopen = () => handlers.opened();
    // Our servers send text only; a binary frame goes on as empty text, which the pipeline counts as bad.
    socket.onmessage = (event) => handlers.message(typeof event.data === 'string' ? event.data : '');
    socket.onclose = (event) => handlers.closed(event.code, event.reason);
    // An error is always followed by a close event, which is what the link acts on.
    socket.onerror = () => undefined;
    return {
      send: (text) => socket.send(text),
      close() {
        socket.onopen = null;
        socket.onmessage = null;
        socket.onclose = null;
        socket.close();
      },
    };
  };
}

/**
 * The sockets' origin: the configured host root, else the page's own; http becomes ws and https wss.
 * A worker's `location` is its script's URL, which has the page's origin.
 */
export function socketBase(hostRoot: string, location: { readonly protocol: string; readonly host: string }): string {
  const root = hostRoot.trim() === '' ? `${location.protocol}//${location.host}` : hostRoot.trim();
  return root.replace(/\/+$/, '').replace(/^http/i, 'ws');
}

export function socketUrl(base: string, name: SocketName): string {
  return `${base}${SOCKET_PATHS[name]}`;
}
