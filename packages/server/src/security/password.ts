import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type BinaryLike } from 'node:crypto';

/**
 * scrypt password hashes, compared in constant time. Format: `scrypt$<salt b64>$<hash b64>`.
 * The cost is scrypt's default (N=16384): enough for a demo, and each server instance hashes its seed
 * passwords once per process (see demo-data/users.ts), so tests that create many servers stay quick.
 */
const KEY_LENGTH = 32;

function scrypt(password: BinaryLike, salt: BinaryLike): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(saltB64, 'base64'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
