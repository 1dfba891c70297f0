import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { findAuth } from '../auth.js';
import { html } from '../html/escape.js';
import { renderPage } from '../html/page.js';
import { pageCsp, sendHtml } from '../html/security-headers.js';
import { LOGIN_PATH } from '@atrium/api/routes';

/**
 * The request-log viewer (SPEC: loaded from /lapi/telescope/requests): calls, uploaded videos and user
 * switches, as plain accessible tables. Telescope-enabled users only.
 */
export function telescopeRoutes(ctx: ServerContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/lapi/telescope/requests', async (request, reply) => {
      const auth = await findAuth(request, ctx.state);
      if (!auth) {
        const page = renderPage({
          title: 'Sign in required',
          main: html`<h1>Sign in required</h1>
            <p><a href="${LOGIN_PATH}">Sign in</a> to see the request log.</p>`,
        });
        return sendHtml(reply, page, pageCsp(), 401);
      }
      request.atriumUser = auth.user.username;
      if (!auth.user.telescope_enabled) {
        const page = renderPage({
          title: 'Not allowed',
          main: html`<h1>Not allowed</h1>
            <p>The request log is available to telescope-enabled users only.</p>`,
        });
        return sendHtml(reply, page, pageCsp(), 403);
      }
      const entries = [...(await ctx.state.requestLog.entries())].reverse();
      const videos = [...ctx.state.videos.entries()].flatMap(([requestId, list]) =>
        list.map((v) => ({ requestId, ...v })),
      );
      const switches = [...(await ctx.state.requestLog.switches())].reverse();
      const page = renderPage({
        title: 'Request log - Atrium telescope',
        main: html`<h1>Request log</h1>
          <section aria-labelledby="calls-heading">
            <h2 id="calls-heading">Calls</h2>
            <table>
              <caption>
                The latest ${entries.length} API calls, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Method</th>
                  <th scope="col">Path</th>
                  <th scope="col">Status</th>
                  <th scope="col">User</th>
                  <th scope="col">Duration (ms)</th>
                </tr>
              </thead>
              <tbody>
                ${entries.map(
                  (e) =>
                    html`<tr>
                      <td>${e.at}</td>
                      <td>${e.method}</td>
                      <td>${e.path}</td>
                      <td>${e.status}</td>
                      <td>${e.user ?? '-'}</td>
                      <td>${e.durationMs}</td>
                    </tr> `,
                )}
              </tbody>
            </table>
          </section>
          <section aria-labelledby="videos-heading">
            <h2 id="videos-heading">Uploaded videos</h2>
            ${
              videos.length === 0
                ? html`<p>No videos uploaded yet.</p>`
                : html`<table>
                    <caption>
                      Videos attached to client support requests
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">Request</th>
                        <th scope="col">filepath</th>
                        <th scope="col">mimetype</th>
                        <th scope="col">size</th>
                        <th scope="col">ext</th>
                        <th scope="col">uploaded_doc_id</th>
                      </tr>
                    </thead>
                    <tbody>
                      ${videos.map(
                        (v) =>
                          html`<tr>
                            <td>${v.requestId}</td>
                            <td>${v.filepath}</td>
                            <td>${v.mimetype}</td>
                            <td>${v.size}</td>
                            <td>${v.ext}</td>
                            <td>${v.uploaded_doc_id}</td>
                          </tr> `,
                      )}
                    </tbody>
                  </table>`
            }
          </section>
          <section aria-labelledby="switches-heading">
            <h2 id="switches-heading">User switches</h2>
            ${
              switches.length === 0
                ? html`<p>No user switches yet.</p>`
                : html`<table>
                    <caption>
                      User switcher events, newest first
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">Time</th>
                        <th scope="col">By</th>
                        <th scope="col">Action</th>
                        <th scope="col">To</th>
                      </tr>
                    </thead>
                    <tbody>
                      ${switches.map(
                        (s) =>
                          html`<tr>
                            <td>${s.at}</td>
                            <td>${s.by}</td>
                            <td>${s.action}</td>
                            <td>${s.to}</td>
                          </tr> `,
                      )}
                    </tbody>
                  </table>`
            }
          </section>`,
      });
      return sendHtml(reply, page, pageCsp());
    });
  };
}
