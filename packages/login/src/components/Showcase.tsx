import { memo, useId, useRef } from 'react';
import type { KeyboardEvent, RefObject } from 'react';
import { Button } from '@atrium/ui';
import { isRotating } from '../core/carousel';
import type { Carousel } from '../core/carousel';
import { useStore } from '@atrium/store/react';

export interface ShowcaseProps {
  carousel: Carousel;
  id: string;
  /** Narrow screens: the showcase is its own view, with a way back to the form. */
  onClose: () => void;
  backRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The WAI-ARIA APG "tabbed carousel": a region with aria-roledescription="carousel", a rotation control
 * first, a tablist to pick a slide, and tabpanels with aria-roledescription="slide". The slide container
 * is a polite live region only while rotation is off, so automatic changes are not read out.
 */
/**
 * Memoised: the form's state changes on every keystroke, and re-rendering the showcase with it would make
 * each keystroke's task several times longer on a slow CPU.
 */
export const Showcase = memo(function Showcase({ carousel, id, onClose, backRef }: ShowcaseProps) {
  const state = useStore(carousel.store);
  const baseId = useId();
  const rotationRef = useRef<HTMLButtonElement>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const rotating = isRotating(state);
  const count = state.items.length;

  const pick = (index: number) => {
    carousel.select(index);
    tabRefs.current[index]?.focus();
  };
  const onTabKey = (event: KeyboardEvent) => {
    const last = count - 1;
    const moves: Record<string, number> = {
      ArrowRight: state.index === last ? 0 : state.index + 1,
      ArrowLeft: state.index === 0 ? last : state.index - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    pick(target);
  };

  return (
    <section
      id={id}
      className="atr-showcase"
      aria-roledescription="carousel"
      aria-label="Apps of the suite"
      onMouseEnter={() => carousel.setHovered(true)}
      onMouseLeave={() => carousel.setHovered(false)}
      onFocus={(event) => {
        // APG: keyboard focus inside stops rotation until Play; the view and rotation controls are exempt.
        if (event.target !== rotationRef.current && event.target !== backRef.current) carousel.focusEntered();
      }}
    >
      <div className="atr-showcase__bar">
        <Button ref={backRef} className="atr-showcase__back" onClick={onClose}>
          Back to Sign In
        </Button>
        {count > 1 ? (
          <Button
            ref={rotationRef}
            className="atr-showcase__rotation"
            onClick={() => carousel.toggleRotation()}
          >
            <span aria-hidden="true" className="atr-showcase__icon">
              {state.stopped ? '▶' : '❚❚'}
            </span>
            {state.stopped ? 'Play slide show' : 'Pause slide show'}
          </Button>
        ) : null}
        {count > 1 ? (
          <div role="tablist" aria-label="Choose an app" className="atr-showcase__tabs" onKeyDown={onTabKey}>
            {state.items.map((app, i) => (
              <button
                key={app.key}
                ref={(element) => {
                  tabRefs.current[i] = element;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${i}`}
                aria-selected={i === state.index}
                aria-controls={`${baseId}-slide-${i}`}
                tabIndex={i === state.index ? 0 : -1}
                className="atr-showcase__tab"
                onClick={() => pick(i)}
              >
                <img src={app.logo} alt={app.name} width={32} height={32} />
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <div className="atr-showcase__slides" aria-live={rotating ? 'off' : 'polite'}>
        {state.items.map((app, i) => (
          <div
            key={app.key}
            id={`${baseId}-slide-${i}`}
            role={count > 1 ? 'tabpanel' : 'group'}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            hidden={i !== state.index}
            className="atr-showcase__slide"
          >
            {/* The hero is an illustration of what the text says: decorative for a screen reader. */}
            <img
              className="atr-showcase__hero"
              src={app.img}
              alt=""
              width={640}
              height={360}
              loading="lazy"
            />
            <div className="atr-showcase__text">
              <img
                className="atr-showcase__logo"
                src={app.logo}
                alt={`${app.name} logo`}
                width={48}
                height={48}
              />
              <h2 className="atr-showcase__name">{app.name}</h2>
              <p className="atr-showcase__description">{app.description}</p>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
});
