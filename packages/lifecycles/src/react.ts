/**
 * `@atrium/lifecycles/react`: React apps and parcels as single-spa lifecycles (login, shell, every area).
 */
export { createReactLifecycles, SingleSpaContext } from './create-react-lifecycles.js';
export type { ReactLifecycles, ReactLifecyclesOptions, RenderErrorProps } from './create-react-lifecycles.js';
export { RenderErrorFallback } from './RenderErrorFallback.js';
export type { RenderErrorFallbackProps } from './RenderErrorFallback.js';
