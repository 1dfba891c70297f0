import { describe, expect, it } from 'vitest';
import {
  buildStamp,
  createImportMap,
  createPreloads,
  pageModules,
  fillPageTemplate,
  renderTemplate,
  sri,
  systemDeps,
} from './build';
import type { BuiltModule } from './build';

const mod = (name: string, deps: string[] = []): BuiltModule => ({
  name,
  file: `${name}.js`,
  url: `/assets/${name.replace(/\W+/g, '-')}.js`,
  integrity: sri(name),
  deps,
});

describe('build output', () => {
  it('reads the dependencies of a System.register module', () => {
    expect(systemDeps('(()=>{System.register(["react","@atrium/api"],function(e,t){')).toEqual([
      'react',
      '@atrium/api',
    ]);
    expect(systemDeps('System.register([], function(){})')).toEqual([]);
    expect(systemDeps('console.log(1)')).toEqual([]);
  });

  it('writes imports, integrity keyed by URL and depcache', () => {
    const map = createImportMap([mod('react'), mod('@atrium/login', ['react'])]);
    expect(map.imports['@atrium/login']).toBe('/assets/-atrium-login.js');
    expect(map.integrity['/assets/react.js']).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    expect(map.depcache).toEqual({ '/assets/-atrium-login.js': ['react'] });
  });

  it('lists what a page loads, dependencies first, each once', () => {
    const modules = [
      mod('react'),
      mod('react-dom', ['react']),
      mod('single-spa'),
      mod('@atrium/root-config', ['single-spa']),
      mod('@atrium/login', ['react', 'react-dom']),
      mod('@atrium/shell', ['react']),
    ];
    expect(pageModules(modules, ['@atrium/root-config', '@atrium/login']).map((m) => m.name)).toEqual([
      'single-spa',
      '@atrium/root-config',
      'react',
      'react-dom',
      '@atrium/login',
    ]);
    const preloads = createPreloads(modules);
    expect(preloads.shell.map((p) => p.name)).not.toContain('react-dom');
    expect(preloads.login.every((p) => p.crossorigin === undefined)).toBe(true);
    const cdn = createPreloads([{ ...mod('@atrium/root-config'), url: 'https://cdn.example/a.js' }]);
    expect(cdn.login[0]?.crossorigin).toBe('anonymous');
  });

  it('adds the async chunks the shell page always loads, as module preloads, and none to the login page', () => {
    const chunk = (file: string) => ({ file, url: `/assets/${file}`, integrity: `sha384-${file}` });
    const modules = [
      { ...mod('@atrium/root-config'), chunks: { boot: chunk('root.1.js'), other: chunk('root.2.js') } },
      { ...mod('@atrium/api'), chunks: { 'api-schemas': chunk('api.3.js') } },
      mod('@atrium/shell', ['@atrium/api']),
      mod('@atrium/login', ['@atrium/api']),
    ];
    const preloads = createPreloads(modules);
    expect(preloads.shell.filter((p) => p.module)).toEqual([
      {
        name: '@atrium/root-config#boot',
        href: '/assets/root.1.js',
        integrity: 'sha384-root.1.js',
        module: true,
      },
      {
        name: '@atrium/api#api-schemas',
        href: '/assets/api.3.js',
        integrity: 'sha384-api.3.js',
        module: true,
      },
    ]);
    expect(preloads.login.some((p) => p.module)).toBe(false);
  });

  it('fills only the placeholders it knows, and formats the stamp like the product', () => {
    expect(renderTemplate('{{BUILD_STAMP}} {{NONCE}}', { BUILD_STAMP: 'x' })).toBe('x {{NONCE}}');
    expect(buildStamp(new Date(Date.UTC(2025, 9, 27, 10, 34, 46)))).toBe('2025_10_27_103446');
  });

  it('fills the page template, and stops when a build-time placeholder is missing from it', () => {
    expect(fillPageTemplate('<style>{{BASE_CSS}}</style>{{NONCE}}', { BASE_CSS: 'a{}' })).toBe(
      '<style>a{}</style>{{NONCE}}',
    );
    // What a formatter made of `{{MODULE_TASKS}}` in a script once.
    expect(() => fillPageTemplate('<script>{ { MODULE_TASKS; } }</script>', { MODULE_TASKS: 'x' })).toThrow(
      'index.html has no {{MODULE_TASKS}} to fill',
    );
  });
});
