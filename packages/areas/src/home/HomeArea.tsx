import { APP_CATALOGUE } from '@atrium/api';
import { displayName, useSession } from '@atrium/session';
import type { SessionState } from '@atrium/session';
import { useStyles } from '@atrium/ui';
import { AreaLayout } from '../kit/AreaLayout';
import { AppCard } from './AppCard';
import homeCss from './home.css';

const selectUser = (state: SessionState) => state.sis?.user ?? null;

/** The launcher: the seven apps of the suite, each opening its area in Atrium. */
export function HomeArea() {
  useStyles(homeCss);
  const name = displayName(useSession(selectUser));
  return (
    <AreaLayout title={name ? `Welcome, ${name}` : 'Welcome'} lead="Choose an app to open.">
      <ul className="home-launcher" aria-label="Apps">
        {APP_CATALOGUE.map((app) => (
          <li key={app.key}>
            <AppCard app={app} />
          </li>
        ))}
      </ul>
    </AreaLayout>
  );
}
