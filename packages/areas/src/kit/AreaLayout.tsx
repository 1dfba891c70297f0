import { useId } from 'react';
import type { ReactNode } from 'react';
import { kitCss, useStyles } from '@atrium/ui';
import areaCss from './area.css';

export interface AreaLayoutProps {
  /** The page's one h1. */
  title: ReactNode;
  /** A sentence under the title: what the page is for. */
  lead?: ReactNode;
  /** Shown before the title, e.g. an app's logo. */
  media?: ReactNode;
  children?: ReactNode;
}

/**
 * The frame of every area: a <section> named by its h1 (the shell owns <main> and the other landmarks),
 * a lead paragraph, and the content. It adopts the kit's stylesheets, which leave with the area.
 */
export function AreaLayout({ title, lead, media, children }: AreaLayoutProps) {
  useStyles(kitCss, areaCss);
  const headingId = useId();
  return (
    <section className="atr-area" aria-labelledby={headingId}>
      <header className="atr-area__header">
        {media}
        <div>
          <h1 id={headingId} className="atr-area__title">
            {title}
          </h1>
          {lead ? <p className="atr-area__lead">{lead}</p> : null}
        </div>
      </header>
      {children}
    </section>
  );
}

export interface AreaSectionProps {
  /** An h2 naming the section. */
  title: ReactNode;
  children?: ReactNode;
}

/** A titled part of an area page, named by its h2 for screen-reader navigation. */
export function AreaSection({ title, children }: AreaSectionProps) {
  const headingId = useId();
  return (
    <section className="atr-area__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
