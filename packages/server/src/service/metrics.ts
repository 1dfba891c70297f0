/**
 * GET /metrics: Prometheus text from prom-client, one registry per server (tests start many in a process).
 * Names follow Prometheus' conventions (base units, `_total` counters). Served to loopback and the
 * addresses in ATRIUM_METRICS_ALLOW only; everyone else gets the 404 an unknown path gets, so the endpoint
 * does not advertise itself.
 */
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ServerContext } from '../context.js';
import { errorBody } from '../errors.js';

export const METRICS_PATH = '/metrics';

const LOGIN_ACTIONS = '/common/login/login_actions.php';

const pathOf = (url: string): string => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/** Why a sign-in was refused, from its answer's status. */
function refusalReason(status: number): string {
  if (status === 401) return 'wrong-credentials';
  if (status === 429) return 'rate-limited';
  if (status === 503) return 'unavailable';
  return 'invalid';
}

/** Sessions this server keeps (the demo backend's; a proxied backend keeps its own). */
async function liveSessions(ctx: ServerContext): Promise<number | null> {
  if (ctx.options.proxy) return null;
  const sessions = ctx.state.sessions as { size?: () => number };
  if (typeof sessions.size === 'function') return sessions.size();
  if (!ctx.redis?.isUp()) return null;
  // Redis forgets ended sessions by their TTL: the keys left are the live ones. SCAN, never KEYS, so a
  // scrape never blocks Redis for the other instances.
  let cursor = '0';
  let count = 0;
  do {
    const [next, keys] = await ctx.redis.client.scan(cursor, 'MATCH', 'atrium:session:*', 'COUNT', 1000);
    cursor = next;
    count += keys.length;
  } while (cursor !== '0');
  return count;
}

/**
 * Node's process metrics (CPU, memory, event loop, GC) are the process's, whatever the number of servers
 * in it: made once, and merged into each server's registry at scrape time.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'atrium_' });
  }
  return processRegistry;
}

export function registerMetrics(app: FastifyInstance, ctx: ServerContext): void {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'atrium_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'atrium_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refused = new Counter({
    name: 'atrium_sign_ins_refused_total',
    help: 'Sign-ins refused, by reason (wrong-credentials, rate-limited, unavailable, invalid).',
    labelNames: ['reason'],
    registers: [registry],
  });
  new Gauge({
    name: 'atrium_live_release_info',
    help: 'The release this instance serves (label release; "build" when none is published).',
    labelNames: ['release'],
    registers: [registry],
    async collect() {
      this.reset();
      const live = await ctx.releases.live().catch(() => null);
      this.set({ release: live?.id ?? 'build' }, 1);
    },
  });
  if (ctx.redis) {
    const redis = ctx.redis;
    new Gauge({
      name: 'atrium_redis_up',
      help: '1 while the shared Redis (ATRIUM_REDIS_URL) answers commands, else 0.',
      registers: [registry],
      collect() {
        this.set(redis.isUp() ? 1 : 0);
      },
    });
  }
  new Gauge({
    name: 'atrium_live_sessions',
    help: 'Sessions signed in and not yet ended (the demo backend and Redis modes; absent behind ATRIUM_PROXY).',
    registers: [registry],
    async collect() {
      this.reset();
      const count = await liveSessions(ctx).catch(() => null);
      if (count !== null) this.set(count);
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, never the path: ids in paths would make a series per id. Unrouted: "unmatched".
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (request.method === 'POST' && reply.statusCode >= 400 && pathOf(request.url) === LOGIN_ACTIONS) {
      // The demo backend's body is parsed: only sign-in attempts count, not username look-ups. Behind
      // ATRIUM_PROXY the body goes to the backend unread, and every refusal it answers counts.
      const body = request.body as { action?: unknown } | undefined;
      const action = typeof body === 'object' && body !== null ? body.action : undefined;
      if (action === undefined || action === 'login' || action === 'external_complete') {
        refused.inc({ reason: refusalReason(reply.statusCode) });
      }
    }
    done();
  });

  const allowed = proxyAddr.compile(['loopback', ...ctx.options.metricsAllow]);
  app.get(METRICS_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    // The socket's address, and every address a proxy says the request came through: a front door on
    // loopback forwarding a visitor's request must not make it a loopback request.
    const forwarded = request.headers['x-forwarded-for'];
    const chain = [
      request.raw.socket.remoteAddress ?? '',
      ...(typeof forwarded === 'string' ? forwarded.split(',').map((entry) => entry.trim()) : []),
    ];
    if (!chain.every((address) => allowed(address, 0))) {
      return reply.code(404).send(errorBody('not-found', `No ${request.method} route at ${METRICS_PATH}.`));
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await Registry.merge([processMetrics(), registry]).metrics());
  });
}
