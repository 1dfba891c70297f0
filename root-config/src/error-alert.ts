/**
 * The single-spa error handler: every application error is logged with its code and application name, and
 * the page shows '#atrium-load-error' (in index.html: "Part of the page failed to load." + Reload), so no
 * failure leaves a blank or silently broken page.
 */
import { showLoadError } from '@atrium/lifecycles';

/** 'Setting up the product, please wait...' (index.html), shown and hidden by the boot (boot.ts). */
export const BLOCKING_ELEMENT_ID = 'atrium-blocking';
/** The login page's prerendered first screen (index.html), until the login app has taken it over. */
export const PRERENDERED_SELECTOR = '[data-atrium-prerendered]';

/** What single-spa hands the handler: an Error, usually with `appOrParcelName` (and `code` in dev builds). */
export interface ApplicationError {
  message?: string;
  code?: unknown;
  appOrParcelName?: unknown;
}

export interface ErrorAlertDeps {
  getDocument?: () => Document | undefined;
  log?: (message: string, error: unknown) => void;
}

export function describeApplicationError(error: unknown): { app: string; code: string; message: string } {
  const details = (typeof error === 'object' && error !== null ? error : {}) as ApplicationError;
  return {
    app: typeof details.appOrParcelName === 'string' ? details.appOrParcelName : 'unknown application',
    code: details.code === undefined || details.code === null ? 'application-error' : String(details.code),
    message: typeof details.message === 'string' ? details.message : String(error),
  };
}

export function createErrorHandler(deps: ErrorAlertDeps = {}): (error: unknown) => void {
  const getDocument = deps.getDocument ?? (() => globalThis.document);
  const log = deps.log ?? ((message: string, error: unknown) => console.error(message, error));
  return (error: unknown): void => {
    const { app, code, message } = describeApplicationError(error);
    log(`[atrium] ${code} in ${app}: ${message}`, error);
    const document = getDocument();
    // A failed app must not leave the blocking message spinning over it.
    document?.getElementById(BLOCKING_ELEMENT_ID)?.setAttribute('hidden', '');
    // Nor a prerendered screen that no app will ever bring to life: a form that cannot submit misleads.
    document?.querySelectorAll(PRERENDERED_SELECTOR).forEach((element) => element.setAttribute('hidden', ''));
    showLoadError(app, document);
  };
}
