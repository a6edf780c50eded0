// A minimal WebSocket client for the fan-out benchmarks: a thousand sockets in one process must cost the measuring
// side as little as possible, or its own backlog on this 2-core machine becomes most of the latency it reports.
// Text frames in, masked text frames out, pings answered; no extensions, no fragmentation (the server sends neither).
import { randomBytes } from 'node:crypto';
import net from 'node:net';

export interface LeanSocket {
  sendText(text: string): void;
  destroy(): void;
}

const OPCODE = { text: 0x1, close: 0x8, ping: 0x9, pong: 0xa } as const;

/** A client frame: FIN, the opcode, the masked payload. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const size = payload.length;
  const header = size < 126 ? Buffer.from([0x80 | opcode, 0x80 | size]) : Buffer.from([0x80 | opcode, 0x80 | 126, size >> 8, size & 0xff]);
  if (size > 0xffff) throw new Error('lean socket frames stop at 64 KB');
  const body = Buffer.alloc(size);
  for (let i = 0; i < size; i++) body[i] = (payload[i] ?? 0) ^ (mask[i & 3] ?? 0);
  return Buffer.concat([header, mask, body]);
}

export function openLeanSocket(httpBase: string, path: string, onText: (text: string) => void): Promise<LeanSocket> {
  const { hostname, port } = new URL(httpBase);
  const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
  return new Promise((resolve, reject) => {
    let pending: Buffer = Buffer.alloc(0);
    let upgraded = false;
    socket.once('error', reject);
    socket.on('connect', () => {
      const key = randomBytes(16).toString('base64');
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      if (!upgraded) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = pending.subarray(0, end).toString();
        if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(`no upgrade: ${head.split('\r\n')[0]}`));
        upgraded = true;
        pending = pending.subarray(end + 4);
        resolve({ sendText: (text) => socket.write(clientFrame(OPCODE.text, Buffer.from(text))), destroy: () => socket.destroy() });
      }
      // Whole frames from the front of the buffer; a partial one waits for the next chunk.
      for (;;) {
        if (pending.length < 2) return;
        const opcode = (pending[0] ?? 0) & 0x0f;
        let size = (pending[1] ?? 0) & 0x7f;
        let offset = 2;
        if (size === 126) {
          if (pending.length < 4) return;
          size = pending.readUInt16BE(2);
          offset = 4;
        } else if (size === 127) {
          if (pending.length < 10) return;
          size = Number(pending.readBigUInt64BE(2));
          offset = 10;
        }
        if (pending.length < offset + size) return;
        const payload = pending.subarray(offset, offset + size);
        pending = pending.subarray(offset + size);
        if (opcode === OPCODE.text) onText(payload.toString());
        else if (opcode === OPCODE.ping) socket.write(clientFrame(OPCODE.pong, Buffer.from(payload)));
      }
    });
  });
}
