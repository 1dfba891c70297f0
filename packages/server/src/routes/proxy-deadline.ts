/**
 * Proxy mode's bound on a whole answer (docs/security.md, "Proxy mode"). undici's body timeout is an idle
 * timeout: a backend that sends one byte a second never trips it, and holds a connection and a request of
 * Atrium's for as long as it likes. So the answer must be complete within ATRIUM_PROXY_TIMEOUT_MS of the
 * request's start.
 *
 * The body is held back until it is complete or passes BUFFER_LIMIT, so that a backend too slow to finish
 * in time is a clean 504 in the JSON error format rather than a page cut in the middle (nginx buffers
 * proxied answers the same way). An answer larger than that is passed on as it comes, and if the deadline
 * then passes, the connection is closed: the client sees an answer that did not finish, never a
 * complete-looking one.
 */
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { errorBody } from '../errors.js';

/** Bytes of an answer held back before it is passed on as it arrives. */
export const BUFFER_LIMIT = 1024 * 1024;

export const TOO_SLOW_MESSAGE = 'The backend did not finish its answer in time.';

/** Headers that describe the backend's body framing: Fastify frames what it sends itself. */
const FRAMING = ['content-length', 'transfer-encoding'];

/** Sends `body` (the backend's answer, its status and headers already on `reply`) within `timeoutMs` of the request's start. */
export function relayWithinDeadline(reply: FastifyReply, body: Readable, timeoutMs: number): void {
  const held: Buffer[] = [];
  let size = 0;
  let passing: PassThrough | null = null;

  const fail = (status: number, code: string, message: string, details: object): void => {
    clearTimeout(timer);
    body.destroy();
    reply.log.warn(details, 'proxy backend failed');
    if (passing) {
      // The status and part of the body are out: only closing the connection says it did not finish.
      passing.destroy();
      reply.raw.destroy();
      return;
    }
    for (const name of Object.keys(reply.getHeaders())) reply.removeHeader(name);
    void reply.code(status).send(errorBody(code, message));
  };

  const timer = setTimeout(
    () => fail(504, 'gateway-timeout', TOO_SLOW_MESSAGE, { timeoutMs, received: size }),
    Math.max(0, timeoutMs - reply.elapsedTime),
  );

  // The client went away: stop waiting for the backend for it.
  reply.raw.once('close', () => {
    clearTimeout(timer);
    if (!body.readableEnded) body.destroy();
  });

  body.on('data', (chunk: Buffer) => {
    if (passing) return;
    held.push(chunk);
    size += chunk.length;
    if (size <= BUFFER_LIMIT) return;
    // Large: pass it on from here, still bounded by the timer.
    passing = new PassThrough();
    for (const part of held.splice(0)) passing.write(part);
    body.pipe(passing);
    void reply.send(passing);
  });
  body.once('end', () => {
    clearTimeout(timer);
    if (passing) return;
    for (const name of FRAMING) reply.removeHeader(name);
    void reply.send(Buffer.concat(held, size));
  });
  body.once('error', (error) =>
    fail(502, 'bad-gateway', 'The backend could not be reached.', { err: error }),
  );
}
