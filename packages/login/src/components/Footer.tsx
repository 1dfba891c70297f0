import { memo } from 'react';
import { safeLinkUrl } from '../core/safe-link';

export interface FooterProps {
  termsUrl: string | null;
  privacyUrl: string | null;
  origin: string;
  year: number;
}

/** Memoised, like the showcase: nothing in it changes while the user types. */
export const Footer = memo(function Footer({ termsUrl, privacyUrl, origin, year }: FooterProps) {
  const terms = termsUrl === null ? null : safeLinkUrl(termsUrl, origin);
  const privacy = privacyUrl === null ? null : safeLinkUrl(privacyUrl, origin);
  return (
    <footer className="atr-login__footer">
      <nav aria-label="Legal">
        <ul>
          {/* Until settings give the addresses, the links are shown without one (not focusable). */}
          <li>{terms ? <a href={terms}>Terms of Use</a> : <span>Terms of Use</span>}</li>
          <li>{privacy ? <a href={privacy}>Privacy Policy</a> : <span>Privacy Policy</span>}</li>
        </ul>
      </nav>
      {/* The page's prerendered year is the build's: across a new year hydration (lifecycles.tsx) must not
          fail on it, which would replace the form and what was typed into it. */}
      <p suppressHydrationWarning>© {year} Atrium. All rights reserved.</p>
    </footer>
  );
});
