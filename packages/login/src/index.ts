/**
 * @atrium/login: the single-spa app of the login page (active at /common/login). The lifecycles are the
 * module's contract with the root config; the cores are exported for tests and reuse.
 */
export { bootstrap, mount, unmount } from './lifecycles';
export { createLoginMachine, landingUrl, HOME_PATH } from './core/login-machine';
export type { BootResult, LoginMachine, LoginMachineDeps, LoginState, Step } from './core/login-machine';
export { createPromptMachine, PROMPT_COPY } from './core/prompt-machine';
export type { PromptKind, PromptMachine, PromptResult, PromptState } from './core/prompt-machine';
export { createCarousel, CAROUSEL_INTERVAL_MS, isRotating } from './core/carousel';
export type { Carousel, CarouselDeps, CarouselState } from './core/carousel';
export { openExternalPopup } from './core/external-popup';
export type { ExternalPopupDeps, PopupOutcome, PopupWindow } from './core/external-popup';
export { isValidPassword, isValidUsername, parseEmail, parseUsername } from './core/validation';
