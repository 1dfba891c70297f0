import type { AreaRoute } from '../kit/area-routes';

export const REPORT_ROUTES: readonly AreaRoute[] = [
  { path: 'reports', label: 'Reports', purpose: 'The standard reports of every app, ready to run.' },
  {
    path: 'adhocs',
    label: 'Ad hoc reports',
    purpose: 'Reports you put together yourself, saved to run again.',
  },
  { path: 'exports', label: 'Exports', purpose: 'Download data as files for other systems or spreadsheets.' },
  { path: 'oreports', label: 'Organization reports', purpose: 'Reports across your whole organization.' },
  {
    path: 'query-builder',
    label: 'Query builder',
    purpose: 'Choose fields and filters to build a query of your own.',
  },
];
