/**
 * The seven apps of the suite (SPEC section 1): one list shared by the server's login settings (the login
 * carousel), the launcher and the areas, so a name or a description changes in one place only.
 */
import type { ShowcaseApp } from './schemas.js';

export const APP_KEYS = [
  'lms',
  'evaluations',
  'curriculum',
  'exams',
  'scheduling',
  'clinical',
  'credentials',
] as const;
export type AppKey = (typeof APP_KEYS)[number];

export interface CatalogueApp extends ShowcaseApp {
  readonly key: AppKey;
  /** Where the app's legacy PHP screens start, for 'Swap to Legacy' and the legacy demo pages. */
  readonly legacyPath: string;
}

function entry(key: AppKey, name: string, description: string): CatalogueApp {
  return Object.freeze({
    key,
    name,
    description,
    // WebP drawn from the SVGs beside them (scripts/raster-images.ts): an SVG <img> costs the main thread.
    logo: `/static/apps/${key}/logo.webp`,
    img: `/static/apps/${key}/hero.webp`,
    legacyPath: `/legacy/${key}/`,
  });
}

export const APP_CATALOGUE: readonly CatalogueApp[] = Object.freeze([
  entry(
    'lms',
    'Learning Management',
    'Courses, content and assignments in one place. Faculty build and deliver coursework; students learn, submit and follow their progress.',
  ),
  entry(
    'evaluations',
    'Evaluations & Rubrics',
    'Build evaluations and rubrics, send them out, and see the results. Every assessment is scored against the same clear criteria.',
  ),
  entry(
    'curriculum',
    'Curriculum Mapping',
    'Map courses, objectives and competencies across the programme, and find the gaps and overlaps before accreditation does.',
  ),
  entry(
    'exams',
    'Exams',
    'Author online exams and deliver them securely, from item banks to scored results.',
  ),
  entry(
    'scheduling',
    'Rotation Scheduling',
    'Plan clinical rotations and placements, and keep students, sites and preceptors on the same calendar.',
  ),
  entry(
    'clinical',
    'Clinical Hours',
    'Track clinical experiences and hours, logged by students and reviewed by faculty.',
  ),
  entry(
    'credentials',
    'Credentials',
    'Keep the credentials and documents of sites, preceptors, faculty and students current, and know what expires next.',
  ),
]);

export function findApp(key: string): CatalogueApp | undefined {
  return APP_CATALOGUE.find((app) => app.key === key);
}
