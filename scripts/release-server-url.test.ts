import { describe, expect, it } from 'vitest';
import { ReleaseError } from '@atrium/releases';
import { run } from './release';
import { checkServerUrl } from './release-server-url';

describe('--server', () => {
  it.each([
    'https://atrium.example.edu',
    'https://10.0.0.5:8443/',
    'http://127.0.0.1:8080',
    'http://127.8.9.1',
    'http://localhost:3000',
    'http://[::1]:8080',
  ])('sends the token to %s', (url) => {
    expect(checkServerUrl(url).href).toContain(new URL(url).host);
  });

  it.each([
    'http://atrium.example.edu',
    'http://10.0.0.5:8080',
    'http://[::2]',
    'http://127.0.0.1.example.com',
  ])('refuses plain http to %s, saying the token would go in clear', (url) => {
    expect(() => checkServerUrl(url)).toThrow(/would send the deploy token in clear .* use https/);
  });

  it('refuses before any request: the CLI never sends the token over plain http to another host', async () => {
    process.env['ATRIUM_DEPLOY_TOKEN'] = 'test-deploy-token-0123456789abcdef';
    let sent = false;
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () => {
      sent = true;
      return new Response('{}');
    }) as typeof fetch;
    try {
      const error = await run(['list', '--server', 'http://atrium.example.edu'], null as never, '').catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ReleaseError);
      expect((error as Error).message).toContain(
        'would send the deploy token in clear to atrium.example.edu',
      );
      expect(sent).toBe(false);
    } finally {
      globalThis.fetch = realFetch;
      delete process.env['ATRIUM_DEPLOY_TOKEN'];
    }
  });
});
