/**
 * Rewrites a build's references to files that `release pack` renames. Only references a parser finds are
 * touched: string literals equal to a renamed file's name in JavaScript (acorn), `url()` and `@import` in
 * CSS (postcss). Webpack builds a chunk's name at run time (`__webpack_require__.u`, and mini-css-extract's
 * `.miniCssF`), so those functions are wrapped with a lookup from the old name to the new one.
 *
 * style-loader's `<style>` tags carry `__webpack_require__.nc`, the nonce webpack leaves undefined unless
 * the code sets `__webpack_nonce__`. Atrium's pages allow styles by nonce only (docs/decisions.md, "CSS of
 * areas"), so pack sets it to the page's nonce, read from the page's own nonce'd script when the module runs.
 */
import { parse } from 'acorn';
import type { Node } from 'acorn';
import postcss from 'postcss';
import valueParser from 'postcss-value-parser';
import { ReleaseError } from '../errors.js';

interface Edit {
  start: number;
  end: number;
  text: string;
}

function applyEdits(source: string, edits: Edit[]): string {
  let out = source;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

type AnyNode = Node & Record<string, unknown>;

function* nodes(root: unknown): Generator<AnyNode> {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
      continue;
    }
    if (!value || typeof value !== 'object' || typeof (value as { type?: unknown }).type !== 'string')
      continue;
    yield value as AnyNode;
    for (const [key, child] of Object.entries(value)) {
      if (key !== 'loc' && child && typeof child === 'object') stack.push(child);
    }
  }
}

/** Parses a build's script; a module's syntax (import/export) gets a refusal naming the fix. */
export function parseScript(source: string, file: string): Node {
  try {
    return parse(source, { ecmaVersion: 'latest', sourceType: 'script' });
  } catch (error) {
    let isModule = false;
    try {
      parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
      isModule = true;
    } catch {
      // Not a module either: the first error says where.
    }
    if (isModule)
      throw new ReleaseError(
        'not-system-module',
        `${file} is an ES module: Atrium loads areas with SystemJS, so build it as a System module (webpack: output.library.type 'system', or create-single-spa's outputSystemJS: true)`,
      );
    throw new ReleaseError('not-system-module', `${file} is not JavaScript: ${(error as Error).message}`);
  }
}

/** The dependency list of a top-level `System.register([...], ...)` call, or null when there is none. */
export function systemRegisterDeps(program: Node, file: string): string[] | null {
  for (const statement of (program as AnyNode)['body'] as AnyNode[]) {
    if (statement.type !== 'ExpressionStatement') continue;
    const call = statement['expression'] as AnyNode;
    if (call.type !== 'CallExpression') continue;
    const callee = call['callee'] as AnyNode;
    const object = callee['object'] as AnyNode | undefined;
    const property = callee['property'] as AnyNode | undefined;
    if (
      callee.type !== 'MemberExpression' ||
      object?.type !== 'Identifier' ||
      object['name'] !== 'System' ||
      property?.['name'] !== 'register'
    )
      continue;
    const [first] = call['arguments'] as AnyNode[];
    const elements = first?.type === 'ArrayExpression' ? (first['elements'] as AnyNode[]) : null;
    if (!elements || !elements.every((e) => e?.type === 'Literal' && typeof e['value'] === 'string'))
      throw new ReleaseError(
        'not-system-module',
        `${file} calls System.register without a plain list of dependency names`,
      );
    return elements.map((e) => e['value'] as string);
  }
  return null;
}

