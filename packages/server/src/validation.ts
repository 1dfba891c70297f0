import * as v from 'valibot';
import { badRequest } from './errors.js';

/**
 * Validate a request body (or query) against one of the shared wire schemas. The first issue becomes the
 * message, with the path of the offending field, so a client developer sees what to fix.
 */
export function parseInput<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = issue ? v.getDotPath(issue) : null;
  const detail = issue ? issue.message : 'Invalid input';
  throw badRequest('invalid-request', path ? `${path}: ${detail}` : detail);
}
