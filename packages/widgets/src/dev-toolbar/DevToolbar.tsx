/**
 * The developer toolbar (SPEC section 2): root and headquarters users only, toggled with Ctrl+Shift+A.
 * The same component runs in the React shell and, wrapped as `<atrium-dev-toolbar>`, on legacy pages.
 *
 * What is hidden here is a convenience, not a permission: the server refuses every one of these actions
 * (roster, swap, user switch) to anyone who is not allowed them.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useScrollRoom } from './scroll-room.js';
import { useStore } from '@atrium/store/react';
import { ADMIN_PANEL_PATH, api as defaultApi } from '@atrium/api';
import {
  migrationMapSource,
  newCounterpart,
  swapToLegacyTarget,
  type MigrationMapSource,
} from '@atrium/migration';
import type { ApiClient, School, Sis } from '@atrium/api';
import { canSeeDevToolbar, session as defaultSession, useSession } from '@atrium/session';
import type { SessionState, SessionStore } from '@atrium/session';
import { Alert, Button, VisuallyHidden, afterNextPaint, kitCss, useStyles } from '@atrium/ui';
import { RecordVideoButton } from '../record-video/index.js';
import { ReleasesPanel } from '../releases-panel/index.js';
import { ActingAsBanner } from './ActingAsBanner.js';
import { isToggleShortcut } from './hotkey.js';
import { SchoolPicker } from './SchoolPicker.js';
import { swapSchool } from './school-swap.js';
import { devToolbarCss } from './styles.js';
import { UserSwitcher } from './UserSwitcher.js';

export const REQUEST_LOG_URL = '/lapi/telescope/requests';
export const ADMIN_PANEL_URL = ADMIN_PANEL_PATH;
export const LEGACY_HOME_URL = '/legacy/';

/** Where the toolbar runs: inside the new shell, or on a legacy page (the `<atrium-dev-toolbar>` element). */
export type DevToolbarPlace = 'shell' | 'legacy';

export type DevToolbarApi = Pick<
  ApiClient,
  'roster' | 'swapCompany' | 'devUsers' | 'switchUser' | 'switchBack'
>;

export interface DevToolbarProps {
  /** Start open (the toolbar otherwise waits for Ctrl+Shift+A). */
  defaultOpen?: boolean;
  /**
   * Mounted because the user just pressed Ctrl+Shift+A (legacy pages load the toolbar's code on that first
   * press): open at once and behave as if toggled, moving focus in and back out on close.
   */
  openedByShortcut?: boolean;
  /** Side effects, injectable for tests; the defaults are the page's own. */
  api?: DevToolbarApi;
  store?: Pick<SessionStore, 'getState' | 'subscribe' | 'changeSchool' | 'changeUser'>;
  navigate?: (url: string) => void;
  reload?: () => void;
  /**
   * 'shell' (the new front end) offers 'Swap to Legacy' to the current page's legacy counterpart;
   * 'legacy' (default, the element) offers 'Open in the new Atrium' where the page has a new counterpart.
   */
  place?: DevToolbarPlace;
  /** The page's address; the shell passes its route so the links follow in-app navigation. */
  pathname?: string;
  search?: string;
  /** False where the host renders the acting-as banner itself (the shell does, for every user). */
  showActingAs?: boolean;
  /** The migration map (the page's source by default: the bundled map, then the server's). */
  migrationMap?: MigrationMapSource;
}

