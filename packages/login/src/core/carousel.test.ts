import { describe, expect, it } from 'vitest';
import { APP_CATALOGUE } from '@atrium/api';
import {
  CAROUSEL_INTERVAL_MS,
  REDUCED_MOTION_QUERY,
  WIDE_QUERY,
  createCarousel,
  isRotating,
} from './carousel';
import type { MediaQueryLike } from './carousel';
import { manualTimers } from './test-helpers';

class FakeMedia implements MediaQueryLike {
  private listeners = new Set<() => void>();
  constructor(public matches: boolean) {}
  addEventListener(_: 'change', listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_: 'change', listener: () => void) {
    this.listeners.delete(listener);
  }
  set(matches: boolean) {
    this.matches = matches;
    for (const l of this.listeners) l();
  }
}

function setup({
  wide = true,
  reduced = false,
  random = (): number => 0.5,
}: { wide?: boolean; reduced?: boolean; random?: () => number } = {}) {
  const timers = manualTimers();
  const media = { [WIDE_QUERY]: new FakeMedia(wide), [REDUCED_MOTION_QUERY]: new FakeMedia(reduced) };
  const carousel = createCarousel({
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clear,
    matchMedia: (q) => media[q as keyof typeof media],
    random,
  });
  carousel.setItems(APP_CATALOGUE);
  return { carousel, timers, media, index: () => carousel.store.getState().index };
}

describe('carousel', () => {
  it('advances every 20000 ms on wide screens', () => {
    const { timers, index } = setup();
    timers.advance(CAROUSEL_INTERVAL_MS - 1);
    expect(index()).toBe(0);
    timers.advance(1);
    expect(index()).toBe(1);
    timers.advance(CAROUSEL_INTERVAL_MS * 6);
    expect(index()).toBe(0); // wrapped around 7 slides
  });

  it('does not advance under 992 px, and starts when the screen widens', () => {
    const { timers, index, media } = setup({ wide: false });
    timers.advance(CAROUSEL_INTERVAL_MS * 3);
    expect(index()).toBe(0);
    media[WIDE_QUERY].set(true);
    timers.advance(CAROUSEL_INTERVAL_MS);
    expect(index()).toBe(1);
  });

  it('shuffles with the injected random source', () => {
    const a = setup({ random: () => 0 })
      .carousel.store.getState()
      .items.map((x) => x.key);
    const b = setup({ random: () => 0.99 })
      .carousel.store.getState()
      .items.map((x) => x.key);
    expect(a).not.toEqual(b);
    expect([...a].sort()).toEqual([...b].sort());
  });

  it('a hand pick shows that slide and restarts the full interval', () => {
    const { carousel, timers, index } = setup();
    timers.advance(15_000);
    carousel.select(4);
    timers.advance(15_000);
    expect(index()).toBe(4);
    timers.advance(5_000);
    expect(index()).toBe(5);
  });

  it('pauses on hover, stops on focus until Play, and under reduced motion', () => {
    const { carousel, timers, index } = setup();
    carousel.setHovered(true);
    timers.advance(CAROUSEL_INTERVAL_MS * 2);
    expect(index()).toBe(0);
    carousel.setHovered(false);
    timers.advance(CAROUSEL_INTERVAL_MS);
    expect(index()).toBe(1);
    carousel.focusEntered();
    expect(isRotating(carousel.store.getState())).toBe(false);
    timers.advance(CAROUSEL_INTERVAL_MS * 2);
    expect(index()).toBe(1);
    carousel.toggleRotation();
    timers.advance(CAROUSEL_INTERVAL_MS);
    expect(index()).toBe(2);

    const reduced = setup({ reduced: true });
    expect(reduced.carousel.store.getState().stopped).toBe(true);
    reduced.timers.advance(CAROUSEL_INTERVAL_MS * 2);
    expect(reduced.index()).toBe(0);
  });

  it('dispose leaves no timer behind', () => {
    const { carousel, timers } = setup();
    carousel.dispose();
    expect(timers.pending()).toBe(0);
  });
});
