import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MIGRATION_MAP,
  MigrationMapError,
  createMigrationMapSource,
  isLegacyPath,
  legacyCounterpart,
  newCounterpart,
  swapToLegacyTarget,
  validateMigrationMap,
  withLegacyPrefixes,
} from './index.js';
import type { MigrationMap } from './index.js';

const map = DEFAULT_MIGRATION_MAP;

describe('legacyCounterpart', () => {
  it('gives the legacy page of a new page, carrying parameters into the query', () => {
    expect(legacyCounterpart(map, '/evaluations')).toBe('/legacy/evaluations/');
    expect(legacyCounterpart(map, '/evaluations/forms/12')).toBe('/legacy/evaluations/form.php?id=12');
    expect(legacyCounterpart(map, '/examn/exams/ab-7/')).toBe('/legacy/exams/exam.php?exam_id=ab-7');
  });

  it('falls back to the nearest entry above a page without one of its own', () => {
    expect(legacyCounterpart(map, '/evaluations/rubrics/3')).toBe('/legacy/evaluations/');
    expect(legacyCounterpart(map, '/engage/threads')).toBe('/legacy/lms/');
  });

  it('has no counterpart for pages the map does not name', () => {
    expect(legacyCounterpart(map, '/hub')).toBeNull();
    expect(legacyCounterpart(map, '/')).toBeNull();
  });

  it('never carries a value that would change the shape of the address', () => {
    // `%2f` decodes to a slash and `..` climbs: neither is a token, so the exact entry does not match.
    expect(legacyCounterpart(map, '/evaluations/forms/..')).toBe('/legacy/evaluations/');
    expect(legacyCounterpart(map, '/evaluations/forms/a%2f..%2fadmin')).toBe('/legacy/evaluations/');
    expect(legacyCounterpart(map, '/evaluations/forms/%3Cscript%3E')).toBe('/legacy/evaluations/');
  });

  it('swap to legacy goes to the legacy home when there is no counterpart', () => {
    expect(swapToLegacyTarget(map, '/support')).toBe('/legacy/');
    expect(swapToLegacyTarget(map, '/calendar')).toBe('/legacy/scheduling/calendar.php');
  });
});

describe('newCounterpart', () => {
  it('gives the new page of a legacy page, parameters from the query', () => {
    expect(newCounterpart(map, '/legacy/evaluations/form.php', '?id=12')).toBe('/evaluations/forms/12');
    expect(newCounterpart(map, '/legacy/lms/course.php', '?course_id=bio-101&tab=2')).toBe(
      '/educate/courses/bio-101',
    );
  });

  it('sends a shared legacy page to the one route that points both ways', () => {
    expect(newCounterpart(map, '/legacy/lms/')).toBe('/ei3');
    expect(newCounterpart(map, '/legacy/')).toBe('/home');
  });

  it('matches legacy addresses exactly', () => {
    expect(newCounterpart(map, '/legacy/evaluations/form.php')).toBeNull();
    expect(newCounterpart(map, '/legacy/evaluations/form.php', '?id=../x')).toBeNull();
    expect(newCounterpart(map, '/legacy/lms')).toBeNull();
    expect(newCounterpart(map, '/legacy/terms')).toBeNull();
  });
});

describe('validateMigrationMap', () => {
  const base: MigrationMap = { legacyHome: '/legacy/', legacyPrefixes: ['/legacy/'], entries: [] };

  it('accepts the default map', () => {
    expect(() => validateMigrationMap(map)).not.toThrow();
  });

  it.each([
    ['another origin', '//evil.example/x'],
    ['a scheme', 'javascript:alert(1)'],
    ['a climb', '/legacy/../admin'],
    ['outside every prefix', '/admin/panel.php'],
  ])('refuses a legacy address that is %s', (_what, legacy) => {
    const bad = { ...base, entries: [{ route: '/x', legacy, title: 'X' }] };
    expect(() => validateMigrationMap(bad)).toThrow(MigrationMapError);
  });

  it('refuses entries whose sides name different parameters', () => {
    const bad = { ...base, entries: [{ route: '/x/:id', legacy: '/legacy/x.php?y=:other', title: 'X' }] };
    expect(() => validateMigrationMap(bad)).toThrow(/same parameters/);
  });

  it('adds prefixes only when each ends with a slash', () => {
    expect(withLegacyPrefixes(base, ['/classic/']).legacyPrefixes).toEqual(['/legacy/', '/classic/']);
    expect(() => withLegacyPrefixes(base, ['/classic'])).toThrow(MigrationMapError);
    expect(() => withLegacyPrefixes(base, ['/'])).toThrow(MigrationMapError);
  });

  it('says which addresses are legacy screens', () => {
    const wider = withLegacyPrefixes(map, ['/classic/']);
    expect(isLegacyPath(wider, '/classic/grades.php')).toBe(true);
    expect(isLegacyPath(map, '/classic/grades.php')).toBe(false);
    expect(isLegacyPath(map, '/legacyx/')).toBe(false);
  });
});

describe('createMigrationMapSource', () => {
  it('serves the default until the server map arrives, then that one', async () => {
    const served = withLegacyPrefixes(map, ['/classic/']);
    const source = createMigrationMapSource(() => Promise.resolve(served));
    expect(source.getState()).toEqual({ map, settled: false });
    let notified = 0;
    source.subscribe(() => notified++);
    await source.load();
    expect(source.getState().map.legacyPrefixes).toEqual(['/legacy/', '/classic/']);
    expect(source.getState().settled).toBe(true);
    expect(notified).toBe(1);
  });

  it('keeps the default when the call fails or the map is invalid', async () => {
    const failing = createMigrationMapSource(() => Promise.reject(new Error('offline')));
    await failing.load();
    expect(failing.getState()).toEqual({ map, settled: true });
    const invalid = createMigrationMapSource(() =>
      Promise.resolve({ ...map, legacyPrefixes: ['//evil.example/'] }),
    );
    await invalid.load();
    expect(invalid.getState()).toEqual({ map, settled: true });
  });
});
