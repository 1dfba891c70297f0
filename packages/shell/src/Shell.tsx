import { useEffect, useMemo, useRef, useState } from 'react';
import { Spinner, useKitStyles, useStyles } from '@atrium/ui';
import shellCss from './shell.css';
import { chromeHidden, nextModes } from './modes/modes';
import type { Modes } from './modes/modes';
import { evaluateGuard } from './routes/guards';
import { matchRoute } from './routes/match';
import { useLocationSearch, useMobile, usePathname, useSessionStatus, useSis } from './use-shell-state';
import { ServicesContext, getBrowserServices, useServices } from './services';
import type { ShellServices } from './services';
import { ActingAsSlot } from './dev-tools/ActingAsSlot';
import { DevToolbarSlot } from './dev-tools/DevToolbarSlot';
import { NotificationBarSlot } from './notifications/NotificationBarSlot';
import { AreaOutlet } from './areas/AreaOutlet';
import { routeModule } from './routes/route-table';
import { BootErrorAlert } from './routes/BootErrorAlert';
import { Forbidden } from './routes/Forbidden';
import { SideNav } from './chrome/SideNav';
import { TopBar } from './chrome/TopBar';
import { UnsavedChangesDialog } from './unsaved/UnsavedChangesDialog';
import { navSections } from './chrome/nav-items';
import { startAfterPaint } from './start-after-paint';
import { finishServerScreen } from './server-screen';

export interface ShellProps {
  /** From the root config's customProps: runs the boot sequence again (the boot error's Retry). */
  boot?: () => Promise<unknown>;
  /** Tests pass fakes; the page uses the browser's. */
  services?: ShellServices;
}

/** The root component of `@atrium/shell`. */
export function Shell({ boot, services }: ShellProps) {
  const value = useMemo(() => services ?? getBrowserServices(), [services]);
  return (
    <ServicesContext.Provider value={value}>
      <ShellLayout boot={boot} />
    </ServicesContext.Provider>
  );
}

const MAIN_ID = 'atrium-main';

function ShellLayout({ boot }: { boot: (() => Promise<unknown>) | undefined }) {
  useKitStyles();
  useStyles(shellCss);
  const services = useServices();
  const pathname = usePathname();
  const search = useLocationSearch();
  const status = useSessionStatus();
  const sis = useSis();
  const mobile = useMobile();
  const match = useMemo(() => matchRoute(pathname), [pathname]);
  const decision = evaluateGuard(match.route, { status, sis });
  const modes = useModes(search, services);
  const sections = useMemo(() => navSections({ status, sis }), [status, sis]);
  const restricted = !!sis?.access_restricted;
  const mainRef = useRef<HTMLElement>(null);

  useEffect(() => services.unsaved.install(), [services]);
  useEffect(() => startAfterPaint(() => services.updates.start()), [services]);

  const redirectTo = decision.kind === 'redirect' ? decision.to : null;
  useEffect(() => {
    if (redirectTo !== null) services.redirect(redirectTo);
  }, [redirectTo, services]);

  useEffect(() => {
    document.title = `${match.route.title} · Atrium`;
  }, [match.route.title]);

  // After an in-app navigation from outside the page content (side nav, top bar), move focus to the new
  // content so keyboard and screen-reader users start there. Navigation inside an area keeps its focus.
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    const main = mainRef.current;
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: false });
  }, [pathname]);

  const hidden = chromeHidden(modes);
  const signedIn = status === 'started' && !!sis;

  // A server-rendered page's first screen is complete (server-screen.ts) when the area has mounted (the
  // outlet says so), or at once when the page shows anything else.
  const showsArea = decision.kind === 'allow' && routeModule(match.route) !== null;
  useEffect(() => {
    if (!showsArea) finishServerScreen();
  }, [showsArea]);

  let content;
  switch (decision.kind) {
    case 'allow':
      content = showsArea ? (
        <AreaOutlet
          route={match.route}
          area={match.route.area}
          pathname={pathname}
          onSettled={finishServerScreen}
        />
      ) : null;
      break;
    case 'pending':
      content = (
        <div className="atrium-area-loading">
          <Spinner label="Loading…" />
        </div>
      );
      break;
    case 'boot-error':
      content = <BootErrorAlert boot={boot} />;
      break;
    case 'forbidden':
      content = <Forbidden />;
      break;
    case 'redirect':
      content = null;
      break;
  }

  return (
    <div className={hidden ? 'atrium-shell atrium-shell--bare' : 'atrium-shell'}>
      <a
        className="atrium-skip"
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          // A hash change would be a route change for single-spa: move focus ourselves.
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        Skip to main content
      </a>
      <ActingAsSlot />
      {hidden ? null : (
        <TopBar
          currentPath={match.route.path}
          appKey={match.route.appKey}
          sections={sections}
          showHelp={signedIn && !mobile && !restricted}
          signedIn={signedIn}
        />
      )}
      {/* The notification bar is chrome (SPEC section 2 lists it with the side navigation and the mobile
          menu), so direct-link and standalone modes hide it with the rest. */}
      {hidden ? null : <NotificationBarSlot route={pathname} />}
      <div className="atrium-shell__body">
        {hidden ? null : <SideNav sections={sections} currentPath={match.route.path} />}
        <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="atrium-shell__main">
          {content}
        </main>
      </div>
      <DevToolbarSlot />
      <UnsavedChangesDialog />
    </div>
  );
}

/** Direct-link and standalone modes, sticky for the life of the page (see modes.ts). */
function useModes(search: string, services: ShellServices): Modes {
  const [modes, setModes] = useState<Modes>(() => nextModes(null, search, services.displayModeStandalone()));
  useEffect(() => {
    setModes((previous) => nextModes(previous, search, services.displayModeStandalone()));
  }, [search, services]);
  return modes;
}
