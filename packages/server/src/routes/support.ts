import { pipeline } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  UploadUrlRequestSchema,
  UploadVideoRequestSchema,
  type ClientSupportRequest,
  type UploadUrlResponse,
  type UploadedVideo,
} from '@atrium/api/schemas';
import type { ServerContext } from '../context.js';
import { requireRootOrHq } from '../auth.js';
import { supportDisplay } from '../demo-data/support.js';
import { HttpError, badRequest, forbidden, notFound } from '../errors.js';
import { randomToken } from '../security/random.js';
import { signUploadToken, verifyUploadToken } from '../security/upload-token.js';
import { UploadAbortedError, UploadSizeError, createSizeLimiter } from '../storage/size-limiter.js';
import { UploadContentError, createSignatureCheck } from '../storage/signature-check.js';
import { parseInput } from '../validation.js';

/**
 * Support requests and the record-video upload, in three steps:
 * 1. POST upload-url: a signed, single-use, expiring upload address bound to a declared size;
 * 2. PUT /uploads/<token>: the body is streamed to storage and checked against that size;
 * 3. POST upload-video: the stored file is attached to the chosen client request.
 * Root or headquarters users only (the record-video button is in their toolbar).
 */
export function supportRoutes(ctx: ServerContext) {
  const { state, options } = ctx;
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/lapi/rpc/support/recent', async (request) => {
      await requireRootOrHq(request, state);
      const data: ClientSupportRequest[] = [...state.supportRequests.values()].map((r) => ({
        client_request_id: r.client_request_id,
        has_draft_document: r.has_draft_document,
        display: supportDisplay(r),
      }));
      return { data };
    });

    app.post('/lapi/rpc/support/upload-url', async (request) => {
      const auth = await requireRootOrHq(request, state);
      const body = parseInput(UploadUrlRequestSchema, request.body);
      if (body.mimetype.slice(6, 6 + body.ext.length).toLowerCase() !== body.ext) {
        throw badRequest('invalid-request', `mimetype: a .${body.ext} file is video/${body.ext}`);
      }
      if (body.size > options.maxUploadBytes) {
        throw new HttpError(
          413,
          'too-large',
          `Videos larger than ${options.maxUploadBytes} bytes cannot be uploaded.`,
        );
      }
      const id = randomToken(16);
      const expiresAt = options.now() + options.uploadTtlMs;
      const day = new Date(options.now()).toISOString().slice(0, 10);
      const filepath = `support-videos/${day}/${id}.${body.ext}`;
      state.uploads.set(id, {
        filepath,
        mimetype: body.mimetype,
        size: body.size,
        ext: body.ext,
        sid: auth.session.sid,
        status: 'pending',
        expiresAt,
      });
      const answer: UploadUrlResponse = {
        upload_url: `/uploads/${signUploadToken(options.secret, id, expiresAt)}`,
        filepath,
        expires_at: new Date(expiresAt).toISOString(),
      };
      return answer;
    });

    // The upload itself: the body is a raw stream, never buffered or parsed.
    await app.register(async (uploads) => {
      uploads.removeAllContentTypeParsers();
      uploads.addContentTypeParser('*', (_request, _payload, done) => done(null));
      uploads.put('/uploads/:token', async (request, reply) => {
        const { token } = request.params as { token: string };
        const check = verifyUploadToken(options.secret, token);
        const upload = check.ok ? state.uploads.get(check.id) : undefined;
        if (!check.ok || !upload) throw notFound('This upload address is not valid.');
        if (upload.status !== 'pending')
          throw new HttpError(409, 'upload-used', 'This upload address was already used.');
        if (check.expiresAt <= options.now())
          throw new HttpError(410, 'upload-expired', 'This upload address has expired.');
        const declared = Number(request.headers['content-length'] ?? NaN);
        if (declared > options.maxUploadBytes || declared > upload.size) {
          reply.header('connection', 'close');
          throw new HttpError(
            413,
            'too-large',
            `The upload is larger than the declared ${upload.size} bytes.`,
          );
        }
        upload.status = 'receiving';
        // raw -> size limit -> container signature -> storage. The checks may fail before the storage
        // adapter has attached: keep the first error, don't crash.
        const limiter = createSizeLimiter(upload.size);
        const body = pipeline(limiter, createSignatureCheck(upload.ext), () => undefined);
        let limitError: unknown = null;
        for (const stream of [limiter, body]) {
          stream.on('error', (error) => {
            limitError ??= error;
          });
        }
        const raw = request.raw;
        // `pipe` does not pass on the end of a body the client never finished (an aborted upload): without
        // this the storage write, its file descriptor and its .part file would wait for ever.
        raw.once('close', () => {
          if (!raw.complete) limiter.destroy(new UploadAbortedError());
        });
        raw.pipe(limiter);
        try {
          await ctx.storage.put(upload.filepath, body, { mimetype: upload.mimetype, size: upload.size });
          if (limitError) throw limitError;
        } catch (caught) {
          const error = limitError ?? caught;
          upload.status = 'failed';
          // Stop reading the rest of a refused body without tearing down the socket we answer on.
          raw.unpipe(limiter);
          raw.resume();
          if (error instanceof UploadSizeError) {
            if (error.code === 'too-large') reply.header('connection', 'close');
            throw new HttpError(error.code === 'too-large' ? 413 : 400, error.code, error.message);
          }
          if (error instanceof UploadContentError) throw new HttpError(415, error.code, error.message);
          if (error instanceof UploadAbortedError) throw new HttpError(400, error.code, error.message);
          throw error;
        }
        upload.status = 'complete';
        return { success: true, filepath: upload.filepath, size: upload.size };
      });
    });

    app.post('/lapi/rpc/support/upload-video', async (request) => {
      const auth = await requireRootOrHq(request, state);
      const body = parseInput(UploadVideoRequestSchema, request.body);
      const supportRequest = state.supportRequests.get(body.id);
      if (!supportRequest) throw notFound('No client request has that id.');
      const upload = [...state.uploads.values()].find(
        (u) => u.filepath === body.data.filepath && u.sid === auth.session.sid,
      );
      if (!upload || upload.status !== 'complete') {
        throw badRequest('upload-not-found', 'Upload the video first: no finished upload has that filepath.');
      }
      if (
        upload.size !== body.data.size ||
        upload.mimetype !== body.data.mimetype ||
        upload.ext !== body.data.ext
      ) {
        throw badRequest('upload-mismatch', 'The video details do not match the uploaded file.');
      }
      const stored = await ctx.storage.stat(upload.filepath);
      if (!stored || stored.size !== upload.size) {
        throw badRequest('upload-missing', 'The uploaded file could not be found in storage.');
      }
      const videos = state.videos.get(body.id) ?? [];
      // doc_id names the request's existing draft document to overwrite; otherwise a new document.
      const existing = body.doc_id === null ? -1 : videos.findIndex((v) => v.uploaded_doc_id === body.doc_id);
      const replaced = existing >= 0 ? videos[existing] : undefined;
      // Only the draft's own author may replace it: another root or HQ user gets a new document.
      if (replaced && state.videoAuthors.get(replaced.uploaded_doc_id) !== auth.user.username) {
        throw forbidden('That draft video belongs to another user.');
      }
      const video: UploadedVideo = {
        filepath: upload.filepath,
        mimetype: upload.mimetype,
        size: upload.size,
        ext: upload.ext,
        uploaded_doc_id: existing >= 0 ? (body.doc_id as number) : state.nextDocId(),
      };
      if (existing >= 0) videos[existing] = video;
      else videos.push(video);
      state.videos.set(body.id, videos);
      state.videoAuthors.set(video.uploaded_doc_id, auth.user.username);
      // The replaced file is no longer any document's: it leaves storage rather than stay there unseen.
      if (replaced && replaced.filepath !== video.filepath) await ctx.storage.remove(replaced.filepath);
      upload.status = 'attached';
      supportRequest.has_draft_document = true;
      return { success: true, video };
    });

    app.get('/lapi/rpc/support/videos', async (request) => {
      await requireRootOrHq(request, state);
      const raw = (request.query as Record<string, unknown>)['id'];
      // Decimal digits only: `Number()` would also read `0x1005`, `1e3` or ` 4101 ` as an id.
      if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) {
        throw badRequest('invalid-request', 'id: expected a client request id');
      }
      const id = Number(raw);
      if (!state.supportRequests.has(id)) throw notFound('No client request has that id.');
      return { data: state.videos.get(id) ?? [] };
    });
  };
}
