import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { APP_CATALOGUE, APP_KEYS, findApp } from './app-catalogue.js';
import { ShowcaseAppSchema } from './schemas.js';

describe('APP_CATALOGUE', () => {
  it('lists the seven apps in order, with unique keys', () => {
    expect(APP_CATALOGUE.map((app) => app.key)).toEqual([
      'lms',
      'evaluations',
      'curriculum',
      'exams',
      'scheduling',
      'clinical',
      'credentials',
    ]);
    expect(new Set(APP_KEYS).size).toBe(7);
  });

  it('uses the product names', () => {
    expect(APP_CATALOGUE.map((app) => app.name)).toEqual([
      'Learning Management',
      'Evaluations & Rubrics',
      'Curriculum Mapping',
      'Exams',
      'Rotation Scheduling',
      'Clinical Hours',
      'Credentials',
    ]);
  });

  it.each(APP_CATALOGUE.map((app) => [app.key, app] as const))('%s is a valid showcase entry', (key, app) => {
    expect(v.safeParse(ShowcaseAppSchema, app).success).toBe(true);
    expect(app.logo).toBe(`/static/apps/${key}/logo.webp`);
    expect(app.img).toBe(`/static/apps/${key}/hero.webp`);
    expect(app.legacyPath).toBe(`/legacy/${key}/`);
    expect(app.description.length).toBeGreaterThan(20);
    expect(app.description.length).toBeLessThan(200);
    expect(app.description.endsWith('.')).toBe(true);
  });

  it('is frozen, so no app can change it for the others', () => {
    expect(Object.isFrozen(APP_CATALOGUE)).toBe(true);
    expect(Object.isFrozen(APP_CATALOGUE[0])).toBe(true);
  });

  it('findApp finds by key', () => {
    expect(findApp('exams')?.name).toBe('Exams');
    expect(findApp('nope')).toBeUndefined();
  });
});
