/**
 * Wire shapes of every call in SPEC section 7, shared by the client (which validates every answer at run
 * time) and the reference backend (which validates every request body). SPEC section 3 names the fields;
 * where SPEC says "not shown" the shape here is Atrium's own choice, documented in docs/architecture.md.
 *
 * Split in two so the login page loads only what it needs: schemas-login.ts (the login calls, loaded with
 * the client) and schemas-session.ts (every call after sign-in, a lazy chunk of the client). This file
 * re-exports both, plus the request-only schemas the backend validates bodies with (the browser client never
 * needs these): the server imports it by relative path, browser bundles as `@atrium/api/schemas`.
 *
 * valibot rather than zod: it tree-shakes to the few validators a bundle really uses, which keeps the
 * login page inside its 100 KB gzip budget.
 */
import * as v from 'valibot';
import { UsernameSchema } from './schemas-login.js';

export * from './schemas-login.js';
export * from './schemas-session.js';

// ---------------------------------------------------------------------------------------------------------
// Request bodies the reference backend validates

export const LegacyInitializeRequestSchema = v.object({
  session_data: v.record(v.string(), v.unknown()),
});

export const SwapCompanyQuerySchema = v.object({
  current_company_id: v.string(),
  sis_school_id: v.string(),
  no_redirect: v.optional(v.string()),
});

/** Step 1 of an upload: ask the server for a signed, single-use, size-checked upload address. */
export const MAX_MIMETYPE_LENGTH = 100;
const VIDEO_MIMETYPE =
  /^video\/(webm|mp4)(\s*;\s*[a-z][a-z0-9-]{0,19}=("[\w.,+ -]{0,40}"|[\w.,+-]{1,40})){0,2}$/i;

export const UploadUrlRequestSchema = v.object({
  // A media type as MediaRecorder names it (`video/webm;codecs=vp9,opus`): at most two short parameters,
  // never kilobytes of them.
  mimetype: v.pipe(v.string(), v.maxLength(MAX_MIMETYPE_LENGTH), v.regex(VIDEO_MIMETYPE)),
  size: v.pipe(v.number(), v.integer(), v.minValue(1)),
  ext: v.picklist(['webm', 'mp4']),
});

/** Step 3: attach the stored file to the chosen client request (SPEC section 7). */
export const UploadVideoRequestSchema = v.object({
  id: v.number(),
  data: v.object({
    filepath: v.string(),
    mimetype: v.string(),
    size: v.number(),
    ext: v.string(),
  }),
  doc_id: v.nullable(v.number()),
});
export type UploadVideoRequest = v.InferInput<typeof UploadVideoRequestSchema>;

export const SwitchUserRequestSchema = v.object({ username: UsernameSchema });

/** Uniform JSON error body of the reference backend. */
export const ErrorBodySchema = v.object({
  error: v.object({ code: v.string(), message: v.string() }),
});