/** The name a reference means, if it is one of `renamed`'s: `x.js`, `./x.js`, `x.png?v=1`. */
function target(value: string, renamed: ReadonlyMap<string, string>): string | null {
  const bare = value.replace(/^\.\//, '').replace(/[?#].*$/, '');
  return renamed.has(bare) ? bare : null;
}

function replaced(value: string, renamed: ReadonlyMap<string, string>): string | null {
  const old = target(value, renamed);
  return old === null ? null : value.replace(old, renamed.get(old)!);
}

export interface ScriptRewrite {
  source: string;
  /** Old names found as literals. */
  named: Set<string>;
  /** Which of webpack's run-time file-name functions were wrapped: 'u' (chunks), 'miniCssF' (CSS). */
  wrapped: Set<string>;
}

/** Webpack runtime functions that turn a chunk id into a file name. */
const NAME_FUNCTIONS = new Set(['u', 'miniCssF']);

/** The page's nonce, as a script on it reads it (the `nonce` property: the attribute reads empty). */
export const PAGE_NONCE_EXPRESSION =
  '(function(){var s=typeof document!="undefined"&&document.querySelector("script[nonce]");return s&&s.nonce||void 0})()';

function isUndefined(node: AnyNode): boolean {
  return (
    (node.type === 'UnaryExpression' && node['operator'] === 'void') ||
    (node.type === 'Identifier' && node['name'] === 'undefined')
  );
}

/** `renamed`'s literals rewritten; with `wrapRuntime`, webpack's chunk-name functions wrapped too. */
export function rewriteScript(
  source: string,
  file: string,
  renamed: ReadonlyMap<string, string>,
  wrapRuntime: boolean,
): ScriptRewrite {
  const program = parseScript(source, file);
  const edits: Edit[] = [];
  const named = new Set<string>();
  const wrapped = new Set<string>();
  const table = JSON.stringify(Object.fromEntries(renamed));
  for (const node of nodes(program)) {
    if (node.type === 'Literal' && typeof node['value'] === 'string') {
      const next = replaced(node['value'], renamed);
      if (next === null) continue;
      named.add(target(node['value'], renamed)!);
      edits.push({ start: node.start, end: node.end, text: JSON.stringify(next) });
    } else if (node.type === 'TemplateElement') {
      const value = node['value'] as { cooked: string | null; raw: string };
      const next = value.cooked === null ? null : replaced(value.cooked, renamed);
      if (next === null || value.raw !== value.cooked) continue;
      named.add(target(value.cooked!, renamed)!);
      edits.push({ start: node.start, end: node.end, text: next.replace(/[`\\$]/g, '\\$&') });
    } else if (wrapRuntime && node.type === 'AssignmentExpression' && node['operator'] === '=') {
      const left = node['left'] as AnyNode;
      const property = left['property'] as AnyNode | undefined;
      const right = node['right'] as AnyNode;
      if (
        left.type === 'MemberExpression' &&
        !left['computed'] &&
        property?.['name'] === 'nc' &&
        isUndefined(right)
      ) {
        wrapped.add('nc');
        edits.push({ start: right.start, end: right.end, text: PAGE_NONCE_EXPRESSION });
        continue;
      }
      if (
        left.type !== 'MemberExpression' ||
        left['computed'] ||
        property?.type !== 'Identifier' ||
        !NAME_FUNCTIONS.has(property['name'] as string) ||
        (right.type !== 'ArrowFunctionExpression' && right.type !== 'FunctionExpression')
      )
        continue;
      wrapped.add(property['name'] as string);
      // The original function still builds the name; the table maps it to the name the release stores.
      edits.push(
        {
          start: right.start,
          end: right.start,
          text: '(function(f,m){return function(c){var n=f(c);return Object.prototype.hasOwnProperty.call(m,n)?m[n]:n}})(',
        },
        { start: right.end, end: right.end, text: `,${table})` },
      );
    }
  }
  // A literal inside a wrapped function is rewritten by its own edit; edits never overlap but may touch.
  return { source: applyEdits(source, edits), named, wrapped };
}

/** `url()` and `@import` references to renamed files rewritten. */
export function rewriteCss(
  source: string,
  file: string,
  renamed: ReadonlyMap<string, string>,
): { source: string; named: Set<string> } {
  let root: postcss.Root;
  try {
    root = postcss.parse(source, { from: file });
  } catch (error) {
    throw new ReleaseError('bad-build', `${file} is not CSS: ${(error as Error).message}`);
  }
  const named = new Set<string>();
  // A quoted string is a file reference only in @import; elsewhere (`content: "a.png"`) it is text.
  const rewriteValue = (value: string, strings: boolean): string => {
    const parsed = valueParser(value);
    let changed = false;
    parsed.walk((node) => {
      const isUrl = node.type === 'function' && node.value.toLowerCase() === 'url';
      const inner = isUrl ? node.nodes[0] : strings && node.type === 'string' ? node : undefined;
      if (!inner || (inner.type !== 'word' && inner.type !== 'string')) return;
      const next = replaced(inner.value, renamed);
      if (next === null) return;
      named.add(target(inner.value, renamed)!);
      inner.value = next;
      changed = true;
    });
    return changed ? parsed.toString() : value;
  };
  root.walkDecls((decl) => {
    decl.value = rewriteValue(decl.value, false);
  });
  root.walkAtRules('import', (rule) => {
    rule.params = rewriteValue(rule.params, true);
  });
  return { source: root.toString(), named };
}
