/**
 * Loads one System.register module in Node, without a browser and without its real dependencies, to learn
 * what it imports and what it exports. The module runs in a fresh `vm` context whose globals are inert
 * stand-ins: each dependency is an "anything" object (every property, call and construction gives another
 * one), so module-level code such as `singleSpaReact({ React, ... })` runs to the point where the module
 * hands its namespace to `_export`. Nothing it does can reach this process: no `require`, no `process`.
 */
import vm from 'node:vm';

export interface SystemModuleInfo {
  deps: string[];
  /** Export names mapped to `typeof` the exported value. */
  exports: Record<string, string>;
}

export class SystemModuleError extends Error {
  override readonly name = 'SystemModuleError';
  constructor(
    readonly code: 'not-system-module' | 'module-threw',
    message: string,
  ) {
    super(message);
  }
}

/** A value that is callable, constructible and has every property, each another such value. */
function anything(): unknown {
  const cache = new Map<PropertyKey, unknown>();
  const target = function stub(): void {};
  const handler: ProxyHandler<typeof target> = {
    get(_t, key) {
      if (key === Symbol.toPrimitive) return () => '';
      if (key === 'then') return undefined; // not a promise: `await stub` must not hang
      if (key === Symbol.iterator) return function* () {};
      if (key === 'prototype') return {};
      if (!cache.has(key)) cache.set(key, anything());
      return cache.get(key);
    },
    apply: () => anything(),
    construct: () => anything() as object,
    has: () => true,
  };
  return new Proxy(target, handler);
}

interface Declaration {
  setters?: ((module: unknown) => void)[];
  execute?: () => unknown;
}

type Register = (
  deps: unknown,
  declare: (exportFn: (name: unknown, value?: unknown) => unknown, context: unknown) => Declaration,
) => void;

/**
 * A dependency's namespace: its real export names (so `Object.keys(dep)` copies what the importer reads),
 * each a stand-in; names it does not list read as stand-ins too.
 */
export function standInNamespace(exportNames: readonly string[]): Record<string, unknown> {
  const namespace: Record<string, unknown> = {};
  for (const name of exportNames) namespace[name] = anything();
  return new Proxy(namespace, {
    get: (target, key) =>
      typeof key === 'string' && !(key in target) && key !== 'then' ? anything() : target[key as string],
  });
}

export interface InspectOptions {
  /** Export names of each dependency (from the live release), so module-level code finds what it imports. */
  dependencyExports?: (name: string) => readonly string[] | undefined;
  timeoutMs?: number;
}

/** Runs `source` as a System.register module with stand-in dependencies, under a CPU time limit. */
export async function inspectSystemModule(
  source: string,
  options: InspectOptions = {},
): Promise<SystemModuleInfo> {
  const timeoutMs = options.timeoutMs ?? 2000;
  let registered: { deps: string[]; declare: Parameters<Register>[1] } | null = null;
  const register: Register = (deps, declare) => {
    if (registered) return; // one module per file; a second call is not ours to judge
    if (
      !Array.isArray(deps) ||
      !deps.every((dep) => typeof dep === 'string') ||
      typeof declare !== 'function'
    )
      throw new SystemModuleError('not-system-module', 'System.register was called with malformed arguments');
    registered = { deps: deps as string[], declare };
  };
  const window = anything() as Record<string, unknown>;
  const sandbox: Record<string, unknown> = {
    System: { register },
    window,
    self: window,
    document: anything(),
    navigator: anything(),
    location: anything(),
    console: { log() {}, warn() {}, error() {}, info() {}, debug() {} },
    setTimeout: () => 0,
    clearTimeout: () => {},
    queueMicrotask: () => {},
    customElements: anything(),
  };
  // Classes modules extend at load time (custom elements, events): empty stand-ins.
  for (const name of ['HTMLElement', 'Element', 'Node', 'EventTarget', 'Event', 'CustomEvent', 'URL'])
    sandbox[name] = class {};
  const context = vm.createContext(sandbox, { codeGeneration: { strings: false, wasm: false } });
  try {
    new vm.Script(source, { filename: 'module.js' }).runInContext(context, { timeout: timeoutMs });
  } catch (error) {
    if (error instanceof SystemModuleError) throw error;
    throw new SystemModuleError('not-system-module', `it does not load as a script: ${message(error)}`);
  }
  const found = registered as { deps: string[]; declare: Parameters<Register>[1] } | null;
  if (!found) throw new SystemModuleError('not-system-module', 'it never calls System.register');

  const exported: Record<string, unknown> = {};
  const exportFn = (name: unknown, value?: unknown): unknown => {
    if (typeof name === 'string') exported[name] = value;
    else if (typeof name === 'object' && name !== null) Object.assign(exported, name);
    return value;
  };
  try {
    const declaration = found.declare(exportFn, {
      meta: { url: 'file:///module.js' },
      import: () => anything(),
    });
    const setters = declaration.setters ?? [];
    setters.forEach((setter, index) => {
      const dep = found.deps[index];
      const names = dep === undefined ? undefined : options.dependencyExports?.(dep);
      setter(standInNamespace(names ?? []));
    });
    // Running the body under the vm's timeout: the script above only defined the function.
    context['__atriumExecute'] = declaration.execute;
    const result = new vm.Script('__atriumExecute && __atriumExecute()').runInContext(context, {
      timeout: timeoutMs,
    });
    if (result && typeof (result as { then?: unknown }).then === 'function') await result;
  } catch (error) {
    throw new SystemModuleError('module-threw', `it threw while loading: ${message(error)}`);
  }
  const exports: Record<string, string> = {};
  for (const [name, value] of Object.entries(exported)) exports[name] = typeof value;
  return { deps: [...found.deps], exports };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
