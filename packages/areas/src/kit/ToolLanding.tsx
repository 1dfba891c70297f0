import type { ReactNode } from 'react';
import { AreaLayout, AreaSection } from './AreaLayout';
import type { AreaRoute } from './area-routes';
import { RouteList } from './RouteList';

export interface ToolLandingProps {
  title: string;
  lead: ReactNode;
  routes: readonly AreaRoute[];
  /** Heading of the route list. */
  routesTitle?: string;
  children?: ReactNode;
}

/** The landing of a tool area (reports, admin): what it is for and what each of its routes does. */
export function ToolLanding({
  title,
  lead,
  routes,
  routesTitle = 'Where to go',
  children,
}: ToolLandingProps) {
  return (
    <AreaLayout title={title} lead={lead}>
      {children}
      <AreaSection title={routesTitle}>
        <RouteList routes={routes} />
      </AreaSection>
    </AreaLayout>
  );
}
