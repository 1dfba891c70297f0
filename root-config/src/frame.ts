/**
 * index.html paints a placeholder frame (header band + main) so the first paint is not blank. Once an
 * application has mounted it draws its own chrome, so the placeholder goes: otherwise the page would have two
 * headers and two main landmarks.
 */
export const FRAME_ELEMENT_ID = 'atrium-frame';

export interface FrameDeps {
  getDocument?: () => Document | undefined;
  /** single-spa's getMountedApps. */
  mountedApps: () => string[];
}

/** Hides the frame when at least one app is mounted, shows it again when none is (e.g. all unmounted). */
export function syncFrame(deps: FrameDeps): void {
  const frame = (deps.getDocument ?? (() => globalThis.document))()?.getElementById(FRAME_ELEMENT_ID);
  if (!frame) return;
  frame.hidden = deps.mountedApps().length > 0;
}
