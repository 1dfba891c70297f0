/**
 * deploy/nginx as shipped, under Debian's nginx: every path of the shell's route table reaches Atrium
 * through the one-origin template (the legacy prefix /violet/ included, where Atrium's admin panel lives),
 * the legacy screens still reach their own root, port 80 redirects to https, and docs/deploy.md's "nginx in
 * front" snippet passes `nginx -t` with the include files it names.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@atrium/shell/routes';
import { LOGIN_PATH } from '@atrium/api/routes';
import { startServer, type Running } from '@atrium/server/testing';
import {
  DEPLOY_NGINX_DIR,
  freePort,
  makeCertificate,
  renderDeployTemplate,
  startNginx,
  type Certificate,
  type RunningServer,
} from '../real/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const HOST = 'school.test';

let atrium: Running;
let nginx: RunningServer;
let certificate: Certificate;
let tlsPort = 0;
let httpPort = 0;
let legacyRoot: string;

/** A route pattern as a path a person would open: `ext/**` -> `/ext/x`, `:id` -> `x`. */
function samplePath(pattern: string): string {
  return `/${pattern.replace(/\*\*|\*|:[A-Za-z]+/g, 'x')}`;
}

function get(pathname: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    https
      .get(
        {
          host: '127.0.0.1',
          port: tlsPort,
          path: pathname,
          servername: HOST,
          headers: { host: HOST },
          rejectUnauthorized: false,
        },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, headers: response.headers });
        },
      )
      .on('error', reject);
  });
}

beforeAll(async () => {
  atrium = await startServer();
  certificate = await makeCertificate([HOST]);
  tlsPort = await freePort();
  httpPort = await freePort();
  legacyRoot = mkdtempSync(path.join(os.tmpdir(), 'atrium-legacy-root-'));
  mkdirSync(path.join(legacyRoot, 'violet'));
  writeFileSync(path.join(legacyRoot, 'violet', 'screen.html'), '<p>legacy</p>');
  const servers = renderDeployTemplate('one-origin.conf.template', {
    LISTEN: `127.0.0.1:${tlsPort}`,
    HTTP_LISTEN: `127.0.0.1:${httpPort}`,
    PUBLIC_HOST: HOST,
    TLS_CERT: certificate.cert,
    TLS_KEY: certificate.key,
    ATRIUM_SERVERS: `server ${new URL(atrium.url).host};`,
    // No PHP here: only where the requests go is tested.
    PHP_FPM: '127.0.0.1:9',
    LEGACY_ROOT: legacyRoot,
  });
  nginx = await startNginx({ servers, port: tlsPort });
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  await atrium?.close();
  rmSync(legacyRoot, { recursive: true, force: true });
});

describe('the one-origin template', () => {
  it('sends every path of the route table to Atrium, those under /violet/ included', async () => {
    const paths = [...new Set([LOGIN_PATH, ...ROUTES.map((route) => samplePath(route.path))])];
    expect(paths).toContain('/violet/obuilder/hub/common/admin_panel');
    const missed: string[] = [];
    for (const pathname of paths) {
      // Atrium answers every request with its X-Request-Id; nginx's own answers and PHP's do not.
      const { headers } = await get(pathname);
      if (headers['x-request-id'] === undefined) missed.push(pathname);
    }
    expect(missed).toEqual([]);
  });

  it('still sends the legacy screens to the legacy root', async () => {
    const screen = await get('/violet/screen.html');
    expect(screen.status).toBe(200);
    expect(screen.headers['x-request-id']).toBeUndefined();
  });

  it('redirects port 80 to https', async () => {
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: httpPort, path: '/home?x=1', headers: { host: HOST } }, resolve)
        .on('error', reject);
    });
    response.resume();
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`https://${HOST}/home?x=1`);
  });
});

describe('docs/deploy.md', () => {
  const doc = readFileSync(path.join(ROOT, 'docs', 'deploy.md'), 'utf8');

  it('has a "nginx in front" snippet that passes nginx -t and takes its headers from atrium-proxy.conf', () => {
    const snippet = /#### nginx in front\n\n```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(snippet).toBeDefined();
    // Its headers are atrium-proxy.conf's, included, never a second copy that could disagree.
    expect(snippet).toContain('include /etc/nginx/atrium/atrium-proxy.conf;');
    expect(snippet).not.toMatch(/proxy_set_header/);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-nginx-t-'));
    try {
      const config = (snippet ?? '')
        .replaceAll('/etc/nginx/atrium/', `${DEPLOY_NGINX_DIR}/`)
        .replace(/ssl_certificate (\S+);/, `ssl_certificate ${certificate.cert};`)
        .replace(/ssl_certificate_key (\S+);/, `ssl_certificate_key ${certificate.key};`);
      const main = path.join(dir, 'nginx.conf');
      writeFileSync(
        main,
        `pid ${dir}/nginx.pid; error_log stderr; events {} http { access_log off; client_body_temp_path ${dir}/b; proxy_temp_path ${dir}/p; fastcgi_temp_path ${dir}/f; uwsgi_temp_path ${dir}/u; scgi_temp_path ${dir}/s;\n${config}\n}`,
      );
      const result = spawnSync('/usr/sbin/nginx', ['-t', '-p', dir, '-c', main], { encoding: 'utf8' });
      expect(result.stderr).toContain('test is successful');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('copies the include files the templates name', () => {
    expect(doc).toMatch(
      /install -D -m 0644 deploy\/nginx\/atrium-proxy\.conf deploy\/nginx\/tls\.conf -t \/etc\/nginx\/atrium\//,
    );
  });
});
