import { HOME_PATH } from '@atrium/api';
import type { AppKey } from '@atrium/api';

/** One route of the shell's route table (docs/architecture.md, "Areas"), as an area describes it. */
export interface AreaRoute {
  /** The route pattern without a leading slash, e.g. 'schedules/home'. */
  readonly path: string;
  readonly label: string;
  /** What a user goes there for. */
  readonly purpose: string;
  /** SPEC's 'current application' note, e.g. 'evaluate3'. */
  readonly currentApplication?: string;
}

/** `/evaluations` for 'evaluations': the address of a route inside Atrium. */
export function routeHref(route: Pick<AreaRoute, 'path'>): string {
  return `/${route.path}`;
}

/**
 * The routes of each app area, first route first: it is where the launcher sends a user. The lists
 * follow the route table of docs/architecture.md; the shell's route table decides what mounts where.
 */
export const APP_ROUTES: Readonly<Record<AppKey, readonly AreaRoute[]>> = {
  lms: [
    { path: 'educate', label: 'Educate', purpose: 'Courses, content and assignments.' },
    { path: 'ei3', label: 'ei3', purpose: 'The ei3 learning environment.' },
    {
      path: 'enlight',
      label: 'Enlight',
      purpose: 'Learning activities delivered through ei3.',
      currentApplication: 'ei3',
    },
    { path: 'engage', label: 'Engage', purpose: 'Discussions and announcements with your courses.' },
  ],
  evaluations: [
    {
      path: 'evaluations',
      label: 'Evaluations',
      purpose: 'Build, send and complete evaluations and rubrics.',
      currentApplication: 'evaluate3',
    },
    {
      path: 'oreports-evaluations',
      label: 'Evaluation reports',
      purpose: 'Results and reports of evaluations.',
    },
  ],
  curriculum: [
    {
      path: 'curriculum',
      label: 'Curriculum',
      purpose: 'Map courses, objectives and competencies.',
      currentApplication: 'ecurriculum3',
    },
  ],
  exams: [
    {
      path: 'examn',
      label: 'Exams',
      purpose: 'Author, deliver and score online exams.',
      currentApplication: 'examnu',
    },
  ],
  scheduling: [
    {
      path: 'scheduling',
      label: 'Scheduling',
      purpose: 'Plan rotations and placements.',
      currentApplication: 'edusched',
    },
    {
      path: 'schedules/home',
      label: 'My schedules',
      purpose: 'The schedules that concern you.',
      currentApplication: 'edusched',
    },
    { path: 'calendar', label: 'Calendar', purpose: 'Rotations and events by date.' },
  ],
  clinical: [
    {
      path: 'eclas',
      label: 'Clinical experiences',
      purpose: 'Log and review clinical experiences and hours.',
      currentApplication: 'clinical',
    },
  ],
  credentials: [
    {
      path: 'core',
      label: 'Credentials',
      purpose: 'Credentials and documents, and what expires next.',
      currentApplication: 'ekeeper',
    },
    { path: 'sites', label: 'Sites', purpose: 'Clinical sites and their documents.' },
    { path: 'site', label: 'Public site page', purpose: 'The page a site sees without signing in.' },
  ],
};

/** Where the launcher opens an app: its first route. */
export function appEntryHref(key: AppKey): string {
  const first = APP_ROUTES[key][0];
  return first ? routeHref(first) : HOME_PATH;
}
