import { describe, expect, it } from 'vitest';
import { renderLoginFrame } from './prerender';

describe('renderLoginFrame', () => {
  it("is the username step of the app's first render, with the CSS it needs", () => {
    const frame = renderLoginFrame(new Date(2031, 5, 1));
    expect(frame.html).toContain('<h2 class="atr-login__title">Sign In</h2>');
    expect(frame.html).toMatch(/<input[^>]*name="username"[^>]*value=""/);
    // Next stays disabled until a username is typed, as in the app.
    expect(frame.html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Next<\/button>/);
    // Settings are not known yet: the help links keep their room but stay hidden (the page does not move
    // when they show), legal links without addresses.
    expect(frame.html).toMatch(/<ul class="atr-login__links atr-login__links--pending">.*Forgot Username\?/);
    expect(frame.css).toMatch(/\.atr-login__links--pending\s*\{\s*visibility:\s*hidden/);
    expect(frame.html).toContain('<span>Terms of Use</span>');
    // renderToString separates adjacent texts with comments, which hydration (lifecycles.tsx) relies on.
    expect(frame.html.replace(/<!-- -->/g, '')).toContain('© 2031 Atrium. All rights reserved.');
    expect(frame.css).toContain('.atr-login__card');
    expect(frame.css).toContain('.atr-btn');
  });
});