const selectSis = (state: SessionState): Sis | null => state.sis;
const browserNavigate = (url: string) => window.location.assign(url);
const browserReload = () => window.location.reload();

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function DevToolbar({
  defaultOpen = false,
  openedByShortcut = false,
  api = defaultApi,
  store = defaultSession,
  navigate = browserNavigate,
  reload = browserReload,
  place = 'legacy',
  pathname,
  search,
  showActingAs = true,
  migrationMap = migrationMapSource,
}: DevToolbarProps) {
  useStyles(kitCss, devToolbarCss);
  const sis = useSession(selectSis, store);
  const allowed = canSeeDevToolbar(sis);
  const { map } = useStore(migrationMap);
  useEffect(() => {
    if (allowed) return afterNextPaint(() => void migrationMap.load());
  }, [allowed, migrationMap]);
  const here = {
    pathname: pathname ?? window.location.pathname,
    search: search ?? (pathname === undefined ? window.location.search : ''),
  };
  const [open, setOpen] = useState(defaultOpen || openedByShortcut);
  // The user list is fetched on the first opening, not on every page the toolbar is mounted on.
  const [everOpened, setEverOpened] = useState(defaultOpen || openedByShortcut);
  const [schools, setSchools] = useState<School[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; continueTo: string | null } | null>(null);
  const [swapping, setSwapping] = useState(false);
  const regionRef = useRef<HTMLElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(
    openedByShortcut && document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  const isRoot = !!sis?.user.is_root;

  const toggle = useCallback(() => {
    setOpen((current) => {
      if (!current && document.activeElement instanceof HTMLElement) {
        returnFocusRef.current = document.activeElement;
      }
      return !current;
    });
  }, []);

  // On `window`, so the shortcut works wherever focus is; removed on unmount (parcels come and go). In the
  // commit that renders the toolbar (a layout effect), so a host that held the shortcut until now (the
  // shell's slot) hands it over with no moment where both or neither hear it.
  useLayoutEffect(() => {
    if (!allowed) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isToggleShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [allowed, toggle]);

  // The panel is a manual popover: in the top layer, above any z-index the page uses (a fixed footer at
  // 1000), and out of it when closed. Before the focus effect below, which needs it displayed.
  useLayoutEffect(() => {
    const region = regionRef.current;
    if (!region || typeof region.showPopover !== 'function') return;
    const showing = region.matches(':popover-open');
    if (open && !showing) region.showPopover();
    if (!open && showing) region.hidePopover();
  }, [open, allowed, sis]);

  // On a legacy page the open panel leaves the page scroll room for its last controls (scroll-room.ts).
  useScrollRoom(regionRef, place === 'legacy' && open && allowed);

  // Opening moves focus into the toolbar; closing gives it back to where the user was.
  const wasOpen = useRef(open && !openedByShortcut);
  useEffect(() => {
    if (open) setEverOpened(true);
    if (open && !wasOpen.current) regionRef.current?.focus();
    if (!open && wasOpen.current) {
      const target = returnFocusRef.current;
      returnFocusRef.current = null;
      if (target?.isConnected) target.focus();
    }
    wasOpen.current = open;
  }, [open]);

  // The roster is root-only and fetched when the toolbar is first opened, not on every page load.
  useEffect(() => {
    if (!open || !isRoot || schools !== null) return;
    const controller = new AbortController();
    const cancel = afterNextPaint(() =>
      api.roster({ signal: controller.signal }).then(setSchools, (cause: unknown) => {
        if (controller.signal.aborted) return;
        setSchools([]);
        setError(`The schools could not be loaded. ${messageOf(cause)}`);
      }),
    );
    return () => {
      cancel();
      controller.abort();
    };
  }, [open, isRoot, schools, api]);

  const onPickSchool = async (school: School) => {
    if (!sis) return;
    setSwapping(true);
    setError(null);
    setNotice({ text: `Switching to ${school.abbreviation}…`, continueTo: null });
    try {
      const destination = await swapSchool(school, {
        api,
        environment: sis.environment,
        // The school's home is an Atrium page: on a legacy page of another host, Atrium's origin.
        origin: new URL(defaultApi.urlOf('/'), window.location.href).origin,
        navigate,
        announce: () => store.changeSchool(),
      });
      if (destination.refused) {
        setSwapping(false);
        setNotice({
          text:
            `You are now working in ${school.abbreviation}, but its address is not a plain school name, ` +
            'so you stay on this site and go to its home page instead.',
          continueTo: destination.url,
        });
      }
    } catch (cause) {
      setSwapping(false);
      setNotice(null);
      setError(`The school could not be switched. ${messageOf(cause)}`);
    }
  };

  const banner =
    showActingAs && sis?.acting_as ? (
      <ActingAsBanner
        sis={sis}
        api={api}
        onSwitchedBack={reload}
        announce={() => store.changeUser()}
        floating
      />
    ) : null;
  const newPage = place === 'legacy' ? newCounterpart(map, here.pathname, here.search) : null;
  if (!allowed || !sis) return banner;

  return (
    <>
      {banner}
      {/* Closed means hidden, not unmounted: a recording in progress (RecordVideoButton) must survive the
          user hiding the toolbar, which is exactly what they do before reproducing a problem on camera. */}
      <section
        hidden={!open}
        popover="manual"
        ref={regionRef}
        className="atrium-devtb"
        aria-labelledby="atrium-devtb-title"
        tabIndex={-1}
        onKeyDown={(event) => {
          // Escape closes the toolbar unless an inner control (the school list) used it first.
          if (event.key === 'Escape' && !event.defaultPrevented) toggle();
        }}
      >
        <h2 className="atrium-devtb__title" id="atrium-devtb-title">
          Developer toolbar
        </h2>
        {sis.telescope_enabled ? (
          <a
            className="atr-btn"
            // On Atrium's origin, which on a legacy page of another host is not the page's.
            href={defaultApi.urlOf(REQUEST_LOG_URL)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Request log<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </a>
        ) : null}
        <RecordVideoButton />
        {isRoot && everOpened ? (
          <UserSwitcher
            api={api}
            currentUsername={sis.user.username}
            onSwitched={() => {
              store.changeUser();
              reload();
            }}
            onError={(message) => setError(`The user could not be switched. ${message}`)}
          />
        ) : null}
        {isRoot ? (
          // Every link the widgets make is Atrium's: on a legacy page of another host, not the page's.
          <a className="atr-btn" href={defaultApi.urlOf(ADMIN_PANEL_URL)}>
            Admin panel
          </a>
        ) : null}
        {place === 'shell' && isRoot && sis.environment === 'production' ? (
          <a className="atr-btn" href={swapToLegacyTarget(map, here.pathname, here.search)}>
            Swap to Legacy
          </a>
        ) : null}
        {newPage !== null ? (
          <a className="atr-btn" href={defaultApi.urlOf(newPage)}>
            Open in the new Atrium
          </a>
        ) : null}
        {isRoot ? <ReleasesPanel reload={reload} /> : null}
        {isRoot && schools !== null && schools.length > 0 ? (
          <SchoolPicker
            schools={schools}
            disabled={swapping}
            onPick={(school) => void onPickSchool(school)}
          />
        ) : null}
        <Button className="atrium-devtb__end" onClick={toggle}>
          Close toolbar
        </Button>
        {notice ? (
          <div className="atrium-devtb__message">
            <Alert tone="info">
              {notice.text}{' '}
              {notice.continueTo !== null ? (
                <Button variant="link" onClick={() => navigate(notice.continueTo ?? '/')}>
                  Continue to the home page
                </Button>
              ) : null}
            </Alert>
          </div>
        ) : null}
        {error ? (
          <div className="atrium-devtb__message">
            <Alert tone="error" live="assertive">
              {error}
            </Alert>
          </div>
        ) : null}
      </section>
    </>
  );
}
