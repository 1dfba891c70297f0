import { HOME_PATH } from './route-table';
import { NavLink } from '../chrome/NavLink';

/** A route the user's role may not open (the admin panel for non-root users). */
export function Forbidden() {
  return (
    <section className="atrium-forbidden">
      <h1 className="atrium-page-title">You don't have access to this page</h1>
      <p>This page is only for administrators.</p>
      <NavLink href={HOME_PATH} className="atr-link">
        Go to the home page
      </NavLink>
    </section>
  );
}
