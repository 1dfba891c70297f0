/**
 * `npm run bench -- --load`: the front door under load, against loopback only, for a bounded time.
 *
 * autocannon drives four answers a user's browser asks for on every visit: the login page (index.html with
 * a fresh CSP nonce), the import map, one content-hashed asset and `initialize` with a signed-in cookie.
 * First against one instance, then against two instances sharing one redis-server (the multi-instance
 * set-up of docs/deploy.md: signed in through A, half the connections on each). The servers run as their
 * own processes (tests/real), so the load tool does not share their event loop.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, startAtrium, startRedis, type RunningServer } from '../../tests/real/index';
import { spawnServer } from '../../tests/real/process';
import { sessionCookie } from './session';

export interface LoadFlags {
  /** Seconds per target and set-up. */
  duration: number;
  connections: number;
  distDir: string;
}

export interface LoadRow {
  target: string;
  instances: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** CPU time the server process(es) spent per request (user + system), in µs; null where /proc is missing. */
  serverCpuUsPerRequest: number | null;
}

/** The load budget: index.html p99 at 200 connections on one instance, with no error. */
export const LOAD_BUDGET = { indexP99Ms: 50, connections: 200 } as const;

/** Chromium's Accept-Encoding. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

type Served = RunningServer & { origin: string };

interface Target {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

async function targets(origin: string, cookie: string): Promise<Target[]> {
  const map = (await (await fetch(`${origin}/importmap.json`)).json()) as { imports: Record<string, string> };
  const asset = map.imports['react-dom/client'];
  if (!asset) throw new Error('the import map names no react-dom/client asset');
  return [
    {
      // What Chromium sends: the page goes out gzip, spliced from parts compressed once per release.
      name: 'index.html (login, fresh nonce, gzip)',
      path: '/common/login',
      method: 'GET',
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    },
    { name: 'import map', path: '/importmap.json', method: 'GET' },
    {
      name: 'asset (react-dom/client, br)',
      path: asset,
      method: 'GET',
      headers: { 'accept-encoding': 'br' },
    },
    {
      name: 'initialize (signed in)',
      path: '/lapi/rpc/common/ionic/initialize',
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: '{}',
    },
  ];
}

function run(origin: string, target: Target, connections: number, duration: number) {
  return autocannon({
    url: `${origin}${target.path}`,
    method: target.method,
    connections,
    duration,
    // A browser sends the origin of the page it is on: each instance's own (the CSRF check refuses another).
    headers: target.headers?.['origin'] ? { ...target.headers, origin } : (target.headers ?? {}),
    ...(target.body !== undefined ? { body: target.body } : {}),
  });
}

/** A process and its descendants (tsx runs the server in a child process of its own). */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text) children = children.concat(text.split(/\s+/).map(Number));
    }
  } catch {
    // gone, or no /proc: only the process itself
  }
  return [pid, ...children.flatMap(processTree)];
}

/** User + system CPU time of a process and its descendants so far, in ms, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number): number | null {
  let total = 0;
  for (const id of processTree(pid)) {
    try {
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      // utime and stime, the 14th and 15th fields (12th and 13th after the command), in 1/100 s.
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      if (id === pid) return null;
    }
  }
  return total;
}

const totalCpuMs = (servers: RunningServer[]): number | null =>
  servers.reduce<number | null>((sum, server) => {
    const ms = cpuMs(server.pid);
    return sum === null || ms === null ? null : sum + ms;
  }, 0);

/**
 * Several servers at once, the connections split between them; latency percentiles are the worst one's.
 * Besides latency (which on a shared machine says as much about the neighbours as about Atrium) it reports
 * the servers' CPU time per request, which other load on the machine moves far less.
 */
async function drive(servers: Served[], target: Target, flags: LoadFlags): Promise<LoadRow> {
  const each = Math.max(1, Math.floor(flags.connections / servers.length));
  const cpuBefore = totalCpuMs(servers);
  const results = await Promise.all(
    servers.map((server) => run(server.origin, target, each, flags.duration)),
  );
  const cpuAfter = totalCpuMs(servers);
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  return {
    target: target.name,
    instances: servers.length,
    requestsPerSecond: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
    p50Ms: Math.max(...results.map((result) => result.latency.p50)),
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    serverCpuUsPerRequest:
      cpuBefore === null || cpuAfter === null || requests === 0
        ? null
        : Math.round(((cpuAfter - cpuBefore) * 1000) / requests),
  };
}

