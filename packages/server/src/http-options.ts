import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.js';
import { assertTimeouts, type RequestTimeouts } from './options.js';

/** What a client error at the socket level is answered with, in the JSON error format of every answer. */
function clientErrorAnswer(error: NodeJS.ErrnoException): { status: number; code: string; message: string } {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'timeout', message: 'The request took too long to arrive.' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'headers-too-large', message: 'The request headers are too large.' };
    default:
      return { status: 400, code: 'invalid-request', message: 'The request could not be read.' };
  }
}

/**
 * Node answers malformed requests, oversized headers and timed-out requests itself, before Fastify sees
 * them. Fastify's default answer is JSON of another shape; this one is `{ error: { code, message } }` like
 * every other refusal (docs/architecture.md), then the socket closes as Node's own handler would.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = clientErrorAnswer(error);
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

/** Fastify's own refusals before routing (a URL that does not decode), in the same JSON format. */
function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const badUrl = error.code === 'FST_ERR_BAD_URL';
  void reply
    .code(400)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(
      errorBody('invalid-request', badUrl ? 'The address is not valid.' : 'The request could not be routed.'),
    );
}

/**
 * The Fastify options for the HTTP layer: Node's own http.Server limits on slow clients (without
 * them Fastify disables the request timeout, and a client that sends one body byte every few seconds holds
 * its connection, and a file descriptor, for ever), and the JSON error format for what Node and Fastify
 * refuse before a route runs (408, 431, a malformed request or URL).
 */
export function httpOptions(timeouts: RequestTimeouts) {
  assertTimeouts(timeouts);
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // The write and idle deadline (connection-limits.ts says why).
    connectionTimeout: timeouts.sendMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    } satisfies http.ServerOptions,
    clientErrorHandler,
    frameworkErrors,
  };
}
