/**
 * The page-global registry of the widgets. Legacy pages can end up with the bundle twice (two templates
 * that each add the script tag, or an old and a new copy from two URLs); ES modules from different URLs
 * evaluate twice, so anything that must happen once per page (defining the tags, trading the legacy
 * cookie for a token) is coordinated through one object on `globalThis`, under a `Symbol.for` key that
 * every copy can find without sharing a module.
 */
import type { Sis, SystemNotification } from '@atrium/api';
import type { SessionStore } from '@atrium/session/core';
import { WIDGETS_VERSION } from './version.js';

export const REGISTRY_KEY: unique symbol = Symbol.for('atrium.widgets') as never;

/** What initialize told us, reduced to what the toolbar loader reads (and what copies before 0.2 shared). */
export interface LegacySessionSnapshot {
  readonly sis: Sis;
  readonly notifications: readonly SystemNotification[];
}

/** The page's one session: its store, and the cookie start that fills it (started at most once per page). */
export interface PageSession {
  readonly store: SessionStore;
  /** Starts the session on the page's cookie unless started already; settles when it has (never rejects). */
  start(): Promise<LegacySessionSnapshot | null>;
}

/**
 * The shape stored on `globalThis[Symbol.for('atrium.widgets')]`. It is a cross-version contract: a later
 * version may add fields but must keep these.
 */
export interface WidgetsRegistry {
  /** Version of the copy that created the registry (and, in practice, defined the tags). */
  readonly version: string;
  /** Every version that has loaded on this page, in order. */
  readonly versions: string[];
  /** The page's session store, shared by every copy (the first copy's); null until a copy creates it. */
  session?: PageSession | null;
  /**
   * The session's start as a snapshot promise, for copies of an older version, which read this field
   * instead of `session`; null until the session starts.
   */
  legacySession: Promise<LegacySessionSnapshot | null> | null;
}

type GlobalWithRegistry = typeof globalThis & { [REGISTRY_KEY]?: WidgetsRegistry };

/**
 * The page's registry, created on first use. When another version already created it, warns once for this
 * copy: the first definition of each tag wins, so the page runs the other version's elements.
 */
export function widgetsRegistry(
  version: string = WIDGETS_VERSION,
  target: object = globalThis,
  warn: (message: string) => void = console.warn,
): WidgetsRegistry {
  const scope = target as GlobalWithRegistry;
  let registry = scope[REGISTRY_KEY];
  if (!registry) {
    registry = { version, versions: [version], legacySession: null };
    // Not enumerable and not writable: a page script iterating globals must not trip over it or replace it.
    Object.defineProperty(scope, REGISTRY_KEY, { value: registry, configurable: true });
    return registry;
  }
  if (!registry.versions.includes(version)) {
    registry.versions.push(version);
    // Short: this text ships to every student's legacy page.
    warn(
      `[atrium-widgets] ${version} loaded after ${registry.version}, whose elements stay: load it once per page`,
    );
  }
  return registry;
}

/**
 * Defines `tag` unless it is defined already (never throws on a second load). A different class under the
 * same tag with another version is reported: it is the usual sign of two copies of the bundle.
 */
export function defineOnce(
  tag: string,
  ctor: CustomElementConstructor & { readonly version?: string },
  registry: CustomElementRegistry = customElements,
  warn: (message: string) => void = console.warn,
): CustomElementConstructor {
  const existing = registry.get(tag) as
    (CustomElementConstructor & { readonly version?: string }) | undefined;
  if (!existing) {
    registry.define(tag, ctor);
    return ctor;
  }
  if (existing !== ctor && existing.version !== ctor.version) {
    warn(`[atrium-widgets] <${tag}> is ${existing.version ?? '?'}'s, not ${ctor.version ?? '?'}'s`);
  }
  return existing;
}
