import type { AreaProps } from '@atrium/ui';

const noop = (): void => {};

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

function nullableText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function callback<T extends (...args: never[]) => void>(value: unknown, fallback: T): T {
  return typeof value === 'function' ? (value as T) : fallback;
}

/**
 * Picks `AreaProps` out of the props single-spa hands a parcel (which also carry `name`, `domElement`,
 * `singleSpa`, `mountParcel`). Parcel props arrive untyped at run time, so a shell that forgets one still
 * gets a working page: navigation falls back to a full page load, and the guards to no-ops.
 */
export function toAreaProps(raw: Partial<Record<keyof AreaProps, unknown>>): AreaProps {
  const fallbackPath = typeof location === 'undefined' ? '/' : location.pathname;
  return {
    routePath: text(raw.routePath, ''),
    path: text(raw.path, fallbackPath),
    appKey: nullableText(raw.appKey),
    currentApplication: nullableText(raw.currentApplication),
    title: text(raw.title, ''),
    navigate: callback(raw.navigate, (to: string) => location.assign(to)),
    setDirty: callback(raw.setDirty, noop),
    setSearch: callback(raw.setSearch, noop),
  };
}
