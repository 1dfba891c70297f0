/**
 * @atrium/login: the single-spa app of the login page (active at /common/login). The lifecycles are the
 * module's contract with the root config and its only values: this barrel is the System module's entry,
 * where every value export would ship to every login page whether anything imports it or not (login JS
 * budget). The cores (login steps, prompts, carousel, SSO popup, validation) are framework-free modules
 * under core/, tested there; their types are here for readers of the contract.
 */
export { bootstrap, mount, unmount } from './lifecycles';
export type { BootResult, LoginMachine, LoginMachineDeps, LoginState, Step } from './core/login-machine';
export type { PromptKind, PromptMachine, PromptResult, PromptState } from './core/prompt-machine';
export type { Carousel, CarouselDeps, CarouselState } from './core/carousel';
export type { ExternalPopupDeps, PopupOutcome, PopupWindow } from './core/external-popup';
