/** A self-signed TLS certificate for the test host names, made with openssl at test time. */
import { mkdtempSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDebianPackages } from './debian.js';

export interface Certificate {
  cert: string;
  key: string;
  dir: string;
}

export function makeCertificate(hostnames: string[]): Promise<Certificate> {
  ensureDebianPackages({ '/usr/bin/openssl': 'openssl' });
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-tls-'));
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const san = hostnames.map((name) => `DNS:${name}`).join(',');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${hostnames[0] ?? 'localhost'}`,
      '-addext',
      `subjectAltName=${san}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return Promise.resolve({ cert, key, dir });
}
