import { startTransition, useEffect, useState } from 'react';
import { APP_CATALOGUE } from '@atrium/api';
import type { LoginSettings, ShowcaseApp } from '@atrium/api';
import type { LoginApi } from '../deps';

export interface SettingsView {
  status: 'loading' | 'ready' | 'failed';
  lockdown: boolean;
  apps: readonly ShowcaseApp[];
  termsUrl: string | null;
  privacyUrl: string | null;
}

const EXAMS_ONLY = (apps: readonly ShowcaseApp[]) => apps.filter((app) => app.key === 'exams');

/**
 * Login settings, loaded once. Until they arrive (and if they never do) the help links stay hidden: in
 * lockdown they must never flash on screen, so the safe default is "hidden". The showcase falls back to
 * the built-in catalogue so the page never looks broken.
 */
export function toSettingsView(settings: LoginSettings): SettingsView {
  return {
    status: 'ready',
    lockdown: settings.lockdown,
    // The server already filters in lockdown; filtering here too keeps the rule in one visible place.
    apps: settings.lockdown ? EXAMS_ONLY(settings.apps) : settings.apps,
    termsUrl: settings.terms_url,
    privacyUrl: settings.privacy_url,
  };
}

const LOADING: SettingsView = {
  status: 'loading',
  lockdown: true,
  apps: [],
  termsUrl: null,
  privacyUrl: null,
};
const FAILED: SettingsView = {
  status: 'failed',
  lockdown: true,
  apps: APP_CATALOGUE,
  termsUrl: null,
  privacyUrl: null,
};

export function useLoginSettings(api: Pick<LoginApi, 'loginSettings'>): SettingsView {
  const [view, setView] = useState<SettingsView>(LOADING);
  useEffect(() => {
    const controller = new AbortController();
    api.loginSettings({ signal: controller.signal }).then(
      // A transition: what the settings add (help links, footer addresses, the showcase's apps) renders in
      // slices that yield to typing, instead of in one task while the user may be typing.
      (settings) => startTransition(() => setView(toSettingsView(settings))),
      () => {
        if (!controller.signal.aborted) setView(FAILED);
      },
    );
    return () => controller.abort();
  }, [api]);
  return view;
}
