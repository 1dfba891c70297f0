/**
 * The one table of the server's settings (environment variables). options.ts, deploy-options.ts and
 * main.ts parse them; docs/deploy.md's settings table is generated from this list
 * (`npm run settings-table`, checked by settings.test.ts), so a setting cannot exist without its row.
 *
 * Adding a setting: add a row here (name, default, description; `secret: true` when its value must never be
 * logged, which also gives it a `<NAME>_FILE` form), read it in options.ts, run `npm run settings-table`.
 * Reading an `ATRIUM_*` name that has no row throws at once (`settingsEnvironment`), in every test that
 * builds options: a forgotten row cannot reach a commit.
 */
import { readFileSync } from 'node:fs';
import { OptionsError } from './options.js';

export interface Setting {
  name: string;
  /** As an operator reads it: `127.0.0.1`, `unset`, `10000`. */
  default: string;
  /** One or two sentences: what it changes, and the value's form. */
  description: string;
  /** A credential: never logged, and readable from a file named by `<name>_FILE`. */
  secret?: boolean;
  /** The table it is documented in (docs/deploy.md): the whole server, or the several-instances set-up. */
  group: 'server' | 'instances' | 'limits';
}

export const SETTINGS: readonly Setting[] = [
  // The server and where it stands.
  {
    name: 'ATRIUM_PROXY',
    group: 'server',
    default: 'unset (the demo backend)',
    description:
      'The real backend, `https://backend.school.edu`: `/lapi/*` and `/common/*` (but the login page) are forwarded to it. Required on a public server unless `ATRIUM_DEMO=1`.',
  },
  {
    name: 'ATRIUM_DEMO',
    group: 'server',
    default: 'unset',
    description:
      '`1`: serve the demo backend (demo accounts, published password) on a public server on purpose; the login page and the log then say it is a demo.',
  },
  {
    name: 'ATRIUM_PUBLIC_ORIGIN',
    group: 'server',
    default: 'unset',
    description:
      'The origin(s) users type, comma-separated (`https://app.school.edu`). Origin/CSRF checks compare with these; https ones make the session cookie `__Host-`/`Secure` and add HSTS. Set: the server is public.',
  },
  {
    name: 'ATRIUM_TRUST_PROXY',
    group: 'server',
    default: 'unset',
    description:
      "The proxies' addresses/CIDRs, comma-separated (`127.0.0.1`, `10.0.0.0/8`, `loopback`): only their `X-Forwarded-*` are believed.",
  },
  {
    name: 'ATRIUM_EMBED_ORIGINS',
    group: 'server',
    default: 'unset',
    description:
      "Legacy origins allowed to embed the widgets, comma-separated: CORS with credentials on the widgets' endpoints.",
  },
  {
    name: 'HOST',
    group: 'server',
    default: '`127.0.0.1`',
    description:
      'The address to listen on (`0.0.0.0`, `::`, `10.0.0.5`). Not a loopback address: the server is public.',
  },
  { name: 'PORT', group: 'server', default: '`8080`', description: 'The port to listen on.' },
  {
    name: 'ATRIUM_ENV',
    group: 'server',
    default: '`production`',
    description: '`production` or `development` (development adds the dev routes and relaxed checks).',
  },
  {
    name: 'ATRIUM_LOCKDOWN',
    group: 'server',
    default: 'unset',
    description: '`1`: lockdown mode, only the exams app on the login page.',
  },
  {
    name: 'ATRIUM_DIST_DIR',
    group: 'server',
    default: '`<checkout>/dist`',
    description:
      'The built front end (`npm run build`), when it is not beside the server (a container image, a read-only path).',
  },
  {
    name: 'ATRIUM_UPLOADS_DIR',
    group: 'server',
    default: '`<checkout>/.data/uploads`',
    description:
      'Where the local storage adapter writes uploads (created on demand). Must be writable (the systemd unit lists it in `ReadWritePaths=`).',
  },
  {
    name: 'ATRIUM_STORAGE',
    group: 'server',
    default: '`local`',
    description: '`local` or `s3`: where uploads go (`s3` needs `ATRIUM_S3_BUCKET`).',
  },
  {
    name: 'ATRIUM_S3_BUCKET',
    group: 'server',
    default: 'unset',
    description: 'The uploads bucket with `ATRIUM_STORAGE=s3`.',
  },
  {
    name: 'ATRIUM_LEGACY_PREFIXES',
    group: 'server',
    default: 'unset',
    description:
      'More same-origin prefixes of legacy screens besides `/legacy/`, comma-separated (`/classic/,/old-lms/`).',
  },
  {
    name: 'ATRIUM_METRICS_ALLOW',
    group: 'server',
    default: 'unset (loopback only)',
    description:
      'Addresses/CIDRs besides loopback that may read `GET /metrics`, comma-separated (`10.0.0.0/8`). Others get 404.',
  },
  {
    name: 'ATRIUM_SHUTDOWN_GRACE_MS',
    group: 'server',
    default: '`10000`',
    description:
      'On SIGTERM/SIGINT: `/readyz` answers 503 at once, no new connection is accepted, and requests in flight get this long to finish before their connections are cut.',
  },
  {
    name: 'LOG_LEVEL',
    group: 'server',
    default: '`info`',
    description: "The log's level (pino's: `warn`, `info`, `debug`).",
  },
  // Limits.
  {
    name: 'ATRIUM_LOGIN_RATE_LIMIT',
    group: 'limits',
    default: '`30`',
    description:
      'Failed sign-ins allowed per client address per minute. Only failures count: a lab of many people behind one address signs in.',
  },
  {
    name: 'ATRIUM_SSO_START_RATE_LIMIT',
    group: 'limits',
    default: '`120`',
    description:
      'External (SSO) sign-in starts allowed per client address per minute: each start makes the server keep a state.',
  },
  {
    name: 'ATRIUM_ACCOUNT_RATE_LIMIT',
    group: 'limits',
    default: '`10`',
    description: 'Failed passwords allowed per account per window.',
  },
  {
    name: 'ATRIUM_ACCOUNT_RATE_WINDOW_MS',
    group: 'limits',
    default: '`300000`',
    description: 'That window: also the longest anyone can keep a named account locked after they stop.',
  },
  {
    name: 'ATRIUM_SESSION_IDLE_MS',
    group: 'limits',
    default: '`1800000`',
    description: 'A session unused for this long ends.',
  },
  {
    name: 'ATRIUM_SESSION_MAX_MS',
    group: 'limits',
    default: '`43200000`',
    description: 'A session ends this long after sign-in, whatever its use.',
  },
  {
    name: 'ATRIUM_SESSION_DATA_MAX_BYTES',
    group: 'limits',
    default: '`16384`',
    description: 'Largest legacy session (`session_data`, as JSON); 413 above it.',
  },
  {
    name: 'ATRIUM_SESSIONS_PER_ACCOUNT',
    group: 'limits',
    default: '`10`',
    description:
      "Live sessions one account may hold; a sign-in beyond it ends that account's oldest session.",
  },
  {
    name: 'ATRIUM_HEADERS_TIMEOUT_MS',
    group: 'limits',
    default: '`10000`',
    description:
      'A request whose headers are not all in by then is cut with a 408. Not longer than the request timeout.',
  },
  {
    name: 'ATRIUM_REQUEST_TIMEOUT_MS',
    group: 'limits',
    default: '`60000`',
    description: 'A request (headers and body, video uploads included) not all in by then is cut with a 408.',
  },
  {
    name: 'ATRIUM_KEEP_ALIVE_TIMEOUT_MS',
    group: 'limits',
    default: '`5000`',
    description: 'An idle keep-alive connection closes after this.',
  },
  {
    name: 'ATRIUM_SEND_TIMEOUT_MS',
    group: 'limits',
    default: '`60000`',
    description:
      'A connection on which nothing is read or written for this long is closed (a client that stops reading its answers).',
  },
  {
    name: 'ATRIUM_PROXY_TIMEOUT_MS',
    group: 'limits',
    default: '`30000`',
    description:
      'Proxy mode: the whole answer of the backend must arrive within this long of the request, else a 504.',
  },
  // Several instances and releases.
  {
    name: 'ATRIUM_REDIS_URL',
    group: 'instances',
    secret: true,
    default: 'unset (state in this process)',
    description:
      '`redis://[user:password@]host:port[/db]` or `rediss://` (TLS): sessions, login limits, the request log and the releases shared by every instance.',
  },
  {
    name: 'ATRIUM_DEPLOY_TOKEN',
    group: 'instances',
    secret: true,
    default: 'unset (root sessions only)',
    description: 'Lets CI call the release API without a session; at least 32 characters.',
  },
  {
    name: 'ATRIUM_FEED_KEY',
    group: 'instances',
    secret: true,
    default: 'unset (random)',
    description:
      'Seals the notice feed tokens of legacy pages on another host (docs/embedding.md); at least 32 characters. Unset: a random key, kept in Redis with `ATRIUM_REDIS_URL` so every instance shares it.',
  },
  {
    name: 'ATRIUM_RELEASES_DIR',
    group: 'instances',
    default: '`<checkout>/var/releases`',
    description:
      'The release store (docs/releases.md); with Redis, `last-known.json`, the durable release history and, with local assets, `assets/` (a volume every instance mounts). Must be writable.',
  },
  {
    name: 'ATRIUM_RELEASE_POLL_MS',
    group: 'instances',
    default: '`10000`',
    description: 'How often an instance re-reads the live release from Redis besides pub/sub.',
  },
  {
    name: 'ATRIUM_ASSETS',
    group: 'instances',
    default: '`local`',
    description: '`local` or `s3`: where the files of releases go.',
  },
  {
    name: 'ATRIUM_ASSETS_S3_BUCKET',
    group: 'instances',
    default: 'unset',
    description: 'The bucket (required with `ATRIUM_ASSETS=s3`).',
  },
  {
    name: 'ATRIUM_ASSETS_S3_PREFIX',
    group: 'instances',
    default: '`assets/`',
    description: 'Key prefix, ending in `/`.',
  },
  {
    name: 'ATRIUM_ASSETS_S3_REGION',
    group: 'instances',
    default: '`AWS_REGION`, else `us-east-1`',
    description: "The bucket's region.",
  },
  {
    name: 'ATRIUM_ASSETS_S3_ENDPOINT',
    group: 'instances',
    default: 'unset',
    description: 'An S3-compatible server (MinIO, Ceph...): path-style addressing.',
  },
  {
    name: 'ATRIUM_ASSETS_PUBLIC_URL',
    group: 'instances',
    default: "the bucket's URL",
    description: 'Where browsers fetch the files, e.g. a CDN.',
  },
];

