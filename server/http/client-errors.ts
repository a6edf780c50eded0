// Answers for requests that never reach a route (unparseable, headers over Node's 16 KB, a URL the router cannot
// decode): the same envelope as every other answer, HTTP 200 (docs/api.md), in the caller's language where it shows.
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { translate, type LocaleKey } from '../../domain/i18n';
import { failure } from '../../domain/wire/envelope';
import { failText, langOfCookieHeader } from '../envelope';
import { SECURITY_HEADERS } from './security-headers';

const HEADER_OVERFLOW = 431;

/** The Cookie header's line in the raw bytes Node could not parse, if they hold one (Node gives a Buffer). */
function cookieLineOf(raw: unknown): string | undefined {
  return Buffer.isBuffer(raw) ? /\r\ncookie:([^\r\n]*)/i.exec(raw.toString('latin1'))?.[1] : undefined;
}

function outcomeOf(code: string | undefined): { readonly resultCode: number; readonly key: LocaleKey } {
  if (code === 'HPE_HEADER_OVERFLOW') return { resultCode: HEADER_OVERFLOW, key: 'server.headersTooLarge' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { resultCode: 408, key: 'server.requestTimeout' };
  return { resultCode: 400, key: 'server.badRequest' };
}

/** Node's `clientError`: the request could not be read, so the answer is written on the socket, which then closes. */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  // A reset connection has nobody to answer (Node's own handling does the same).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { resultCode, key } = outcomeOf(error.code);
    const body = JSON.stringify(failure(resultCode, translate(langOfCookieHeader(cookieLineOf(error.rawPacket)), key)));
    const headers = Object.entries({ ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', connection: 'close' })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 200 OK\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }
  socket.destroy();
}

/** Fastify's `frameworkErrors`: a path the router cannot decode (invalid UTF-8, bad percent escapes) and the like. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ err: error }, 'request refused before routing');
  void reply.code(200).headers(SECURITY_HEADERS).send(failText(request, 400, 'server.badRequest'));
}
