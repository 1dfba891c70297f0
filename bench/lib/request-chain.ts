/**
 * Records a page's requests through CDP's Network domain: bytes on the wire (gzip, as the browser asked for
 * it) and decoded, the request count, and the depth of each request in the tree of who asked for it.
 *
 * Depth: the document is 0; a request the HTML parser found (script, preload, stylesheet) is 1; a request
 * started by a script or stylesheet is that resource's depth + 1. The longest chain is what a cold load
 * waits for in sequence, however fast each single request is.
 */
import type { CDPSession } from 'playwright-core';

/** The fields of CDP's Network.Initiator and requestWillBeSent the recorder reads (playwright-core types
 * the events, but does not export its protocol namespace). */
interface Initiator {
  type: string;
  url?: string;
  stack?: StackTrace;
}
interface StackTrace {
  callFrames: { url: string }[];
  parent?: StackTrace;
}
interface RequestWillBeSent {
  requestId: string;
  request: { url: string };
  initiator: Initiator;
  type?: string;
  redirectResponse?: unknown;
}

export interface RecordedRequest {
  url: string;
  type: string;
  /** Bytes received, headers included, compressed as sent. */
  encodedBytes: number;
  /** Response header bytes, to get the body's compressed size (what byte budgets count). */
  headerBytes: number;
  /** Body bytes after decoding (the raw size). */
  decodedBytes: number;
  depth: number;
  parentUrl: string | null;
  fromCache: boolean;
  finished: boolean;
  failed: boolean;
}

export interface RequestSummary {
  requestCount: number;
  scriptCount: number;
  /** Compressed script bodies (headers excluded), as byte budgets count them. */
  jsEncodedBytes: number;
  /** Compressed script responses with their headers: what the wire carried. */
  jsWireBytes: number;
  jsDecodedBytes: number;
  chainDepth: number;
  /** The URLs of the longest chain, document first. */
  chain: string[];
}

/** The URL the initiator points at: the top stack frame that has one, else the initiator's own url. */
function initiatorUrl(initiator: Initiator): string | null {
  for (let stack = initiator.stack; stack; stack = stack.parent) {
    const frame = stack.callFrames.find((callFrame) => callFrame.url !== '');
    if (frame) return frame.url;
  }
  return initiator.url ?? null;
}

export class RequestRecorder {
  private readonly byId = new Map<string, RecordedRequest>();
  /** Depth by URL: a module preloaded by the parser and later executed by SystemJS keeps its parser depth. */
  private readonly depthByUrl = new Map<string, number>();

  private lastActivity = Date.now();

  private constructor(private readonly cdp: CDPSession) {}

  static async attach(cdp: CDPSession): Promise<RequestRecorder> {
    const recorder = new RequestRecorder(cdp);
    cdp.on('Network.requestWillBeSent', (event) => recorder.onRequest(event));
    cdp.on('Network.responseReceived', (event) => {
      const request = recorder.byId.get(event.requestId);
      if (!request) return;
      request.type = event.type ?? request.type;
      request.headerBytes = event.response.encodedDataLength;
      // A second request for a URL already in the HTTP cache (e.g. a preload the page did not use) costs no
      // download; it is not counted as a request, and its bytes are not counted again.
      if (event.response.fromDiskCache === true || event.response.fromPrefetchCache === true)
        request.fromCache = true;
    });
    cdp.on('Network.dataReceived', (event) => {
      const request = recorder.byId.get(event.requestId);
      if (request) request.decodedBytes += event.dataLength;
    });
    cdp.on('Network.requestServedFromCache', (event) => {
      const request = recorder.byId.get(event.requestId);
      if (request) request.fromCache = true;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const request = recorder.byId.get(event.requestId);
      if (!request) return;
      request.encodedBytes = event.encodedDataLength;
      request.finished = true;
      recorder.lastActivity = Date.now();
    });
    cdp.on('Network.loadingFailed', (event) => {
      const request = recorder.byId.get(event.requestId);
      if (request) request.failed = true;
      recorder.lastActivity = Date.now();
    });
    // Ask for gzip explicitly, as every browser does, so the encoded figure is what users download.
    await cdp.send('Network.enable', {});
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    return recorder;
  }

