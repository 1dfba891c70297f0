/**
 * `npm run size`: gzip budgets of the built pages (dist/ from `npm run build`), and the one-React rule.
 *
 * - login page total JS: SystemJS + every module the login page loads (what dist/preloads.json lists for
 *   'login': root-config, login and everything they import), within budget;
 * - the widgets entry (notification bar with Lit; the toolbar chunk is a dynamic import and not counted);
 * - no app bundle (root-config, login, shell, areas) carries its own copy of React: one React per page.
 *
 * Prints a table and exits 1 when any check fails.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export interface Budgets {
  loginPageJsGzipBytes: number;
  widgetsEntryGzipBytes: number;
  reactMarkers: string[];
  /** Import-map names (a trailing `*` matches a prefix) whose bundles must not contain React. */
  noReactIn: string[];
}

export interface CheckRow {
  check: string;
  actual: string;
  limit: string;
  ok: boolean;
}

export class SizeCheckError extends Error {
  constructor(
    readonly code: 'no-build' | 'bad-budgets',
    message: string,
  ) {
    super(message);
    this.name = 'SizeCheckError';
  }
}

export function gzipSize(content: Buffer | string): number {
  return gzipSync(content, { level: 9 }).length;
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function readJson<T>(file: string): T {
  if (!existsSync(file)) throw new SizeCheckError('no-build', `${file} is missing: run npm run build first`);
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

export function parseBudgets(value: unknown): Budgets {
  const budgets = value as Partial<Budgets> | null;
  if (
    !budgets ||
    typeof budgets.loginPageJsGzipBytes !== 'number' ||
    typeof budgets.widgetsEntryGzipBytes !== 'number' ||
    !Array.isArray(budgets.reactMarkers) ||
    !Array.isArray(budgets.noReactIn)
  ) {
    throw new SizeCheckError(
      'bad-budgets',
      'budgets need loginPageJsGzipBytes, widgetsEntryGzipBytes, reactMarkers, noReactIn',
    );
  }
  return budgets as Budgets;
}

function matchesName(name: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) =>
    pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern,
  );
}

/** Maps an asset URL of the import map to its file under dist/assets. */
function assetFile(distDir: string, url: string): string {
  return path.join(distDir, 'assets', path.posix.basename(new URL(url, 'http://atrium.invalid/').pathname));
}

/** Runs every check against a dist directory; pure apart from reading files, so tests use small fixtures. */
export function checkDist(distDir: string, budgets: Budgets): CheckRow[] {
  const rows: CheckRow[] = [];
  const importMap = readJson<{ imports: Record<string, string> }>(path.join(distDir, 'importmap.json'));
  const preloads = readJson<{ login: { name: string; href: string }[] }>(path.join(distDir, 'preloads.json'));

  // The loader: content-hashed in assets/ (systemjs-s.min.<hash>.js).
  const assetsDir = path.join(distDir, 'assets');
  const systemFiles = existsSync(assetsDir)
    ? readdirSync(assetsDir).filter((f) => f.startsWith('systemjs-') && f.endsWith('.js'))
    : [];
  if (systemFiles.length !== 1) {
    throw new Error(`expected one SystemJS loader in ${assetsDir}, found ${systemFiles.length}`);
  }
  let loginTotal = 0;
  for (const file of systemFiles) loginTotal += gzipSize(readFileSync(path.join(assetsDir, file)));
  const parts: CheckRow[] = [];
  for (const preload of preloads.login) {
    const size = gzipSize(readFileSync(assetFile(distDir, preload.href)));
    loginTotal += size;
    parts.push({ check: `  ${preload.name}`, actual: formatKb(size), limit: '', ok: true });
  }
  const loginNames = preloads.login.map((preload) => preload.name);
  rows.push({
    check: `login page JS (SystemJS + ${loginNames.length} modules)`,
    actual: formatKb(loginTotal),
    limit: formatKb(budgets.loginPageJsGzipBytes),
    ok: loginTotal <= budgets.loginPageJsGzipBytes && loginNames.includes('@atrium/login'),
  });
  // The breakdown, largest first, so a broken budget says where the bytes went.
  rows.push(...parts.sort((a, b) => Number.parseFloat(b.actual) - Number.parseFloat(a.actual)));

  const widgetsFile = path.join(distDir, 'widgets', 'atrium-widgets.js');
  if (existsSync(widgetsFile)) {
    const size = gzipSize(readFileSync(widgetsFile));
    rows.push({
      check: 'widgets entry (without the toolbar chunk)',
      actual: formatKb(size),
      limit: formatKb(budgets.widgetsEntryGzipBytes),
      ok: size <= budgets.widgetsEntryGzipBytes,
    });
  } else {
    rows.push({
      check: 'widgets entry',
      actual: 'missing',
      limit: formatKb(budgets.widgetsEntryGzipBytes),
      ok: false,
    });
  }

  for (const [name, url] of Object.entries(importMap.imports)) {
    if (!matchesName(name, budgets.noReactIn)) continue;
    const source = readFileSync(assetFile(distDir, url), 'utf8');
    const marker = budgets.reactMarkers.find((candidate) => source.includes(candidate));
    rows.push({
      check: `no React copy in ${name}`,
      actual: marker ? `contains ${marker}` : 'none',
      limit: 'none',
      ok: marker === undefined,
    });
  }
  return rows;
}

export function formatTable(rows: readonly CheckRow[]): string {
  const header: CheckRow = { check: 'check', actual: 'actual', limit: 'limit', ok: true };
  const widths = (['check', 'actual', 'limit'] as const).map((key) =>
    Math.max(...[header, ...rows].map((row) => row[key].length)),
  );
  const line = (row: CheckRow, status: string): string =>
    [
      row.check.padEnd(widths[0] ?? 0),
      row.actual.padStart(widths[1] ?? 0),
      row.limit.padStart(widths[2] ?? 0),
      status,
    ].join('  ');
  return [line(header, 'status'), ...rows.map((row) => line(row, row.ok ? 'ok' : 'FAIL'))].join('\n');
}

function main(): void {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const distDir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'dist');
  const budgets = parseBudgets(readJson(path.join(root, 'scripts', 'budgets.json')));
  const rows = checkDist(distDir, budgets);
  console.log(formatTable(rows));
  const failed = rows.filter((row) => !row.ok).length;
  console.log(failed === 0 ? 'size budgets: all within limits' : `size budgets: ${failed} check(s) failed`);
  if (failed > 0) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main();
  } catch (error) {
    const code = error instanceof SizeCheckError ? error.code : 'unexpected';
    console.error(`[size] failed (${code}): ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