/** One answer exactly as the server sent it on the wire (no decompression), for the floor server to replay. */
function recordAnswer(
  origin: string,
  target: Target,
): Promise<{ status: number; headers: Record<string, string>; bodyBase64: string }> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      `${origin}${target.path}`,
      { method: target.method, headers: target.headers ?? {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (
              value === undefined ||
              ['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)
            )
              continue;
            headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({
            status: response.statusCode ?? 200,
            headers,
            bodyBase64: Buffer.concat(chunks).toString('base64'),
          });
        });
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end();
  });
}

/**
 * The floor: a bare node:http process replaying index.html's recorded answer (same headers and gzip bytes),
 * driven exactly like Atrium. What it reaches is what this machine allows any Node server under this load
 * tool, so the index.html row is read against it.
 */
async function measureFloor(page: Target, origin: string, flags: LoadFlags): Promise<LoadRow> {
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-floor-'));
  const answerFile = path.join(dir, 'answer.json');
  writeFileSync(answerFile, JSON.stringify(await recordAnswer(origin, page)));
  const port = await freePort();
  const script = fileURLToPath(new URL('./floor-server.mjs', import.meta.url));
  const floor = await spawnServer(process.execPath, [script, String(port), answerFile], {
    port,
    name: 'floor server',
  });
  try {
    const row = await drive([{ ...floor, origin: `http://127.0.0.1:${port}` }], page, flags);
    return { ...row, target: 'floor: bare node:http replaying index.html' };
  } finally {
    await floor.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureLoad(flags: LoadFlags): Promise<LoadRow[]> {
  const running: RunningServer[] = [];
  const env = { ATRIUM_DIST_DIR: flags.distDir, ATRIUM_LOGIN_RATE_LIMIT: '100000' };
  const rows: LoadRow[] = [];
  try {
    const single = await startAtrium({ env });
    running.push(single);
    const cookie = await sessionCookie(single.origin, 'student');
    const singleTargets = await targets(single.origin, cookie);
    for (const target of singleTargets) {
      process.stdout.write(`[bench] load: ${target.name}, 1 instance\n`);
      rows.push(await drive([single], target, flags));
    }
    const page = singleTargets[0];
    if (page) {
      process.stdout.write('[bench] load: floor (bare node:http replaying index.html)\n');
      rows.push(await measureFloor(page, single.origin, flags));
    }
    await single.stop();

    const redis = await startRedis();
    running.push(redis);
    const shared = { ...env, ATRIUM_REDIS_URL: redis.url };
    const a = await startAtrium({ env: shared });
    running.push(a);
    const b = await startAtrium({ env: shared });
    running.push(b);
    // Signed in through A only: B serves the same session from Redis.
    const sharedCookie = await sessionCookie(a.origin, 'student');
    for (const target of await targets(a.origin, sharedCookie)) {
      process.stdout.write(`[bench] load: ${target.name}, 2 instances + Redis\n`);
      rows.push(await drive([a, b], target, flags));
    }
  } finally {
    for (const server of running.reverse()) await server.stop();
  }
  return rows;
}

export function loadTable(rows: LoadRow[], connections: number): string {
  const header = [
    'target',
    'instances',
    'req/s',
    'p50',
    'p99',
    'errors',
    'server CPU/req',
    'budget',
    'verdict',
  ];
  const body = rows.map((row) => {
    const judged = row.instances === 1 && row.target.startsWith('index.html');
    const verdict = !judged
      ? ''
      : row.p99Ms <= LOAD_BUDGET.indexP99Ms && row.errors + row.non2xx === 0 && connections >= 200
        ? 'ok'
        : 'OVER';
    return [
      row.target,
      String(row.instances),
      String(row.requestsPerSecond),
      `${row.p50Ms} ms`,
      `${row.p99Ms} ms`,
      String(row.errors + row.non2xx),
      row.serverCpuUsPerRequest === null ? '–' : `${row.serverCpuUsPerRequest} µs`,
      judged ? `p99 ≤ ${LOAD_BUDGET.indexP99Ms} ms at ${LOAD_BUDGET.connections} connections, 0 errors` : '',
      verdict,
    ];
  });
  const all = [header, ...body];
  const widths = header.map((_, column) => Math.max(...all.map((line) => (line[column] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}
