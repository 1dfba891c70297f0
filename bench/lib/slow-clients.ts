/**
 * `npm run bench -- --slow-clients`: slow-body clients against the real server, on loopback only.
 *
 * The server runs in its own process (as users run it, `packages/server/src/main.ts`) with request timeouts
 * short enough for one bounded run. The bench opens up to `connections` connections that each send the
 * headers of a POST and then one body byte every `dripMs`, never finishing. While they are held it loads
 * the login page (the whole HTML answer) a few times on fresh connections, and reports the slowest load
 * against the 1 s budget. Then it waits, at most the request timeout plus a margin, for the server to cut
 * every held connection, and reports how many it cut with the JSON 408 and how many were still open.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface SlowClientOptions {
  root: string;
  distDir: string;
  connections: number;
  /** ATRIUM_REQUEST_TIMEOUT_MS for the server under test. */
  requestTimeoutMs: number;
  dripMs: number;
  pageLoads: number;
}

export interface SlowClientResult {
  connections: number;
  opened: number;
  requestTimeoutMs: number;
  pageLoadsMs: number[];
  slowestPageLoadMs: number;
  pageBudgetMs: number;
  cutWith408: number;
  cutOtherwise: number;
  stillOpen: number;
  /** From the last connection opened to the last one cut. */
  allCutAfterMs: number | null;
  ok: boolean;
}

export const PAGE_BUDGET_MS = 1000;
const LOGIN_PAGE = '/common/login';

interface Held {
  socket: net.Socket;
  answer: string;
  /** The request head is written: from then on the body drips. */
  started: boolean;
  closed: boolean;
  closedAt: number;
  error?: string;
}

async function startServer(options: SlowClientOptions): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(
    path.join(options.root, 'node_modules/.bin/tsx'),
    [path.join(options.root, 'packages/server/src/main.ts')],
    {
      env: {
        ...process.env,
        PORT: '0',
        LOG_LEVEL: 'warn',
        ATRIUM_DIST_DIR: options.distDir,
        ATRIUM_REQUEST_TIMEOUT_MS: String(options.requestTimeoutMs),
        ATRIUM_HEADERS_TIMEOUT_MS: String(Math.min(10_000, options.requestTimeoutMs)),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const origin = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Atrium server: (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
  return { child, origin };
}

function openSlowClient(port: number, held: Held[]): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const entry: Held = { socket, answer: '', started: false, closed: false, closedAt: 0 };
    held.push(entry);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (entry.answer += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (entry.error ??= error.code ?? error.message));
    socket.on('close', () => {
      entry.closed = true;
      entry.closedAt = Date.now();
      resolve();
    });
    socket.once('connect', () => {
      socket.write(
        'POST /common/login/login_actions.php HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          // Under the 64 KB body limit, so only the timeout can end it.
          'Content-Type: application/json\r\nContent-Length: 50000\r\n\r\n{',
      );
      entry.started = true;
      resolve();
    });
  });
}

async function timedPageLoad(origin: string): Promise<number> {
  const started = performance.now();
  // A fresh connection each time: a new visitor, not a kept-alive one.
  const response = await fetch(`${origin}${LOGIN_PAGE}`, { headers: { connection: 'close' } });
  const body = await response.text();
  if (response.status !== 200 || !body.includes('</html>')) {
    throw new Error(`the login page answered ${response.status} while slow clients were held`);
  }
  return performance.now() - started;
}

export async function measureSlowClients(options: SlowClientOptions): Promise<SlowClientResult> {
  const { child, origin } = await startServer(options);
  const port = Number(new URL(origin).port);
  const held: Held[] = [];
  const drip = setInterval(() => {
    for (const entry of held) if (entry.started && !entry.closed) entry.socket.write(' ');
  }, options.dripMs);
  try {
    await timedPageLoad(origin); // warm: the first load reads index.html from disk
    for (let i = 0; i < options.connections; i += 100) {
      const batch = Math.min(100, options.connections - i);
      await Promise.all(Array.from({ length: batch }, () => openSlowClient(port, held)));
      process.stdout.write(`\r[bench] slow clients: ${held.length}/${options.connections} opened   `);
    }
    process.stdout.write('\n');
    const openedAt = Date.now();
    const opened = held.filter((e) => !e.closed).length;
    const pageLoadsMs: number[] = [];
    for (let i = 0; i < options.pageLoads; i++) {
      pageLoadsMs.push(await timedPageLoad(origin));
      await sleep(200);
    }
    // Bounded: the request timeout, Node's check interval and a margin for a busy machine.
    const deadline = openedAt + options.requestTimeoutMs + 15_000;
    while (held.some((e) => !e.closed) && Date.now() < deadline) await sleep(250);
    const stillOpen = held.filter((e) => !e.closed).length;
    const kinds = new Map<string, number>();
    for (const e of held) {
      const kind = e.answer.slice(0, 12) || `no answer${e.error ? ` (${e.error})` : ''}`;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    console.log('[bench] slow clients: how each held connection ended', Object.fromEntries(kinds));
    const cutWith408 = held.filter((e) => e.closed && e.answer.startsWith('HTTP/1.1 408 ')).length;
    const lastCut = Math.max(...held.filter((e) => e.closed).map((e) => e.closedAt));
    const slowestPageLoadMs = Math.max(...pageLoadsMs);
    return {
      connections: options.connections,
      opened,
      requestTimeoutMs: options.requestTimeoutMs,
      pageLoadsMs,
      slowestPageLoadMs,
      pageBudgetMs: PAGE_BUDGET_MS,
      cutWith408,
      cutOtherwise: held.length - stillOpen - cutWith408,
      stillOpen,
      allCutAfterMs: stillOpen === 0 ? lastCut - openedAt : null,
      ok:
        opened === options.connections &&
        slowestPageLoadMs <= PAGE_BUDGET_MS &&
        cutWith408 === options.connections,
    };
  } finally {
    clearInterval(drip);
    for (const entry of held) entry.socket.destroy();
    if (child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
  }
}

export function slowClientTable(result: SlowClientResult): string {
  const rows: [string, string][] = [
    ['slow-body connections held', `${result.opened} of ${result.connections}`],
    [
      'login page while held (slowest)',
      `${Math.round(result.slowestPageLoadMs)} ms (budget ${result.pageBudgetMs} ms)`,
    ],
    ['login page loads (ms)', result.pageLoadsMs.map((ms) => Math.round(ms)).join(', ')],
    ['request timeout', `${result.requestTimeoutMs} ms`],
    ['cut with a JSON 408', String(result.cutWith408)],
    ['cut otherwise', String(result.cutOtherwise)],
    ['still open at the deadline', String(result.stillOpen)],
    [
      'all cut, after the last was opened',
      result.allCutAfterMs === null ? 'no' : `${result.allCutAfterMs} ms`,
    ],
    ['verdict', result.ok ? 'ok' : 'FAILED'],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
}