const BY_NAME = new Map(SETTINGS.map((setting) => [setting.name, setting]));

export function findSetting(name: string): Setting | undefined {
  return BY_NAME.get(name);
}

/** Names of the settings whose values are credentials (for the log's redaction, request-log.ts). */
export const SECRET_SETTINGS = SETTINGS.filter((setting) => setting.secret).map((setting) => setting.name);

/**
 * The environment as options.ts reads it: a secret's `<NAME>_FILE` is read into `<NAME>` (a trailing line
 * end dropped; both set is refused, as is an unreadable file), and reading an `ATRIUM_*` name that has no
 * row in SETTINGS throws.
 */
export function settingsEnvironment(environ: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const resolved: NodeJS.ProcessEnv = { ...environ };
  for (const name of SECRET_SETTINGS) {
    const file = environ[`${name}_FILE`];
    if (file === undefined || file === '') continue;
    if (environ[name] !== undefined && environ[name] !== '') {
      throw new OptionsError('invalid-option', `${name} and ${name}_FILE are both set: keep one`);
    }
    try {
      resolved[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      throw new OptionsError(
        'invalid-option',
        `${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  }
  return new Proxy(resolved, {
    get(target, key) {
      if (typeof key === 'string' && key.startsWith('ATRIUM_') && !BY_NAME.has(key)) {
        throw new OptionsError(
          'unregistered-setting',
          `${key} is read but not in packages/server/src/settings.ts: add its row (and run npm run settings-table)`,
        );
      }
      return target[key as string];
    },
  });
}

/** docs/deploy.md's settings tables, as Markdown, one per group. */
export function settingsTable(group: Setting['group']): string {
  const cell = (text: string): string => text.replace(/\|/g, '\\|');
  const rows = SETTINGS.filter((setting) => setting.group === group).map(
    (setting) =>
      `| \`${setting.name}\`${setting.secret ? ` (or \`${setting.name}_FILE\`)` : ''} | ${cell(setting.default)} | ${cell(setting.description)} |`,
  );
  return ['| Setting | Default | What it changes |', '| --- | --- | --- |', ...rows].join('\n');
}
