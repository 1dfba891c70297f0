/**
 * The suite's migration map: for each new page, the legacy PHP screen it replaces. Adding a row here is
 * how a team ships one migrated screen (docs/migration.md); the shell, the widgets and the reference
 * backend all read this one list, and the backend serves it (with its deployment's extra legacy prefixes)
 * as /migration-map.json.
 *
 * Several new routes of one app share that app's legacy home; those rows point one way ('to-legacy'), so
 * the legacy home's 'Open in the new Atrium' goes to one page, the app's main route.
 */
import { HELP_PATH, HOME_PATH, PROFILE_PATH, START_PATH } from '@atrium/api';
import type { MigrationEntry, MigrationMap } from './types.js';
import { validateMigrationMap } from './validate.js';

export const LEGACY_HOME = '/legacy/';

const both = (route: string, legacy: string, title: string): MigrationEntry =>
  Object.freeze({ route, legacy, title });
const toLegacy = (route: string, legacy: string, title: string): MigrationEntry =>
  Object.freeze({ route, legacy, title, direction: 'to-legacy' as const });

export const DEFAULT_MIGRATION_MAP: MigrationMap = Object.freeze(
  validateMigrationMap({
    legacyHome: LEGACY_HOME,
    legacyPrefixes: Object.freeze([LEGACY_HOME]),
    entries: Object.freeze([
      both(HOME_PATH, LEGACY_HOME, 'Legacy home'),
      toLegacy(START_PATH, LEGACY_HOME, 'Legacy home'),
      both(PROFILE_PATH, '/legacy/profile.php', 'Profile'),
      both(HELP_PATH, '/legacy/help.php', 'Help'),
      // Learning management: ei3 is the app's main route; enlight, educate and engage live in it too.
      both('/ei3', '/legacy/lms/', 'Learning Management'),
      toLegacy('/enlight', '/legacy/lms/', 'Learning Management'),
      toLegacy('/educate', '/legacy/lms/', 'Learning Management'),
      toLegacy('/engage', '/legacy/lms/', 'Learning Management'),
      both('/educate/courses/:course', '/legacy/lms/course.php?course_id=:course', 'Course'),
      both('/evaluations', '/legacy/evaluations/', 'Evaluations & Rubrics'),
      both('/evaluations/forms/:id', '/legacy/evaluations/form.php?id=:id', 'Evaluation form'),
      both('/oreports-evaluations', '/legacy/evaluations/reports.php', 'Evaluation reports'),
      both('/curriculum', '/legacy/curriculum/', 'Curriculum Mapping'),
      both('/curriculum/maps/:map', '/legacy/curriculum/map.php?map_id=:map', 'Curriculum map'),
      both('/examn', '/legacy/exams/', 'Exams'),
      both('/examn/exams/:exam', '/legacy/exams/exam.php?exam_id=:exam', 'Exam'),
      both('/scheduling', '/legacy/scheduling/', 'Rotation Scheduling'),
      both('/schedules/home', '/legacy/scheduling/my_schedule.php', 'My schedules'),
      both('/calendar', '/legacy/scheduling/calendar.php', 'Calendar'),
      both('/eclas', '/legacy/clinical/', 'Clinical Hours'),
      both('/eclas/logs/:log', '/legacy/clinical/log.php?log_id=:log', 'Clinical log'),
      both('/core', '/legacy/credentials/', 'Credentials'),
      both('/sites', '/legacy/credentials/sites.php', 'Sites'),
      both('/reports', '/legacy/reports/', 'Reports'),
    ]),
  }),
);
