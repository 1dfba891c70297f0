import { findApp } from '@atrium/api';
import type { AppKey } from '@atrium/api';
import { HOME_PATH } from '../routes/route-table';
import { useDebouncedValue } from './use-debounced-value';
import { NavLink } from './NavLink';
import { ATRIUM_LOGO } from './logo-source';

/** SPEC section 9: the logo source is debounced by 500 ms (no flicker while the user clicks through). */
export const LOGO_DEBOUNCE_MS = 500;

/** The current app's logo, or Atrium's; a click goes home. */
export function Logo({ appKey }: { appKey: AppKey | null }) {
  const app = appKey ? findApp(appKey) : undefined;
  const src = useDebouncedValue(app?.logo ?? ATRIUM_LOGO, LOGO_DEBOUNCE_MS);
  return (
    <NavLink href={HOME_PATH} className="atrium-logo">
      <img src={src} alt="" width={32} height={32} className="atrium-logo__img" />
      <span className="atrium-logo__text">Atrium</span>
      <span className="atr-visually-hidden"> home</span>
    </NavLink>
  );
}
