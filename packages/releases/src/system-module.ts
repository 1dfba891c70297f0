/**
 * Reads a System.register module WITHOUT RUNNING IT: what it imports and the names (and, where the source
 * says so, the kind of value) it exports. An upload is attacker-controlled code: `node:vm` is not a sandbox
 * (`System.register.constructor('return process')()` reaches the host), and an endless `execute` would
 * stall the process. So the module is parsed (acorn), its scopes resolved (eslint-scope), and only the
 * shapes System builds emit are read:
 *
 *   System.register([deps], function (_export, _context) { ... })      Babel, SWC, Rollup, webpack
 *   _export('mount', value)   _export({ mount, unmount })              Babel, SWC, Rollup
 *   _export((() => { ...; l.d(c, { mount: () => m }); return c })())   webpack's export object (getters)
 *
 * What it cannot read for certain is reported in `unread` (never guessed), so the caller can refuse with
 * what it could not read. Values made at run time (a call such as `singleSpaReact(...)`) are `run-time`:
 * the names are certain, the kind of value is not.
 */
import { parse, type Options as ParseOptions } from 'acorn';
import { analyze, type Reference, type ScopeManager, type Variable } from 'eslint-scope';
import type * as ESTree from 'estree';

/** What an export is, as far as the source shows without running it. */
export type ExportValue =
  | { kind: 'function' }
  /** An array whose elements are all functions (single-spa accepts these as lifecycles). */
  | { kind: 'functions' }
  /** Made when the module runs (a call's result, an import's member): the name is certain, the value not. */
  | { kind: 'run-time' }
  | { kind: 'other'; what: string };

export interface SystemModuleInfo {
  deps: string[];
  exports: Record<string, ExportValue>;
  /** What could not be read for certain, each with its line: exports may be missing from `exports`. */
  unread: string[];
}

export type SystemModuleErrorCode = 'not-system-module' | 'es-module';

export class SystemModuleError extends Error {
  override readonly name = 'SystemModuleError';
  constructor(
    readonly code: SystemModuleErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The fix for an ES module build, in the words of the tools that make one. */
export const ES_MODULE_FIX =
  "it is an ES module (import/export statements), and Atrium loads areas with SystemJS: build it as a System module, with webpack's output.library.type: 'system' (create-single-spa: outputSystemJS: true); Vite cannot emit System modules";

// eslint-scope reads `range`.
const PARSE: ParseOptions = { ecmaVersion: 'latest', sourceType: 'script', locations: true, ranges: true };
/** How far an identifier is followed to its value (`const a = b; const b = function...`). */
const MAX_DEPTH = 12;

type AnyNode = ESTree.Node & { loc?: ESTree.SourceLocation | null | undefined };

function lineOf(node: AnyNode): string {
  return node.loc ? `line ${node.loc.start.line}` : 'somewhere';
}

function parseProgram(source: string): ESTree.Program {
  try {
    return parse(source, PARSE) as unknown as ESTree.Program;
  } catch (error) {
    if (isEsModule(source)) throw new SystemModuleError('es-module', ES_MODULE_FIX);
    // RangeError: nesting deeper than the parser's stack; a System build is never that deep.
    throw new SystemModuleError('not-system-module', `it does not parse as a script: ${messageOf(error)}`);
  }
}

function isEsModule(source: string): boolean {
  try {
    const program = parse(source, { ...PARSE, sourceType: 'module' }) as unknown as ESTree.Program;
    return program.body.some((statement) => /^(Import|Export)/.test(statement.type));
  } catch {
    return false;
  }
}

function isSystemRegister(node: ESTree.Node): node is ESTree.SimpleCallExpression {
  if (node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression') return false;
  const { object, property, computed } = node.callee;
  return (
    object.type === 'Identifier' &&
    object.name === 'System' &&
    (computed
      ? property.type === 'Literal' && property.value === 'register'
      : property.type === 'Identifier' && property.name === 'register')
  );
}

/** Parent links, for asking how an identifier is used. Iterative: a deep tree must not overflow the stack. */
function parentsOf(program: ESTree.Program): Map<ESTree.Node, ESTree.Node> {
  const parents = new Map<ESTree.Node, ESTree.Node>();
  const stack: ESTree.Node[] = [program];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc') continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === 'object' && typeof (child as { type?: unknown }).type === 'string') {
          parents.set(child as ESTree.Node, node);
          stack.push(child as ESTree.Node);
        }
      }
    }
  }
  return parents;
}

/** The static name of a property key (`mount`, `'mount'`), or null when computed at run time. */
function keyName(key: ESTree.Node, computed: boolean): string | null {
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number'))
    return String(key.value);
  if (!computed && key.type === 'Identifier') return key.name;
  return null;
}

