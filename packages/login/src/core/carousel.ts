/**
 * The app showcase carousel (SPEC sections 1, 4 and 9): the apps in random order, advancing every
 * 20000 ms only while the viewport is at least 992 px wide.
 *
 * Beyond the original, per the WAI-ARIA APG carousel pattern and WCAG 2.2.2: a rotation control;
 * hovering stops rotation until the pointer leaves; keyboard focus inside the carousel stops it until
 * the user presses Play; prefers-reduced-motion starts it stopped (the user may still press Play,
 * an explicit choice).
 */
import type { ShowcaseApp } from '@atrium/api';
import { shuffle } from './shuffle';
import { createStore } from '@atrium/store';
import type { Store } from '@atrium/store';

export const CAROUSEL_INTERVAL_MS = 20_000;
export const WIDE_QUERY = '(min-width: 992px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export interface MediaQueryLike {
  readonly matches: boolean;
  addEventListener(type: 'change', listener: () => void): void;
  removeEventListener(type: 'change', listener: () => void): void;
}

export interface CarouselDeps {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  matchMedia(query: string): MediaQueryLike;
  random(): number;
}

export interface CarouselState {
  items: readonly ShowcaseApp[];
  index: number;
  /** Stopped by the rotation control, by keyboard focus, or by reduced motion. */
  stopped: boolean;
  hovered: boolean;
  wide: boolean;
}

export interface Carousel {
  store: Store<CarouselState>;
  setItems(items: readonly ShowcaseApp[]): void;
  select(index: number): void;
  next(): void;
  /** The rotation control: Play or Pause. */
  toggleRotation(): void;
  setHovered(hovered: boolean): void;
  /** Keyboard focus moved into the carousel. */
  focusEntered(): void;
  dispose(): void;
}

/** Whether the carousel advances by itself right now. */
export function isRotating(state: CarouselState): boolean {
  return state.items.length > 1 && state.wide && !state.stopped && !state.hovered;
}

export function createCarousel(deps: CarouselDeps): Carousel {
  const wide = deps.matchMedia(WIDE_QUERY);
  const reduced = deps.matchMedia(REDUCED_MOTION_QUERY);
  const store = createStore<CarouselState>({
    items: [],
    index: 0,
    stopped: reduced.matches,
    hovered: false,
    wide: wide.matches,
  });

  let timer: unknown = null;
  let armedFor: number | null = null;

  // One timer per shown slide: a hand pick or a resume restarts the full 20 s.
  const sync = () => {
    const state = store.getState();
    const want = isRotating(state) ? state.index : null;
    if (want === armedFor) return;
    if (timer !== null) deps.clearTimeout(timer);
    timer = null;
    armedFor = want;
    if (want !== null) {
      timer = deps.setTimeout(() => {
        timer = null;
        armedFor = null;
        carousel.next();
      }, CAROUSEL_INTERVAL_MS);
    }
  };
  const unsubscribe = store.subscribe(sync);

  const onWide = () => store.setState({ wide: wide.matches });
  const onReduced = () => {
    if (reduced.matches) store.setState({ stopped: true });
  };
  wide.addEventListener('change', onWide);
  reduced.addEventListener('change', onReduced);

  const carousel: Carousel = {
    store,
    setItems(items) {
      store.setState({ items: shuffle(items, deps.random), index: 0 });
    },
    select(index) {
      const { items } = store.getState();
      if (index < 0 || index >= items.length) return;
      // Re-arm even when the same slide is picked again, so a pick always gets its full 20 s.
      armedFor = null;
      if (timer !== null) deps.clearTimeout(timer);
      timer = null;
      store.setState({ index });
    },
    next() {
      const { items, index } = store.getState();
      if (items.length > 0) carousel.select((index + 1) % items.length);
    },
    toggleRotation() {
      store.setState((s) => ({ stopped: !s.stopped }));
    },
    setHovered(hovered) {
      if (store.getState().hovered !== hovered) store.setState({ hovered });
    },
    focusEntered() {
      if (!store.getState().stopped) store.setState({ stopped: true });
    },
    dispose() {
      unsubscribe();
      wide.removeEventListener('change', onWide);
      reduced.removeEventListener('change', onReduced);
      if (timer !== null) deps.clearTimeout(timer);
      timer = null;
    },
  };
  return carousel;
}
