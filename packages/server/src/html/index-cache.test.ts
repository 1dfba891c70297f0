import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { compileIndex, createIndexCache } from './index-cache.js';
import { renderIndex, type DistFiles } from './index-template.js';

const files: DistFiles = {
  template: `<!doctype html><script type="systemjs-importmap" nonce="{{NONCE}}">{{IMPORTMAP}}</script>
{{PRELOADS}}{{PAGE_STYLES}}<meta name="atrium-build" content="{{BUILD_STAMP}}"><meta name="atrium-env" content="{{ENV}}">
<body>{{LOGIN_FRAME}}<div id="atrium-frame" {{FRAME_HIDDEN}}></div><div {{BLOCKING_HIDDEN}}></div>
<script type="application/json">{{LATE_PRELOADS}}</script><script nonce="{{NONCE}}" src="/static/s.js"></script>`,
  loginFrame: { html: '<form><input name="username"></form>', css: '.atr-login{color:red}' },
  importMap: {
    imports: { '@atrium/shell': '/assets/shell.1.js', react: 'https://cdn.example/react.2.js' },
    integrity: { '/assets/shell.1.js': 'sha384-SHELL' },
  },
  buildStamp: '2026_01_02_030405',
  preloads: null,
};

describe('a compiled index.html', () => {
  it('is the page renderIndex makes, for any nonce, as text and as gzip', () => {
    for (const login of [true, false]) {
      const page = compileIndex(files, { env: 'production', login });
      for (const nonce of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'x-_9zZyY8wWvV7uUtT6sSrR5']) {
        const expected = renderIndex(files, { nonce, env: 'production', login });
        expect(expected.split(nonce).length - 1).toBeGreaterThanOrEqual(login ? 3 : 4);
        expect(page.render(nonce)).toBe(expected);
        expect(gunzipSync(page.gzip(nonce)).toString('utf8')).toBe(expected);
      }
    }
  });
});

describe('the compiled pages kept', () => {
  it('are made once per build, view and page kind', () => {
    const cache = createIndexCache();
    const filesFor = vi.fn(() => files);
    const shell = { env: 'production', login: false };
    const first = cache(files, 'r000002:', shell, filesFor);
    expect(cache(files, 'r000002:', shell, filesFor)).toBe(first);
    expect(filesFor).toHaveBeenCalledTimes(1);
    // Another view (a canary), another page kind: pages of their own.
    expect(cache(files, 'r000002:@atrium/area-exams', shell, filesFor)).not.toBe(first);
    expect(cache(files, 'r000002:', { ...shell, login: true }, filesFor)).not.toBe(first);
    expect(filesFor).toHaveBeenCalledTimes(3);
  });

  it('are dropped when the build changes on disk (a new DistFiles)', () => {
    const cache = createIndexCache();
    const shell = { env: 'production', login: false };
    const before = cache(files, '', shell, () => files);
    const rebuilt = { ...files, buildStamp: '2026_02_03_040506' };
    const after = cache(rebuilt, '', shell, () => rebuilt);
    expect(after).not.toBe(before);
    expect(after.render('n'.repeat(24))).toContain('2026_02_03_040506');
  });
});
