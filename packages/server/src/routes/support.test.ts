import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  UploadUrlResponseSchema,
  UploadVideoResponseSchema,
  UploadedVideoSchema,
} from '../../../api/src/schemas.js';
import * as v from 'valibot';
import { Client, ErrorSchema, normalizeHtml, startServer, type Running } from '../test-helpers.js';

const VideosSchema = v.object({ data: v.array(UploadedVideoSchema) });

describe('support video upload', () => {
  let server: Running;
  let client: Client;
  let clock: number;
  beforeEach(async () => {
    clock = Date.parse('2025-10-27T10:00:00Z');
    server = await startServer({ now: () => clock, maxUploadBytes: 1024, loginRateLimit: 1000 });
    client = new Client(server.url);
    await client.boot('root');
  });
  afterEach(() => server.close());

  const uploadUrl = async (size: number, c: Client = client) =>
    c.json(
      UploadUrlResponseSchema,
      await c.post('/lapi/rpc/support/upload-url', { mimetype: 'video/webm', size, ext: 'webm' }),
    );
  const put = (url: string, body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${url}`, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'video/webm', ...headers },
      duplex: 'half',
    } as RequestInit);

  it('stores an upload, attaches it to a request, and lists it', async () => {
    const bytes = Buffer.from('0123456789abcdef');
    const target = await uploadUrl(bytes.length);
    expect(target.upload_url).toMatch(/^\/uploads\/[\w.-]+$/);
    expect(target.filepath).toMatch(/^support-videos\/2025-10-27\/[\w-]+\.webm$/);
    const stored = await put(target.upload_url, bytes);
    expect(stored.status).toBe(200);
    expect(await readFile(path.join(server.dataDir, 'uploads', target.filepath))).toEqual(bytes);

    // The same address cannot be used twice.
    expect((await put(target.upload_url, bytes)).status).toBe(409);

    const data = { filepath: target.filepath, mimetype: 'video/webm', size: bytes.length, ext: 'webm' };
    const attached = await client.json(
      UploadVideoResponseSchema,
      await client.post('/lapi/rpc/support/upload-video', { id: 4101, data, doc_id: null }),
    );
    expect(attached.success).toBe(true);
    expect(attached.video).toMatchObject({ ...data, uploaded_doc_id: expect.any(Number) });
    const listed = await client.json(VideosSchema, await client.get('/lapi/rpc/support/videos?id=4101'));
    expect(listed.data).toEqual([attached.video]);
    // Now that request has a draft document, and says so.
    const recent = (await (await client.post('/lapi/rpc/support/recent')).json()) as {
      data: { client_request_id: number; display: string }[];
    };
    expect(recent.data.find((r) => r.client_request_id === 4101)?.display).toMatch(/draft/);
    // The same upload cannot be attached twice.
    expect(
      (await client.post('/lapi/rpc/support/upload-video', { id: 4101, data, doc_id: null })).status,
    ).toBe(400);
    const log = normalizeHtml(await (await client.get('/lapi/telescope/requests')).text());
    expect(log).toContain(
      `<td>${target.filepath}</td><td>video/webm</td><td>16</td><td>webm</td><td>${attached.video.uploaded_doc_id}</td>`,
    );
    expect(log).toContain('/uploads/:token');
    expect(log).not.toContain(target.upload_url);
  });

  it('refuses a body smaller than declared, and stores nothing', async () => {
    const target = await uploadUrl(10);
    const response = await put(target.upload_url, Buffer.from('short'));
    expect((await client.json(ErrorSchema, response, 400)).error.code).toBe('size-mismatch');
    await expect(readFile(path.join(server.dataDir, 'uploads', target.filepath))).rejects.toThrow();
    expect((await put(target.upload_url, Buffer.alloc(10))).status).toBe(409);
  });

  it('refuses a body larger than declared, by header or while streaming', async () => {
    const byHeader = await uploadUrl(4);
    expect((await put(byHeader.upload_url, Buffer.alloc(8))).status).toBe(413);
    const streamed = await uploadUrl(4);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(3));
        controller.enqueue(new Uint8Array(3));
        controller.close();
      },
    });
    const response = await put(streamed.upload_url, body);
    expect((await client.json(ErrorSchema, response, 413)).error.code).toBe('too-large');
    await expect(readFile(path.join(server.dataDir, 'uploads', streamed.filepath))).rejects.toThrow();
  });

  it('refuses sizes over the upload limit when the address is requested', async () => {
    const response = await client.post('/lapi/rpc/support/upload-url', {
      mimetype: 'video/webm',
      size: 2048,
      ext: 'webm',
    });
    expect(response.status).toBe(413);
    expect(
      (await client.post('/lapi/rpc/support/upload-url', { mimetype: 'text/html', size: 10, ext: 'webm' }))
        .status,
    ).toBe(400);
    expect(
      (await client.post('/lapi/rpc/support/upload-url', { mimetype: 'video/webm', size: -1, ext: 'webm' }))
        .status,
    ).toBe(400);
  });

  it('refuses expired and forged addresses', async () => {
    const target = await uploadUrl(4);
    clock += 16 * 60 * 1000;
    expect((await put(target.upload_url, Buffer.alloc(4))).status).toBe(410);
    const fresh = await uploadUrl(4);
    const forged = fresh.upload_url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await put(forged, Buffer.alloc(4))).status).toBe(404);
    expect((await put('/uploads/not-a-token', Buffer.alloc(4))).status).toBe(404);
  });

  it('refuses attaching what was not uploaded, or to an unknown request', async () => {
    const target = await uploadUrl(4);
    const data = { filepath: target.filepath, mimetype: 'video/webm', size: 4, ext: 'webm' };
    expect(
      (await client.post('/lapi/rpc/support/upload-video', { id: 4101, data, doc_id: null })).status,
    ).toBe(400);
    await put(target.upload_url, Buffer.alloc(4));
    expect((await client.post('/lapi/rpc/support/upload-video', { id: 1, data, doc_id: null })).status).toBe(
      404,
    );
    expect(
      (
        await client.post('/lapi/rpc/support/upload-video', {
          id: 4101,
          data: { ...data, size: 5 },
          doc_id: null,
        })
      ).status,
    ).toBe(400);
    expect(
      (await client.post('/lapi/rpc/support/upload-video', { id: '4101', data, doc_id: null })).status,
    ).toBe(400);
    // Another root session cannot attach this session's upload.
    const other = new Client(server.url);
    await other.boot('root');
    expect(
      (await other.post('/lapi/rpc/support/upload-video', { id: 4101, data, doc_id: null })).status,
    ).toBe(400);
  });

  it('refuses users who are not root or hq', async () => {
    const student = new Client(server.url);
    await student.boot('student');
    expect(
      (await student.post('/lapi/rpc/support/upload-url', { mimetype: 'video/webm', size: 4, ext: 'webm' }))
        .status,
    ).toBe(403);
    expect((await student.get('/lapi/rpc/support/videos?id=4101')).status).toBe(403);
    const hq = new Client(server.url);
    await hq.boot('hq');
    expect((await uploadUrl(4, hq)).upload_url).toMatch(/^\/uploads\//);
  });
});
