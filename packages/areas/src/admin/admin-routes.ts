import { ADMIN_PANEL_PATH as ADMIN_PANEL_ADDRESS } from '@atrium/api';
import type { AreaRoute } from '../kit/area-routes';

/** The admin panel's route pattern (the manifest's path without its leading slash). */
export const ADMIN_PANEL_PATH = ADMIN_PANEL_ADDRESS.slice(1);

export const ADMIN_ROUTES: readonly AreaRoute[] = [
  { path: 'violet', label: 'Violet', purpose: 'Build the objects, forms and workflows the apps use.' },
  {
    path: ADMIN_PANEL_PATH,
    label: 'Admin panel',
    purpose: 'Settings, users and organizations of the whole suite.',
  },
  { path: 'hub', label: 'Hub', purpose: 'Shared settings and integrations between the apps.' },
  { path: 'support', label: 'Support', purpose: 'Client support requests and their documents.' },
  { path: 'vforms', label: 'Forms', purpose: 'Forms built with Violet, ready to fill in.' },
];

/** The admin panel's own sections, shown on its landing. */
export const ADMIN_PANEL_TASKS: readonly string[] = [
  'Users and their roles, including root and headquarters access.',
  'Organizations and schools, and the terms of each school.',
  'System notifications: what every user sees in the notification bar.',
  'Sign-in settings, such as external sign-in and lockdown mode.',
];

/** True for the admin panel and anything under it. */
export function isAdminPanel(path: string): boolean {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === ADMIN_PANEL_PATH || trimmed.startsWith(`${ADMIN_PANEL_PATH}/`);
}
