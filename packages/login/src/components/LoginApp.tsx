import { Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button, Spinner } from '@atrium/ui';
import { createCarousel } from '../core/carousel';
import { createLoginMachine } from '../core/login-machine';
import type { PromptKind } from '../core/prompt-machine';
import type { LoginDeps } from '../deps';
import { useStore } from '@atrium/store/react';
import { Footer } from './Footer';
import { OrganizationStep, PasswordStep, PromptDialog, prefetchLaterSteps } from './later-steps';
import { Showcase } from './Showcase';
import { UsernameStep } from './UsernameStep';
import { useLoginSettings } from './use-login-settings';

/** The login page: the form card and the app showcase (two columns, or two views under 992 px). */
export function LoginApp({ deps }: { deps: LoginDeps }) {
  const [machine] = useState(() => createLoginMachine(deps));
  const [carousel] = useState(() => createCarousel(deps.carousel));
  const [showApps, setShowApps] = useState(false);
  const showcaseId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  const viewChanged = useRef(false);
  const state = useStore(machine.store);
  const [prompt, setPrompt] = useState<{ kind: PromptKind; value: string } | null>(null);
  const settings = useLoginSettings(deps.api);
  const showHelpLinks = settings.status === 'ready' && !settings.lockdown;

  useEffect(() => () => machine.dispose(), [machine]);
  useEffect(() => () => carousel.dispose(), [carousel]);
  useEffect(() => carousel.setItems(settings.apps), [carousel, settings.apps]);

  // Switching views on a narrow screen moves focus to the control that switches back.
  useEffect(() => {
    if (!viewChanged.current) return;
    (showApps ? backRef : toggleRef).current?.focus();
  }, [showApps]);
  const switchView = useCallback((apps: boolean) => {
    viewChanged.current = true;
    setShowApps(apps);
  }, []);
  // Stable, so the memoised showcase does not re-render on every keystroke in the form.
  const closeApps = useCallback(() => switchView(false), [switchView]);

  const openPrompt = (kind: PromptKind, value = '') => {
    prefetchLaterSteps();
    setPrompt({ kind, value });
  };

  return (
    <div className="atr-login" data-view={showApps ? 'apps' : 'form'}>
      {/* One main landmark and one h1 for both narrow views: the form and the showcase live inside. */}
      <main className="atr-login__main">
        <h1 className="atr-visually-hidden">Sign in to Atrium</h1>
        <div className="atr-login__form-column">
          <div className="atr-login__card">
            <p className="atr-login__brand">
              <img src="/static/atrium-logo.webp" alt="" width={32} height={32} />
              <span>Atrium</span>
            </p>
            <h2 className="atr-login__title">Sign In</h2>
            {state.step === 'organization' || state.step === 'password' ? (
              // The later steps are a lazy chunk (later-steps.ts), usually prefetched while the username was
              // typed; until it is there, the card says so rather than jumping to empty.
              <Suspense fallback={<Spinner label="Loading..." />}>
                {state.step === 'organization' ? (
                  <OrganizationStep state={state} machine={machine} />
                ) : (
                  <PasswordStep
                    state={state}
                    machine={machine}
                    showHelpLinks={showHelpLinks}
                    onForgotPassword={() => openPrompt('forgot-password', state.username)}
                  />
                )}
              </Suspense>
            ) : (
              <UsernameStep
                state={state}
                machine={machine}
                showHelpLinks={showHelpLinks}
                onPrompt={openPrompt}
                onIntent={prefetchLaterSteps}
              />
            )}
            <Button
              ref={toggleRef}
              className="atr-login__apps-toggle"
              aria-expanded={showApps}
              aria-controls={showcaseId}
              onClick={() => switchView(true)}
            >
              Explore the Apps
            </Button>
          </div>
        </div>
        {/* Suspense boundaries that never suspend: on the prerendered page (lifecycles.tsx) each is hydrated
            on its own, so a keystroke in the form does not wait for the showcase and footer to hydrate. */}
        <Suspense fallback={null}>
          <Showcase carousel={carousel} id={showcaseId} backRef={backRef} onClose={closeApps} />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer
          termsUrl={settings.termsUrl}
          privacyUrl={settings.privacyUrl}
          origin={deps.location.origin}
          year={deps.now().getFullYear()}
        />
      </Suspense>
      {prompt ? (
        // Mounted only while a prompt is open, so its chunk loads on demand; meanwhile focus stays on the
        // link that opened it, and the dialog's trap returns it there on close.
        <Suspense fallback={null}>
          <PromptDialog
            api={deps.api}
            kind={prompt.kind}
            value={prompt.value}
            onClose={() => setPrompt(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
