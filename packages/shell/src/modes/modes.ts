/**
 * Display modes that hide the chrome (top bar, side navigation, mobile menu):
 * - direct-link mode: entered with `?direct=1` on any shell URL (a link from an e-mail or a legacy page
 *   that should open one page only); `?direct=0` leaves it.
 * - standalone mode: entered with `?standalone=1`, or automatically when the page runs as an installed
 *   app (`display-mode: standalone`); `?standalone=0` leaves it.
 * A mode lasts for the life of the page: the area may drop the query string as it navigates, and the
 * chrome must not pop in halfway through.
 */
export interface Modes {
  direct: boolean;
  standalone: boolean;
}

function flag(params: URLSearchParams, name: string): boolean | null {
  const value = params.get(name);
  if (value === null) return null;
  return value === '1' || value === 'true' || value === '';
}

export function nextModes(previous: Modes | null, search: string, displayModeStandalone: boolean): Modes {
  const params = new URLSearchParams(search);
  const direct = flag(params, 'direct') ?? previous?.direct ?? false;
  const standalone = flag(params, 'standalone') ?? (previous?.standalone || displayModeStandalone);
  if (previous && previous.direct === direct && previous.standalone === standalone) return previous;
  return { direct, standalone };
}

export function chromeHidden(modes: Modes): boolean {
  return modes.direct || modes.standalone;
}