/** The expression a function returns when it is a single return (`() => x`, `function () { return x }`). */
function returned(fn: ESTree.Node): ESTree.Expression | null {
  if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') return null;
  if (fn.body.type !== 'BlockStatement') return fn.body;
  const [only] = fn.body.body;
  return fn.body.body.length === 1 && only?.type === 'ReturnStatement' && only.argument
    ? only.argument
    : null;
}

class Reader {
  // No prototype: an export named `__proto__` or `constructor` is just a name.
  readonly exports: Record<string, ExportValue> = Object.create(null) as Record<string, ExportValue>;
  readonly unread: string[] = [];
  private readonly referenceOf = new Map<ESTree.Node, Reference>();

  constructor(
    private readonly scopes: ScopeManager,
    private readonly parents: Map<ESTree.Node, ESTree.Node>,
  ) {
    for (const scope of scopes.scopes)
      for (const reference of scope.references)
        this.referenceOf.set(reference.identifier as ESTree.Node, reference);
  }

  private variableOf(identifier: ESTree.Node): Variable | null {
    return this.referenceOf.get(identifier)?.resolved ?? null;
  }

  private add(name: string, value: ExportValue): void {
    this.exports[name] = value;
  }

  /** Every use of the export function: a call with a static name or an object of them; else unread. */
  readExportCalls(declare: ESTree.Function): void {
    const variable = this.scopes.acquire(declare)?.set.get((declare.params[0] as ESTree.Identifier).name);
    for (const reference of variable?.references ?? []) {
      const identifier = reference.identifier as ESTree.Node;
      const call = this.parents.get(identifier);
      if (call?.type !== 'CallExpression' || call.callee !== identifier) {
        this.unread.push(`the export function is used other than by a call (${lineOf(identifier)})`);
        continue;
      }
      this.readExportCall(call);
    }
  }

  private readExportCall(call: ESTree.CallExpression): void {
    const [first, second] = call.arguments;
    if (!first || first.type === 'SpreadElement') {
      this.unread.push(`an export call without a name (${lineOf(call)})`);
    } else if (first.type === 'Literal' && typeof first.value === 'string') {
      this.add(
        first.value,
        second && second.type !== 'SpreadElement'
          ? this.valueOf(second, 0)
          : { kind: 'other', what: 'undefined' },
      );
    } else if (first.type === 'ObjectExpression') {
      this.readObject(first);
    } else if (call.arguments.length > 1) {
      this.unread.push(`an export name computed at run time (${lineOf(call)})`);
    } else {
      this.readExportsObject(first);
    }
  }

  /** `{ mount, unmount: f, get update() { return u } }`: each static key is an export. */
  private readObject(object: ESTree.ObjectExpression): void {
    for (const property of object.properties) {
      const name = property.type === 'Property' ? keyName(property.key, property.computed) : null;
      if (property.type !== 'Property' || name === null) {
        this.unread.push(`an exported object with a key computed at run time (${lineOf(property)})`);
        continue;
      }
      if (property.kind === 'set') continue;
      if (property.kind === 'get') {
        const value = returned(property.value);
        this.add(name, value ? this.valueOf(value, 0) : { kind: 'run-time' });
      } else {
        this.add(
          name,
          property.method ? { kind: 'function' } : this.valueOf(property.value as ESTree.Expression, 0),
        );
      }
    }
  }

  /**
   * webpack's entry: `_export((() => { ...; let c = {}; l.r(c), l.d(c, { mount: () => O }); return c })())`.
   * The exports are the object the bootstrap returns, filled by `.d(c, getters)` (webpack's
   * definePropertyGetters), by plain assignments, or by `Object.defineProperty`.
   */
  private readExportsObject(expression: ESTree.Node): void {
    let target: ESTree.Node | null = expression;
    if (expression.type === 'CallExpression' && expression.arguments.length === 0) {
      const fn = expression.callee;
      target = null;
      if (fn.type === 'ArrowFunctionExpression' || fn.type === 'FunctionExpression') {
        const returns =
          fn.body.type === 'BlockStatement'
            ? fn.body.body.filter(
                (statement): statement is ESTree.ReturnStatement => statement.type === 'ReturnStatement',
              )
            : [];
        if (returns.length === 1 && returns[0]!.argument) target = returns[0]!.argument;
        else if (fn.body.type !== 'BlockStatement') target = fn.body;
      }
    }
    // Minified: `return t.r(e), t.d(e, {...}), e`: the value is the sequence's last expression.
    while (target?.type === 'SequenceExpression') target = target.expressions.at(-1) ?? null;
    const variable = target?.type === 'Identifier' ? this.variableOf(target) : null;
    const declarator = variable?.defs.length === 1 ? variable.defs[0]!.node : null;
    if (
      !variable ||
      declarator?.type !== 'VariableDeclarator' ||
      declarator.init?.type !== 'ObjectExpression'
    ) {
      this.unread.push(`the value handed to the export function is made at run time (${lineOf(expression)})`);
      return;
    }
    this.readObject(declarator.init);
    for (const reference of variable.references) {
      if (reference.init) continue;
      const identifier = reference.identifier as ESTree.Node;
      if (!this.readExportsUse(identifier))
        this.unread.push(
          `the exports object is used in a way this check does not follow (${lineOf(identifier)})`,
        );
    }
  }

