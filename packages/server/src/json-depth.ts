/**
 * A limit on how deeply a JSON request body nests (docs/security.md). JSON.parse takes a 5,000-deep
 * `session_data` in its stride, but everything that walks the value afterwards recursively (JSON.stringify
 * for the legacy session's size cap and for Redis, the request log) runs out of stack: a 500 for input
 * that should have been refused. Refused here, before parsing, with a 400 that names the rule.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/** Far more than any body of the API nests (legacy session data included); far less than the stack allows. */
export const MAX_JSON_DEPTH = 32;

/** How deeply `text` nests objects and arrays, counted outside strings; stops counting past `limit`. */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth--;
    }
  }
  return deepest;
}

/** Fastify's own JSON parser (prototype poisoning refused as before), behind the depth check. */
export function registerJsonDepthLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepth(body as string, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(
        badRequest(
          'invalid-request',
          `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays.`,
        ),
        undefined,
      );
      return;
    }
    void parse(request, body as string, done);
  });
}
