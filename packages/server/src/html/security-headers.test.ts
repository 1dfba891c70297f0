import { describe, expect, it } from 'vitest';
import { shellCsp } from './security-headers.js';

describe("the shell page's content security policy", () => {
  it('admits styles by nonce only on production pages', () => {
    const csp = shellCsp('n0nce');
    expect(csp).toContain("style-src 'self' 'nonce-n0nce'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("require-trusted-types-for 'script'");
  });

  it("admits inline styles on development pages, where a dev server's style-loader adds tags without the nonce", () => {
    const csp = shellCsp('n0nce', { trustedTypes: false });
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("script-src 'nonce-n0nce' 'strict-dynamic'");
    expect(csp).not.toContain('require-trusted-types-for');
  });
});