  /** One use of webpack's exports object; false when it is not one of the shapes webpack emits. */
  private readExportsUse(identifier: ESTree.Node): boolean {
    const parent = this.parents.get(identifier);
    if (!parent) return false;
    if (parent.type === 'ReturnStatement') return true;
    if (parent.type === 'SequenceExpression' && parent.expressions.at(-1) === identifier)
      return this.parents.get(parent)?.type === 'ReturnStatement';
    if (parent.type === 'MemberExpression' && parent.object === identifier) {
      const assignment = this.parents.get(parent);
      const name = keyName(parent.property, parent.computed);
      if (assignment?.type !== 'AssignmentExpression' || assignment.left !== parent || name === null)
        return false;
      if (name !== '__esModule') this.add(name, this.valueOf(assignment.right, 0));
      return true;
    }
    if (parent.type !== 'CallExpression' || parent.arguments[0] !== identifier) return false;
    const callee = parent.callee;
    const method = callee.type === 'MemberExpression' ? keyName(callee.property, callee.computed) : null;
    const [, definitions, descriptor] = parent.arguments;
    // __webpack_require__.r(exports): marks it as a namespace (Symbol.toStringTag, __esModule).
    if (method === 'r' && parent.arguments.length === 1) return true;
    if (method === 'd' && definitions?.type === 'ObjectExpression') {
      for (const property of definitions.properties) {
        const name = property.type === 'Property' ? keyName(property.key, property.computed) : null;
        if (property.type !== 'Property' || name === null) return false;
        const value = returned(property.value);
        this.add(name, value ? this.valueOf(value, 0) : { kind: 'run-time' });
      }
      return true;
    }
    // Newer webpack: d(exports, ["name", getter, "name2", 0, value, ...]); 0 marks a plain value.
    if (method === 'd' && definitions?.type === 'ArrayExpression') {
      const items = definitions.elements;
      for (let index = 0; index < items.length;) {
        const name = items[index++];
        const getter = items[index++];
        if (
          name?.type !== 'Literal' ||
          typeof name.value !== 'string' ||
          !getter ||
          getter.type === 'SpreadElement'
        )
          return false;
        if (getter.type === 'Literal' && getter.value === 0) {
          const value = items[index++];
          if (!value || value.type === 'SpreadElement') return false;
          this.add(name.value, this.valueOf(value, 0));
        } else {
          const value = returned(getter);
          this.add(name.value, value ? this.valueOf(value, 0) : { kind: 'run-time' });
        }
      }
      return true;
    }
    // Object.defineProperty(exports, "name", { get / value })
    if (
      method === 'defineProperty' &&
      callee.type === 'MemberExpression' &&
      callee.object.type === 'Identifier' &&
      callee.object.name === 'Object' &&
      definitions?.type === 'Literal' &&
      typeof definitions.value === 'string' &&
      descriptor?.type === 'ObjectExpression'
    ) {
      if (definitions.value === '__esModule') return true;
      const value = descriptor.properties.find(
        (p): p is ESTree.Property =>
          p.type === 'Property' && ['get', 'value'].includes(keyName(p.key, p.computed) ?? ''),
      );
      if (!value) return false;
      const isGetter = keyName(value.key, value.computed) === 'get';
      const expression = isGetter ? returned(value.value) : (value.value as ESTree.Expression);
      this.add(definitions.value, expression ? this.valueOf(expression, 0) : { kind: 'run-time' });
      return true;
    }
    return false;
  }

