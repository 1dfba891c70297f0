/**
 * Debian's nginx in the foreground with a generated main configuration: pid, logs and temporary paths under
 * its own temporary prefix, and the test's `server {}` blocks verbatim inside `http {}`. The reference
 * configurations under deploy/nginx/ are what the topology tests pass in, so they are tested as shipped.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDebianPackages } from './debian.js';
import { spawnServer, type RunningServer } from './process.js';

const NGINX = '/usr/sbin/nginx';

export interface NginxOptions {
  /** One or more `server {}` blocks, each listening on `127.0.0.1:<port>` of a port from `freePort()`. */
  servers: string;
  /** The port to wait on (default: the first `listen 127.0.0.1:<port>` in `servers`). */
  port?: number;
}

export async function startNginx(options: NginxOptions): Promise<RunningServer & { prefix: string }> {
  ensureDebianPackages({ [NGINX]: 'nginx' });
  const port = options.port ?? Number(/listen\s+127\.0\.0\.1:(\d+)/.exec(options.servers)?.[1]);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error('startNginx: no `listen 127.0.0.1:<port>` in servers');
  const prefix = mkdtempSync(path.join(tmpdir(), 'atrium-nginx-'));
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const config = `
${isRoot ? 'user root;' : ''}
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${options.servers}
}
`;
  const configPath = path.join(prefix, 'nginx.conf');
  writeFileSync(configPath, config);
  const server = await spawnServer(
    NGINX,
    ['-p', prefix, '-c', configPath, '-e', 'stderr', '-g', 'daemon off;'],
    {
      port,
      name: 'nginx',
    },
  );
  return { port, pid: server.pid, stop: server.stop, prefix };
}

/**
 * One origin in front of both halves of the suite, as a university's path routing does: `/php/…` from
 * `phpRoot`'s parent folder through php-fpm, everything else proxied to Atrium with the public Host.
 */
export function phpAndAtriumServer(options: {
  port: number;
  host: string;
  phpRoot: string;
  phpPort: number;
  atriumPort: number;
}): string {
  return `
  server {
    listen 127.0.0.1:${options.port};
    server_name ${options.host};
    location /php/ {
      root ${path.dirname(options.phpRoot)};
      index index.php;
      location ~ \\.php$ {
        include /etc/nginx/fastcgi_params;
        fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;
        fastcgi_pass 127.0.0.1:${options.phpPort};
      }
    }
    location / {
      proxy_pass http://127.0.0.1:${options.atriumPort};
      proxy_set_header Host $host:$server_port;
    }
  }`;
}
