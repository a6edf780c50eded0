// An upload's bytes read into one buffer of the declared length: fastify's buffer parser keeps every socket
// chunk and then copies them into one, twice the file for a moment; here each chunk is copied as it comes. Without a
// Content-Length the chunks are kept and joined, within the same limit.
import { errorCodes } from 'fastify';

export function readUpload(payload: NodeJS.ReadableStream, contentLength: string | undefined, limit: number): Promise<Buffer> {
  const declared = contentLength === undefined ? Number.NaN : Number(contentLength);
  if (declared > limit) return Promise.reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  const known = Number.isSafeInteger(declared) && declared >= 0;
  const body = known ? Buffer.allocUnsafe(declared) : undefined;
  const chunks: Buffer[] = [];
  let received = 0;
  return new Promise((resolve, reject) => {
    const stop = (error: Error) => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      reject(error);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (received + bytes.length > (body ? body.length : limit)) {
        stop(body ? new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH() : new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      if (body) bytes.copy(body, received);
      else chunks.push(bytes);
      received += bytes.length;
    }
    function onEnd() {
      payload.removeListener('data', onData);
      payload.removeListener('error', stop);
      if (body && received !== body.length) reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      else resolve(body ?? Buffer.concat(chunks, received));
    }
    payload.on('data', onData);
    payload.once('end', onEnd);
    payload.once('error', stop);
    payload.resume();
  });
}