  /** What a value is, from the source alone. */
  valueOf(node: ESTree.Node, depth: number): ExportValue {
    switch (node.type) {
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        return { kind: 'function' };
      case 'ClassExpression':
        return { kind: 'other', what: 'a class' };
      case 'Literal':
      case 'TemplateLiteral':
        return {
          kind: 'other',
          what:
            node.type === 'Literal' && node.value === null
              ? 'null'
              : `a ${node.type === 'Literal' ? typeof node.value : 'string'}`,
        };
      case 'ObjectExpression':
        return { kind: 'other', what: 'an object' };
      case 'UnaryExpression':
        return node.operator === 'void'
          ? { kind: 'other', what: 'undefined' }
          : { kind: 'other', what: `a ${node.operator === '!' ? 'boolean' : 'number'}` };
      case 'ArrayExpression': {
        const kinds = node.elements.map((element) =>
          !element
            ? { kind: 'other', what: 'a hole' }
            : element.type === 'SpreadElement'
              ? { kind: 'run-time' }
              : this.valueOf(element, depth + 1),
        ) as ExportValue[];
        if (kinds.some((value) => value.kind === 'other' || value.kind === 'functions'))
          return { kind: 'other', what: 'an array with an element that is not a function' };
        return kinds.every((value) => value.kind === 'function')
          ? { kind: 'functions' }
          : { kind: 'run-time' };
      }
      case 'AssignmentExpression':
        return node.operator === '=' ? this.valueOf(node.right, depth) : { kind: 'run-time' };
      case 'SequenceExpression':
        return this.valueOf(node.expressions.at(-1)!, depth);
      case 'Identifier':
        return this.identifierValue(node, depth);
      default:
        return { kind: 'run-time' };
    }
  }

  private identifierValue(identifier: ESTree.Identifier, depth: number): ExportValue {
    const variable = this.variableOf(identifier);
    if (!variable)
      return identifier.name === 'undefined' ? { kind: 'other', what: 'undefined' } : { kind: 'run-time' };
    const [definition] = variable.defs;
    if (variable.defs.length !== 1 || !definition || depth >= MAX_DEPTH) return { kind: 'run-time' };
    if (definition.type === 'FunctionName') return { kind: 'function' };
    if (definition.type === 'ClassName') return { kind: 'other', what: 'a class' };
    const declarator = definition.node;
    // Assigned once, where it is declared: its value is the initialiser's. Written again: run time.
    const writes = variable.references.filter((reference) => reference.isWrite() && !reference.init);
    if (
      definition.type !== 'Variable' ||
      declarator.type !== 'VariableDeclarator' ||
      declarator.id.type !== 'Identifier' ||
      writes.length > 0
    )
      return { kind: 'run-time' };
    return declarator.init ? this.valueOf(declarator.init, depth + 1) : { kind: 'other', what: 'undefined' };
  }
}

/** Reads `source` as a System.register module, or refuses with what makes it not one. Never runs it. */
export function readSystemModule(source: string): SystemModuleInfo {
  const program = parseProgram(source);
  const statements = program.body.filter(
    (statement) => statement.type !== 'EmptyStatement' && !('directive' in statement && statement.directive),
  );
  const registers = statements.filter(
    (statement): statement is ESTree.ExpressionStatement =>
      statement.type === 'ExpressionStatement' && isSystemRegister(statement.expression),
  );
  if (registers.length === 0)
    throw new SystemModuleError('not-system-module', 'its top level never calls System.register');
  if (registers.length > 1)
    throw new SystemModuleError(
      'not-system-module',
      'it calls System.register more than once: one module per file',
    );
  const other = statements.find((statement) => statement !== registers[0]);
  if (other)
    throw new SystemModuleError(
      'not-system-module',
      `its top level holds code besides the System.register call (${lineOf(other)}): a System build's entry is that call alone, and code outside it would run before the module loader sees the module`,
    );
  const call = registers[0]!.expression as ESTree.SimpleCallExpression;
  const args =
    call.arguments[0]?.type === 'Literal' && typeof call.arguments[0].value === 'string'
      ? call.arguments.slice(1)
      : call.arguments;
  const [depsNode, declare] = args;
  if (
    depsNode?.type !== 'ArrayExpression' ||
    !depsNode.elements.every((dep) => dep?.type === 'Literal' && typeof dep.value === 'string')
  )
    throw new SystemModuleError(
      'not-system-module',
      'System.register is not given a literal list of dependency names',
    );
  if (declare?.type !== 'FunctionExpression' && declare?.type !== 'ArrowFunctionExpression')
    throw new SystemModuleError('not-system-module', 'System.register is not given a declaration function');
  const deps = depsNode.elements.map((dep) => String((dep as ESTree.Literal).value));

  const [exportParam] = declare.params;
  if (!exportParam) return { deps, exports: {}, unread: [] };
  if (exportParam.type !== 'Identifier')
    return {
      deps,
      exports: {},
      unread: [`the export function is not a plain parameter (${lineOf(exportParam)})`],
    };
  const scopes = analyze(program, { ecmaVersion: 2022, sourceType: 'script' });
  const reader = new Reader(scopes, parentsOf(program));
  reader.readExportCalls(declare);
  return { deps, exports: reader.exports, unread: reader.unread };
}

/** How an export reads in a refusal: "a string", "an object". */
export function describeValue(value: ExportValue): string {
  switch (value.kind) {
    case 'function':
      return 'a function';
    case 'functions':
      return 'an array of functions';
    case 'run-time':
      return 'a value made at run time';
    default:
      return value.what;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
