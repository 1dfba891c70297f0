import { readFile, readdir, readlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UploadUrlResponseSchema, UploadVideoResponseSchema, UploadedVideoSchema } from '@atrium/api/schemas';
import * as v from 'valibot';
import { Client, ErrorSchema, normalizeHtml, startServer, type Running } from '../test-helpers.js';

const VideosSchema = v.object({ data: v.array(UploadedVideoSchema) });

const WEBM_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
/** `size` bytes that start like a WebM file (an EBML header), as a recording does. */
const webm = (size: number, fill = 'v') => Buffer.concat([WEBM_MAGIC, Buffer.alloc(size - 4, fill)]);

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
    const bytes = Buffer.concat([WEBM_MAGIC, Buffer.from('0123456789ab')]);
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
    const target = await uploadUrl(8);
    const data = { filepath: target.filepath, mimetype: 'video/webm', size: 8, ext: 'webm' };
    expect(
      (await client.post('/lapi/rpc/support/upload-video', { id: 4101, data, doc_id: null })).status,
    ).toBe(400);
    expect((await put(target.upload_url, webm(8))).status).toBe(200);
    expect((await client.post('/lapi/rpc/support/upload-video', { id: 1, data, doc_id: null })).status).toBe(
      404,
    );
    expect(
      (
        await client.post('/lapi/rpc/support/upload-video', {
          id: 4101,
          data: { ...data, size: 9 },
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

  describe('uploads cannot be abused', () => {
    const uploadsDir = () => path.join(server.dataDir, 'uploads');

    /** Every file under the uploads directory, recursively. */
    async function filesIn(dir: string): Promise<string[]> {
      const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
      return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
    }
    /** File descriptors this process holds open on anything under the uploads directory. */
    async function openUploadFds(): Promise<string[]> {
      const fds = await readdir('/proc/self/fd');
      const targets = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
      return targets.filter((t) => t.startsWith(uploadsDir()));
    }
    async function eventually(check: () => Promise<boolean>): Promise<void> {
      for (let i = 0; i < 200; i++) {
        if (await check()) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('the condition never held');
    }

    it('an upload the client abandons half-way leaks no file descriptor and no .part file', async () => {
      for (let round = 0; round < 3; round++) {
        const target = await uploadUrl(1000);
        const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        socket.write(
          `PUT ${target.upload_url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: video/webm\r\n` +
            'Content-Length: 1000\r\n\r\n',
        );
        socket.write(webm(300));
        // The server is writing the upload: a .part file and its descriptor are open.
        await eventually(async () => (await filesIn(uploadsDir())).some((f) => f.endsWith('.part')));
        expect((await openUploadFds()).length).toBeGreaterThan(0);
        socket.destroy();
        await eventually(async () => (await openUploadFds()).length === 0);
        await eventually(async () => (await filesIn(uploadsDir())).length === 0);
        // The address is spent, not left half-used.
        expect((await put(target.upload_url, webm(1000))).status).toBe(409);
      }
    });

    it('refuses bytes that are not the declared container, and stores nothing', async () => {
      const html = Buffer.from('<html><script>alert(1)</script></html>');
      const target = await uploadUrl(html.length);
      const response = await put(target.upload_url, html);
      expect((await client.json(ErrorSchema, response, 415)).error.code).toBe('wrong-type');
      expect(await filesIn(uploadsDir())).toEqual([]);

      // An MP4 declared as WebM is refused too; declared as MP4 it is stored.
      const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(20)]);
      const asWebm = await uploadUrl(mp4.length);
      expect((await put(asWebm.upload_url, mp4)).status).toBe(415);
      const asMp4 = await client.json(
        UploadUrlResponseSchema,
        await client.post('/lapi/rpc/support/upload-url', {
          mimetype: 'video/mp4',
          size: mp4.length,
          ext: 'mp4',
        }),
      );
      expect((await put(asMp4.upload_url, mp4, { 'content-type': 'video/mp4' })).status).toBe(200);
    });

    it('takes a media type with a codecs parameter, not kilobytes of parameters', async () => {
      const ask = (mimetype: string, ext = 'webm') =>
        client.post('/lapi/rpc/support/upload-url', { mimetype, size: 10, ext });
      expect((await ask('video/webm;codecs=vp9,opus')).status).toBe(200);
      expect((await ask('video/webm; codecs="vp8, opus"')).status).toBe(200);
      expect((await ask(`video/webm;${'a=b;'.repeat(16_000)}`)).status).toBe(400);
      expect((await ask(`video/webm;codecs=${'v'.repeat(200)}`)).status).toBe(400);
      expect((await ask('video/webm;a=1;b=2;c=3')).status).toBe(400);
      expect((await ask('video/webm', 'mp4')).status).toBe(400);
    });

    it('reads request ids as decimal digits only', async () => {
      for (const id of ['0x1005', '1e3', ' 4101', '4101.0', '+4101', '']) {
        const response = await client.get(`/lapi/rpc/support/videos?id=${encodeURIComponent(id)}`);
        expect(response.status, id).toBe(400);
      }
      expect((await client.get('/lapi/rpc/support/videos?id=4101')).status).toBe(200);
    });

    async function uploadAndAttach(c: Client, fill: string, docId: number | null) {
      const target = await uploadUrl(64, c);
      expect((await put(target.upload_url, webm(64, fill))).status).toBe(200);
      const data = { filepath: target.filepath, mimetype: 'video/webm', size: 64, ext: 'webm' };
      return {
        target,
        response: await c.post('/lapi/rpc/support/upload-video', { id: 4101, data, doc_id: docId }),
      };
    }

    it("never replaces another user's draft, and a replaced file leaves storage", async () => {
      const first = await uploadAndAttach(client, 'a', null);
      const draft = (await client.json(UploadVideoResponseSchema, first.response)).video;

      const hq = new Client(server.url);
      await hq.boot('hq');
      const intruder = await uploadAndAttach(hq, 'b', draft.uploaded_doc_id);
      expect((await hq.json(ErrorSchema, intruder.response, 403)).error.code).toBe('forbidden');
      const listed = await client.json(VideosSchema, await client.get('/lapi/rpc/support/videos?id=4101'));
      expect(listed.data).toEqual([draft]);
      expect(await readFile(path.join(uploadsDir(), draft.filepath))).toEqual(webm(64, 'a'));

      // The author replaces it: same document, the new file, and the old file is gone from disk.
      const second = await uploadAndAttach(client, 'c', draft.uploaded_doc_id);
      const replaced = (await client.json(UploadVideoResponseSchema, second.response)).video;
      expect(replaced.uploaded_doc_id).toBe(draft.uploaded_doc_id);
      await expect(readFile(path.join(uploadsDir(), draft.filepath))).rejects.toThrow();
      expect(await readFile(path.join(uploadsDir(), replaced.filepath))).toEqual(webm(64, 'c'));
    });
  });
});
