/**
 * What one connection may hold (docs/security.md, "Pipelined requests holding file descriptors").
 *
 * Node runs the handler of every pipelined request as soon as it is parsed, even while earlier answers
 * wait to be written, and keeps running them after the client has gone. A client that pipelines hundreds
 * of GETs of files streamed from disk (a hashed asset with `Accept-Encoding: identity`, a range, /widgets/*)
 * and never reads the answers made the server open one descriptor per request, and nothing closed them
 * when the connection closed. So:
 *
 * - a request that arrives on a connection already closed is not handled (its socket is gone);
 * - a connection with more than PIPELINE_LIMIT answers outstanding is closed: browsers do not pipeline,
 *   and nginx answers pipelined requests one at a time, so only a client flooding the server gets here;
 * - a stream being sent is destroyed when its connection closes, whether or not its turn came.
 *
 * The write and idle deadline is Node's socket timeout (`ATRIUM_SEND_TIMEOUT_MS`, http-options.ts): a
 * connection on which nothing moves, such as a client that stops reading, is closed, which ends its streams.
 */
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** Answers one connection may have outstanding (pipelined) before it is closed. */
export const PIPELINE_LIMIT = 32;

function isStream(payload: unknown): payload is Readable {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as Readable).pipe === 'function' &&
    typeof (payload as Readable).destroy === 'function'
  );
}

export function registerConnectionLimits(app: FastifyInstance): void {
  const outstanding = new WeakMap<Socket, number>();
  /** Each connection's streams being sent: one 'close' listener per connection ends them all. */
  const streams = new WeakMap<Socket, Set<Readable>>();
  const track = (socket: Socket, stream: Readable): void => {
    let open = streams.get(socket);
    if (!open) {
      const mine = new Set<Readable>();
      open = mine;
      streams.set(socket, mine);
      socket.once('close', () => {
        for (const each of mine) each.destroy();
        mine.clear();
      });
    }
    open.add(stream);
    stream.once('close', () => open.delete(stream));
  };
  const settle = (socket: Socket): void => {
    outstanding.set(socket, (outstanding.get(socket) ?? 1) - 1);
  };

  // Synchronous hooks: every request runs them (a promise per hook per request is measurable).
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket;
    const count = (outstanding.get(socket) ?? 0) + 1;
    if (socket.destroyed || count > PIPELINE_LIMIT) {
      // Nobody will read an answer: do not open files or run the route for it.
      socket.destroy();
      reply.hijack();
      return;
    }
    outstanding.set(socket, count);
    let settled = false;
    const once = (): void => {
      if (settled) return;
      settled = true;
      settle(socket);
    };
    reply.raw.once('finish', once);
    reply.raw.once('close', once);
    done();
  });

  app.addHook('onSend', (request, _reply, payload, done) => {
    if (isStream(payload)) {
      const socket = request.raw.socket;
      if (socket.destroyed) payload.destroy();
      else track(socket, payload);
    }
    done(null, payload);
  });
}
