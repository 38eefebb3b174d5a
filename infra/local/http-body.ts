import type { IncomingMessage, ServerResponse } from 'node:http';
import { INPUT_ERROR, MAX_BODY_BYTES } from '@portal/shared/api/limits';

/**
 * A refused body is read on and dropped up to this much, so that its keep-alive connection can
 * carry the next request; beyond it closing the connection is cheaper than reading on.
 */
export const MAX_DISCARDED_BYTES = 4 * 1024 * 1024;

/**
 * A request body of at most `limit` bytes, or undefined when it is larger: announced by its
 * Content-Length, or found while reading (chunked). Nothing beyond the limit is kept in memory;
 * the rest is left unread for `refuseTooLarge`.
 */
export function readBody(req: IncomingMessage, limit: number = MAX_BODY_BYTES): Promise<Buffer | undefined> {
  if (Number(req.headers['content-length']) > limit) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      settle();
      req.pause();
      chunks.length = 0;
      resolve(undefined);
    };
    const onEnd = () => {
      settle();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/**
 * 413 with the API's message for a body over the limit. The rest of the body is read and dropped
 * (never held), so the keep-alive connection stays usable; a body announced or found to be larger
 * than MAX_DISCARDED_BYTES closes the connection instead.
 */
export function refuseTooLarge(req: IncomingMessage, res: ServerResponse): void {
  const announced = Number(req.headers['content-length']);
  const close = announced > MAX_DISCARDED_BYTES;
  if (!close && !req.complete) {
    let discarded = 0;
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > MAX_DISCARDED_BYTES) req.socket.destroy();
    });
    req.resume();
  }
  const { code, message } = INPUT_ERROR.tooLarge;
  res
    .writeHead(413, { 'content-type': 'application/json; charset=utf-8', ...(close ? { connection: 'close' } : {}) })
    .end(JSON.stringify({ message, code }));
}
