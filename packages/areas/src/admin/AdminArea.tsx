import { canSeeDevToolbar, useSession } from '@atrium/session';
import type { SessionState } from '@atrium/session';
import { useAreaProps } from '../kit/area-context';
import { AreaSection } from '../kit/AreaLayout';
import { ToolLanding } from '../kit/ToolLanding';
import { ADMIN_PANEL_TASKS, ADMIN_ROUTES, isAdminPanel } from './admin-routes';

/** Root and headquarters users: the same rule as the shell's guard of the admin panel (rootOnly). */
const selectPrivileged = (state: SessionState) => canSeeDevToolbar(state.sis);

/**
 * violet, hub, support, vforms: the administration tools; the admin panel has a landing of its own. The
 * admin panel's card is offered only to those the shell lets in: anyone else would click through to
 * "You don't have access".
 */
export function AdminArea() {
  const { path, routePath } = useAreaProps();
  const privileged = useSession(selectPrivileged);
  const routes = privileged ? ADMIN_ROUTES : ADMIN_ROUTES.filter((route) => !isAdminPanel(route.path));
  if (isAdminPanel(path) || isAdminPanel(routePath)) {
    return (
      <ToolLanding
        title="Admin panel"
        lead="Settings, users and organizations of the whole suite, for root users."
        routes={routes}
        routesTitle="Other administration tools"
      >
        <AreaSection title="What you manage here">
          <ul>
            {ADMIN_PANEL_TASKS.map((task) => (
              <li key={task}>{task}</li>
            ))}
          </ul>
        </AreaSection>
      </ToolLanding>
    );
  }
  return (
    <ToolLanding
      title="Administration"
      lead="Tools to build, configure and support the suite for your organization."
      routes={routes}
    />
  );
}
