import { useAreaProps } from '../kit/area-context';
import { AreaSection } from '../kit/AreaLayout';
import { ToolLanding } from '../kit/ToolLanding';
import { ADMIN_PANEL_TASKS, ADMIN_ROUTES, isAdminPanel } from './admin-routes';

/** violet, hub, support, vforms: the administration tools; the admin panel has a landing of its own. */
export function AdminArea() {
  const { path, routePath } = useAreaProps();
  if (isAdminPanel(path) || isAdminPanel(routePath)) {
    return (
      <ToolLanding
        title="Admin panel"
        lead="Settings, users and organizations of the whole suite, for root users."
        routes={ADMIN_ROUTES}
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
      routes={ADMIN_ROUTES}
    />
  );
}