  private onRequest(event: RequestWillBeSent): void {
    const url = event.request.url;
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (event.redirectResponse) {
      // A redirect reuses the request id: the hop before it is its parent.
      const previous = this.byId.get(event.requestId);
      if (previous) this.byId.set(`${event.requestId}:${previous.url}`, previous);
    }
    let depth = 0;
    let parentUrl: string | null = null;
    if (event.type !== 'Document' || event.initiator.type !== 'other') {
      parentUrl = initiatorUrl(event.initiator);
      const parentDepth = parentUrl === null ? undefined : this.depthByUrl.get(parentUrl);
      depth = parentDepth === undefined ? 1 : parentDepth + 1;
    }
    this.lastActivity = Date.now();
    const known = this.depthByUrl.get(url);
    if (known === undefined || depth < known) this.depthByUrl.set(url, depth);
    this.byId.set(event.requestId, {
      url,
      type: event.type ?? 'Other',
      encodedBytes: 0,
      headerBytes: 0,
      decodedBytes: 0,
      depth,
      parentUrl,
      fromCache: false,
      finished: false,
      failed: false,
    });
  }

  /**
   * Resolves once nothing is in flight and nothing new started for `quietMs` (Playwright's networkidle
   * fires once per navigation; this also works after a click or a key press).
   */
  async settled(quietMs = 500, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const pending = [...this.byId.values()].some((request) => !request.finished && !request.failed);
      if (!pending && Date.now() - this.lastActivity >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  requests(): RecordedRequest[] {
    return [...this.byId.values()];
  }

  /** Clears what was recorded (e.g. before opening the toolbar, to count only what that costs). */
  reset(): void {
    this.byId.clear();
  }

  /** Full bodies of the scripts loaded so far, for checks such as "is React in there?". */
  async scriptBodies(): Promise<Map<string, string>> {
    const bodies = new Map<string, string>();
    for (const [requestId, request] of this.byId) {
      if (request.type !== 'Script' || !request.finished || bodies.has(request.url)) continue;
      try {
        const body = await this.cdp.send('Network.getResponseBody', {
          requestId: requestId.split(':')[0] ?? requestId,
        });
        bodies.set(
          request.url,
          body.base64Encoded ? Buffer.from(body.body, 'base64').toString('utf8') : body.body,
        );
      } catch {
        // Evicted from the inspector's buffer: the byte figures still stand.
      }
    }
    return bodies;
  }

  summary(): RequestSummary {
    const network = this.requests().filter((request) => !request.fromCache);
    // One row per script URL: a preload and the script tag that consumes it are one download.
    const scripts = new Map<string, RecordedRequest>();
    for (const request of network) {
      if (request.type !== 'Script') continue;
      const seen = scripts.get(request.url);
      if (!seen || request.encodedBytes > seen.encodedBytes) scripts.set(request.url, request);
    }
    const deepest = network.reduce<RecordedRequest | null>(
      (best, request) => (best === null || request.depth > best.depth ? request : best),
      null,
    );
    return {
      requestCount: network.length,
      scriptCount: scripts.size,
      jsEncodedBytes: [...scripts.values()].reduce(
        (sum, request) => sum + Math.max(0, request.encodedBytes - request.headerBytes),
        0,
      ),
      jsWireBytes: [...scripts.values()].reduce((sum, request) => sum + request.encodedBytes, 0),
      jsDecodedBytes: [...scripts.values()].reduce((sum, request) => sum + request.decodedBytes, 0),
      chainDepth: deepest?.depth ?? 0,
      chain: deepest ? this.chainOf(deepest) : [],
    };
  }

  private chainOf(request: RecordedRequest): string[] {
    const byUrl = new Map(this.requests().map((entry) => [entry.url, entry]));
    const chain = [request.url];
    const seen = new Set(chain);
    for (let parent = request.parentUrl; parent !== null && !seen.has(parent);) {
      chain.unshift(parent);
      seen.add(parent);
      parent = byUrl.get(parent)?.parentUrl ?? null;
    }
    return chain;
  }
}
