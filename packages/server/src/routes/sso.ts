import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { SafeHtml, html, jsonForScript } from '../html/escape.js';
import { renderPage } from '../html/page.js';
import { createNonce, pageCsp, sendHtml } from '../html/security-headers.js';

/**
 * The demo identity provider the login page opens in a popup for the `sso` account. 'Continue as sso'
 * hands `{ type: 'atrium-sso', state, code }` to the opener, addressed to the popup's own origin only,
 * then closes. Its one inline script runs under a per-response nonce.
 */
export function ssoRoutes(ctx: ServerContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/common/login/sso/authorize', async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const stateId = typeof query['state'] === 'string' ? query['state'] : '';
      const pending = ctx.state.ssoStates.get(stateId);
      const nonce = createNonce();
      if (!pending || pending.used || pending.expiresAt <= ctx.options.now()) {
        const page = renderPage({
          title: 'Sign-in link expired - Demo identity provider',
          main: html`<h1>This sign-in link has expired</h1>
            <p>Close this window and choose Sign In again on the login page.</p>`,
        });
        return sendHtml(reply, page, pageCsp(), 400);
      }
      const message = { type: 'atrium-sso', state: stateId, code: pending.code };
      const page = renderPage({
        title: 'Demo identity provider',
        main: html`<h1>Demo identity provider</h1>
          <p>Atrium asks to sign you in as <strong>${pending.username}</strong>.</p>
          <button type="button" id="continue">Continue as ${pending.username}</button>
          <p id="status" role="status"></p>`,
        tail: html`<script nonce="${nonce}">
          (() => {
            const message = ${new SafeHtml(jsonForScript(message))};
            // This page's own origin is the opener's (the popup opened a relative URL): right behind any proxy.
            const targetOrigin = window.location.origin;
            document.getElementById('continue').addEventListener('click', () => {
              if (!window.opener) {
                document.getElementById('status').textContent =
                  'Return to the sign-in window and start again.';
                return;
              }
              window.opener.postMessage(message, targetOrigin);
              window.close();
            });
          })();
        </script>`,
      });
      return sendHtml(reply, page, pageCsp(nonce));
    });
  };
}
