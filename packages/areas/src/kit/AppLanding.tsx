import { findApp } from '@atrium/api';
import type { AppKey } from '@atrium/api';
import { Alert } from '@atrium/ui';
import { useAreaProps } from './area-context';
import { AreaLayout, AreaSection } from './AreaLayout';
import { AreaLink } from './AreaLink';
import { APP_ROUTES } from './area-routes';
import { RouteList } from './RouteList';

/**
 * The landing of an app area: the app's name, logo and purpose, the application the current route runs,
 * the way to its legacy screens (full page, or inside the shell through ext/**), and its routes in Atrium.
 */
export function AppLanding({ appKey }: { appKey: AppKey }) {
  const { currentApplication } = useAreaProps();
  const app = findApp(appKey);
  if (!app) {
    return (
      <AreaLayout title="Unknown app">
        <Alert tone="error">There is no app called “{appKey}” in this suite.</Alert>
      </AreaLayout>
    );
  }
  return (
    <AreaLayout
      title={app.name}
      lead={app.description}
      media={
        <img className="atr-area__logo" src={app.logo} alt={`${app.name} logo`} width={64} height={64} />
      }
    >
      {currentApplication ? (
        <Alert tone="info" live="off">
          Current application: <strong>{currentApplication}</strong>
        </Alert>
      ) : null}
      <AreaSection title="Legacy screens">
        <p>
          The screens of {app.name} that have not moved to Atrium yet are still available. They open in the
          same session, so you stay signed in.
        </p>
        <p className="atr-area__actions">
          <a className="atr-link" href={app.legacyPath}>
            Open {app.name} legacy screens
          </a>
          <AreaLink href={`/ext${app.legacyPath}`}>Show them inside Atrium</AreaLink>
        </p>
      </AreaSection>
      <AreaSection title={`${app.name} in Atrium`}>
        <RouteList routes={APP_ROUTES[appKey]} />
      </AreaSection>
    </AreaLayout>
  );
}

/** The root component of an app area, e.g. `createArea(appLanding('lms'))`. */
export function appLanding(appKey: AppKey) {
  function AppArea() {
    return <AppLanding appKey={appKey} />;
  }
  AppArea.displayName = `AppArea(${appKey})`;
  return AppArea;
}
