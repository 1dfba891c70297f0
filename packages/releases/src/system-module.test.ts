import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSystemModule, SystemModuleError } from './system-module.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

function refusal(source: string): SystemModuleError {
  try {
    readSystemModule(source);
  } catch (error) {
    if (error instanceof SystemModuleError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const kinds = (source: string) =>
  Object.fromEntries(Object.entries(readSystemModule(source).exports).map(([name, v]) => [name, v.kind]));

describe('readSystemModule: what System builds emit', () => {
  // Real builds, kept byte for byte in fixtures/: create-single-spa's stock app (webpack-config-single-spa-
  // react-ts 8 with outputSystemJS: true, single-spa-react 6, React external), and webpack 5 with
  // output.library.type 'system' on an entry written as create-single-spa's template is, with `update`.
  it.each([
    ['create-single-spa-production', ['bootstrap', 'mount', 'unmount']],
    ['create-single-spa-development', ['bootstrap', 'mount', 'unmount']],
    ['webpack-system-production', ['bootstrap', 'mount', 'unmount', 'update']],
    ['webpack-system-development', ['bootstrap', 'mount', 'unmount', 'update']],
  ])('reads %s (webpack export object with getters)', async (fixture, names) => {
    const source = await readFile(path.join(FIXTURES, `${fixture}.js`), 'utf8');
    const info = readSystemModule(source);
    expect(info.deps).toEqual(['react', 'react-dom/client']);
    expect(info.unread).toEqual([]);
    // Made by singleSpaReact(...) when the module runs: the names are certain, the values single-spa's to check.
    expect(kinds(source)).toEqual(Object.fromEntries(names.map((name) => [name, 'run-time'])));
  });

  it("reads _export('name', value) and _export({ ... }) as Babel, SWC and Rollup emit them", () => {
    const babel = `System.register(["react"], function (_export, _context) {
      "use strict";
      var React, mount, unmount;
      function bootstrap() { return Promise.resolve(); }
      return {
        setters: [function (_react) { React = _react.default; }],
        execute: function () {
          _export("bootstrap", bootstrap);
          _export("mount", mount = function mount() {});
          _export("unmount", unmount = [function () {}, async () => {}]);
        }
      };
    });`;
    expect(kinds(babel)).toEqual({ bootstrap: 'function', mount: 'function', unmount: 'functions' });
    const rollup = `System.register('peer', [], (function (exports) {
      'use strict';
      return { execute: (function () {
        const lifecycles = { a: 1 };
        exports({ bootstrap: async () => {}, mount() {}, get unmount() { return lifecycles.unmount; } });
      }) };
    }));`;
    expect(kinds(rollup)).toEqual({ bootstrap: 'function', mount: 'function', unmount: 'run-time' });
  });

  it('reads _export({ bootstrap, mount, unmount }) with shorthand names, following each to its value', () => {
    const source = `System.register([], function (_export) {
      function mount() {}
      const unmount = async () => {};
      const bootstrap = [mount];
      return { execute: function () { _export({ bootstrap, mount, unmount }); } };
    });`;
    expect(kinds(source)).toEqual({ bootstrap: 'functions', mount: 'function', unmount: 'function' });
  });

  it('tells what is certainly not a lifecycle, following names to their value', () => {
    const source = `System.register([], function (e) {
      const name = 'mount';
      const list = [function () {}, 'oops'];
      return { execute: function () { e({ bootstrap: name, mount: list, unmount: void 0, update: class {} }); } };
    });`;
    expect(readSystemModule(source).exports).toEqual({
      bootstrap: { kind: 'other', what: 'a string' },
      mount: { kind: 'other', what: 'an array with an element that is not a function' },
      unmount: { kind: 'other', what: 'undefined' },
      update: { kind: 'other', what: 'a class' },
    });
  });

  it('takes __proto__ and constructor as plain export names', () => {
    const source = `System.register([], function (e) { return { execute: function () {
      e('__proto__', { mount: function () {} }); e('constructor', function () {}); } }; });`;
    const { exports } = readSystemModule(source);
    expect(Object.keys(exports).sort()).toEqual(['__proto__', 'constructor']);
    expect('mount' in exports).toBe(false);
  });

  it('resolves names by scope: an inner parameter with the export function name is not it', () => {
    const source = `System.register([], function (e, t) {
      return { execute: function () {
        [1].forEach(function (e) { e('decoy', 1); });
        e('mount', function () {});
      } };
    });`;
    expect(Object.keys(readSystemModule(source).exports)).toEqual(['mount']);
  });

  it('says what it could not read rather than guess', () => {
    const source = `System.register([], function (_export) {
      var names = ['mount'];
      return { execute: function () { _export(names[0], function () {}); _export(makeExports()); var f = _export; } };
    });`;
    const info = readSystemModule(source);
    expect(info.exports).toEqual({});
    expect(info.unread).toEqual([
      'an export name computed at run time (line 3)',
      'the value handed to the export function is made at run time (line 3)',
      'the export function is used other than by a call (line 3)',
    ]);
  });
});

describe('readSystemModule: refusals', () => {
  it('refuses an ES module, naming the fix', () => {
    const error = refusal('import React from "react";\nexport const mount = () => {};');
    expect(error.code).toBe('es-module');
    expect(error.message).toContain("output.library.type: 'system'");
    expect(error.message).toContain('outputSystemJS: true');
  });

  it("refuses create-single-spa's default ES module build, naming the option that makes it a System one", async () => {
    const error = refusal(await readFile(path.join(FIXTURES, 'create-single-spa-esm.js'), 'utf8'));
    expect(error.code).toBe('es-module');
    expect(error.message).toContain('create-single-spa: outputSystemJS: true');
  });

  it('refuses a script that never registers, or registers twice', () => {
    expect(refusal('window.mount = function () {};').message).toContain('never calls System.register');
    const twice =
      'System.register([], function () { return {}; }); System.register([], function () { return {}; });';
    expect(refusal(twice).message).toContain('more than once');
  });

  it('refuses dependencies that are not a literal list', () => {
    expect(refusal('System.register(deps, function () { return {}; });').message).toContain(
      'literal list of dependency names',
    );
  });
});

describe('readSystemModule never runs the module', () => {
  let dir: string;
  let marker: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-system-read-'));
    marker = path.join(dir, 'ran');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const escape = () =>
    `System.register.constructor('return process')().getBuiltinModule('fs').writeFileSync(${JSON.stringify(marker)}, 'ran');`;

  it('refuses code beside System.register at the top level, without running it', () => {
    const source = `${escape()}\nSystem.register([], function (e) { return { execute: function () { e({ bootstrap() {}, mount() {}, unmount() {} }); } }; });`;
    const error = refusal(source);
    expect(error.message).toContain('its top level holds code besides the System.register call (line 1)');
    expect(existsSync(marker)).toBe(false);
  });

  it('reads a module whose declaration, setters and execute would escape, and none of it runs', () => {
    const source = `System.register(["react"], function (e) { ${escape()}
      return { setters: [function () { ${escape()} }],
        execute: async function () { ${escape()} e({ bootstrap() {}, mount() {}, unmount() {} }); for (;;) {} } };
    });`;
    expect(kinds(source)).toEqual({ bootstrap: 'function', mount: 'function', unmount: 'function' });
    expect(existsSync(marker)).toBe(false);
  });
});
