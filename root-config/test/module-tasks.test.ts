/**
 * index.html's module tasks (root-config/page/module-tasks.js) against the real SystemJS loader (the `s`
 * build the page loads), in Chromium. Each test gets a fresh `System` and modules as blob: URLs.
 */
import { expect } from 'chai';

interface SystemLoader {
  import(id: string, parentUrl?: string): Promise<Record<string, unknown>>;
  register: unknown;
  resolve(id: string, parentUrl?: string): string;
}

interface ModuleTasks {
  runModulesInTasks(loader: SystemLoader): void;
}

const SYSTEMJS = '/node_modules/systemjs/dist/s.js';
const MODULE_TASKS = '/root-config/page/module-tasks.js';

let systemSource: string | undefined;
let tasksSource: string | undefined;

/** A fresh loader: s.js run again (it makes a new global `System`), then the page's patch applied. */
async function freshSystem(): Promise<SystemLoader> {
  systemSource ??= await (await fetch(SYSTEMJS)).text();
  tasksSource ??= await (await fetch(MODULE_TASKS)).text();
  const script = document.createElement('script');
  script.textContent = systemSource;
  document.head.append(script);
  script.remove();
  const system = (window as unknown as { System: SystemLoader }).System;
  const tasks = new Function(
    `${tasksSource}\nreturn { runModulesInTasks: runModulesInTasks };`,
  )() as ModuleTasks;
  tasks.runModulesInTasks(system);
  return system;
}

/** A System module file: `System.register(deps, declare)` with `declare` given as source text. */
function moduleUrl(deps: string[], declareSource: string): string {
  const source = `System.register(${JSON.stringify(deps)}, ${declareSource});`;
  return URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
}

interface Probe {
  log: string[];
  release?: () => void;
}

function probe(): Probe {
  const value: Probe = { log: [] };
  (window as unknown as { moduleTasksProbe: Probe }).moduleTasksProbe = value;
  return value;
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition(), 'waited 1 s').to.equal(true);
}

describe('index.html: each System module body in a task of its own', () => {
  it('runs a graph in dependency order and gives each module its exports', async () => {
    const System = await freshSystem();
    const seen = probe();
    const base = moduleUrl(
      [],
      `function (_export) { return { execute: function () { moduleTasksProbe.log.push('base'); _export('answer', 42); } }; }`,
    );
    const top = moduleUrl(
      [base],
      `function (_export) {
        var answer;
        return {
          setters: [function (m) { answer = m.answer; }],
          execute: function () { moduleTasksProbe.log.push('top'); _export('doubled', answer * 2); },
        };
      }`,
    );
    const exports = await System.import(top);
    expect(exports.doubled).to.equal(84);
    expect(seen.log).to.deep.equal(['base', 'top']);
  });

  it('a module imported again while its dependencies still run resolves only once its own body has run', async () => {
    // The gap this closes (seen in CI as '@atrium/session exports no session store'): SystemJS 6 resolves
    // the second import at once, with the module's exports still empty.
    const System = await freshSystem();
    const seen = probe();
    const slow = moduleUrl(
      [],
      `function () {
        return { execute: function () {
          moduleTasksProbe.log.push('slow started');
          return new Promise(function (resolve) { moduleTasksProbe.release = resolve; });
        } };
      }`,
    );
    const store = moduleUrl(
      [slow],
      `function (_export) {
        return { setters: [function () {}], execute: function () { _export('session', 'the store'); } };
      }`,
    );
    const shell = moduleUrl(
      [store],
      `function () { return { setters: [function () {}], execute: function () {} }; }`,
    );
    const shellLoaded = System.import(shell);
    await until(() => seen.log.includes('slow started'));
    const storeLoaded = System.import(store);
    let storeExports: Record<string, unknown> | undefined;
    void storeLoaded.then((exports) => (storeExports = exports));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(storeExports, 'resolved before its body ran').to.equal(undefined);
    seen.release?.();
    expect((await storeLoaded).session).to.equal('the store');
    await shellLoaded;
  });

  it('gives a module its context: import.meta.url and an import relative to it', async () => {
    const System = await freshSystem();
    const leaf = moduleUrl(
      [],
      `function (_export) { return { execute: function () { _export('leaf', true); } }; }`,
    );
    const withContext = moduleUrl(
      [],
      `function (_export, _context) {
        return { execute: function () {
          _export('url', _context.meta.url);
          return _context.import(${JSON.stringify(leaf)}).then(function (m) { _export('imported', m.leaf); });
        } };
      }`,
    );
    const exports = await System.import(withContext);
    expect(exports.url).to.equal(withContext);
    expect(exports.imported).to.equal(true);
  });

  it('a body that throws rejects its import with that error, and a second import too', async () => {
    const System = await freshSystem();
    const broken = moduleUrl(
      [],
      `function () { return { execute: function () { throw new Error('the body threw'); } }; }`,
    );
    const failures = await Promise.allSettled([System.import(broken), System.import(broken)]);
    for (const failure of failures) {
      expect(failure.status).to.equal('rejected');
      expect(String((failure as PromiseRejectedResult).reason)).to.contain('the body threw');
    }
  });
});
