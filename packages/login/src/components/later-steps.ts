/**
 * What the first screen of the login page does not show: the organisation and password steps, the external
 * sign-in panel and the prompt dialogs. One async chunk (webpack, under the @atrium/login System module),
 * so the cold page does not download or parse them (login JS budget); `prefetchLaterSteps` starts
 * the download on the first sign of intent, so by the time a step or a dialog shows it is usually there.
 */
import { lazy } from 'react';
import type * as LaterStepsModule from './later-steps-chunk';

type LaterSteps = typeof LaterStepsModule;

let loading: Promise<LaterSteps> | null = null;

function load(): Promise<LaterSteps> {
  loading ??= import(/* webpackChunkName: "later-steps" */ './later-steps-chunk').catch((error: unknown) => {
    // Forget a failed download, so the next attempt (a render, not only a prefetch) fetches again.
    loading = null;
    throw error;
  });
  return loading;
}

/** Starts loading the later steps; safe to call on every keystroke. */
export function prefetchLaterSteps(): void {
  // A failed prefetch is not an error yet: the render that needs the chunk retries and reports it.
  load().catch(() => undefined);
}

export const OrganizationStep = lazy(() => load().then((m) => ({ default: m.OrganizationStep })));
export const PasswordStep = lazy(() => load().then((m) => ({ default: m.PasswordStep })));
export const ExternalPanel = lazy(() => load().then((m) => ({ default: m.ExternalPanel })));
export const PromptDialog = lazy(() => load().then((m) => ({ default: m.PromptDialog })));
