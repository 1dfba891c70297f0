/**
 * A Chromium driven over a plain CDP pipe, for the measurements a debugger would distort.
 *
 * Playwright enables the `Runtime` domain on every page it drives (its `evaluate` needs it), and an
 * inspector with `Runtime` enabled makes V8 capture a detailed stack trace for every `Error` created, so
 * source positions are needed for each function on the stack. react-dom's module creates a few `Error`s as
 * it starts (React's sentinel exceptions), inside one factory function around all of React DOM: V8 parses
 * that whole function again to find them. Measured on the login page at 4x CPU (bench/.work, 2026-11-26):
 * react-dom-client's module body 127-193 ms with `Runtime` enabled, 2-40 ms without. A person's browser has
 * no inspector, so the rows about what a person feels while the page boots are measured here: this driver
 * sends only `Target`, `Page`, `Emulation` and `Input` commands, and reads results with `Runtime.evaluate`
 * (which works without enabling the domain) once the measurement is over.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { COLD_VIEWPORT } from './browser';

type Params = Record<string, unknown>;
type Handler = (params: Params) => void;

interface Message {
  id?: number;
  method?: string;
  params?: Params;
  result?: Params;
  error?: { message: string };
  sessionId?: string;
}

/** One tab, in a browser context of its own (a cold cache and no cookies), with the CPU throttled. */
export interface BarePage {
  send(method: string, params?: Params): Promise<Params>;
  on(event: string, handler: Handler): void;
  /** Navigates and resolves once the page's load event has fired. */
  goto(url: string, timeoutMs?: number): Promise<void>;
  /** An expression's value, awaited if it is a promise (JSON-serialisable values only). */
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

export interface BareColdPageOptions {
  cpuThrottle?: number;
  /** Runs before the page's own scripts, as Playwright's `addInitScript`. */
  initScript?: string;
}

export interface BareChromium {
  openColdPage(options?: BareColdPageOptions): Promise<BarePage>;
  close(): Promise<void>;
}

/**
 * The switches Playwright launches Chromium with that change how a page is scheduled, painted or given input
 * (playwright-core 1.65's chromiumSwitches), so the only difference from the other rows' browser is
 * the inspector: no background throttling, input allowed before the first commit, no paint holding.
 */
const AS_PLAYWRIGHT_DOES = [
  '--disable-field-trial-config',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-back-forward-cache',
  '--disable-ipc-flooding-protection',
  '--disable-hang-monitor',
  '--allow-pre-commit-input',
  '--disable-features=PaintHolding,OptimizationHints,MediaRouter,HttpsUpgrades',
  '--disable-extensions',
  '--disable-component-extensions-with-background-pages',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
  '--disable-stack-profiler',
  '--force-color-profile=srgb',
  '--metrics-recording-only',
  '--hide-scrollbars',
  '--mute-audio',
  '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4',
];

/** Chromium's `--remote-debugging-pipe`: JSON messages, each ended by a NUL byte, on fds 3 (in) and 4 (out). */
class PipeConnection {
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (value: Params) => void; reject: (e: Error) => void }
  >();
  private readonly handlers = new Map<string, Handler[]>();
  private buffered = '';

  constructor(
    private readonly input: Writable,
    output: Readable,
  ) {
    output.on('data', (chunk: Buffer) => this.receive(chunk.toString('utf8')));
  }

  send(method: string, params: Params = {}, sessionId?: string): Promise<Params> {
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.input.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  }

  on(sessionId: string, event: string, handler: Handler): void {
    const key = `${sessionId}:${event}`;
    this.handlers.set(key, [...(this.handlers.get(key) ?? []), handler]);
  }

  /** Drops a closed tab's listeners. */
  forget(sessionId: string): void {
    for (const key of this.handlers.keys()) if (key.startsWith(`${sessionId}:`)) this.handlers.delete(key);
  }

  private receive(text: string): void {
    this.buffered += text;
    let end = this.buffered.indexOf('\0');
    while (end >= 0) {
      const message = JSON.parse(this.buffered.slice(0, end)) as Message;
      this.buffered = this.buffered.slice(end + 1);
      this.dispatch(message);
      end = this.buffered.indexOf('\0');
    }
  }

  private dispatch(message: Message): void {
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve(message.result ?? {});
      return;
    }
    if (!message.method) return;
    for (const handler of this.handlers.get(`${message.sessionId ?? ''}:${message.method}`) ?? [])
      handler(message.params ?? {});
  }
}

export async function launchBareChromium(): Promise<BareChromium> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'atrium-bare-chromium-'));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      ...AS_PLAYWRIGHT_DOES,
      ...CHROMIUM_ARGS,
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const connection = new PipeConnection(child.stdio[3] as Writable, child.stdio[4] as Readable);
  await connection.send('Browser.getVersion');

  async function openColdPage(options: BareColdPageOptions = {}): Promise<BarePage> {
    const { browserContextId } = await connection.send('Target.createBrowserContext');
    const { targetId } = await connection.send('Target.createTarget', {
      url: 'about:blank',
      browserContextId,
    });
    const { sessionId } = (await connection.send('Target.attachToTarget', { targetId, flatten: true })) as {
      sessionId: string;
    };
    const send = (method: string, params?: Params) => connection.send(method, params, sessionId);
    await send('Page.enable');
    // As Playwright does: the page believes it has focus, as the one tab a person is using does.
    await send('Emulation.setFocusEmulationEnabled', { enabled: true });
    await send('Emulation.setDeviceMetricsOverride', {
      ...COLD_VIEWPORT,
      deviceScaleFactor: 1,
      mobile: false,
    });
    if (options.cpuThrottle && options.cpuThrottle > 1)
      await send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottle });
    if (options.initScript)
      await send('Page.addScriptToEvaluateOnNewDocument', { source: options.initScript });
    return {
      send,
      on: (event, handler) => connection.on(sessionId, event, handler),
      async goto(url, timeoutMs = 60_000) {
        const loaded = new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`${url}: no load event within ${timeoutMs} ms`)),
            timeoutMs,
          );
          connection.on(sessionId, 'Page.loadEventFired', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        const navigated = (await send('Page.navigate', { url })) as { errorText?: string };
        if (navigated.errorText) throw new Error(`${url}: ${navigated.errorText}`);
        await loaded;
      },
      async evaluate<T>(expression: string): Promise<T> {
        const answer = (await send('Runtime.evaluate', {
          expression,
          awaitPromise: true,
          returnByValue: true,
        })) as {
          result: { value?: T };
          exceptionDetails?: { text: string };
        };
        if (answer.exceptionDetails) throw new Error(`evaluate failed: ${answer.exceptionDetails.text}`);
        return answer.result.value as T;
      },
      async close() {
        connection.forget(sessionId);
        await connection.send('Target.disposeBrowserContext', { browserContextId });
      },
    };
  }

  return {
    openColdPage,
    async close() {
      await connection.send('Browser.close').catch(() => undefined);
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
