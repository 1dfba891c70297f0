import type { CatalogueApp } from '@atrium/api';
import { AreaLink } from '../kit/AreaLink';
import { appEntryHref } from '../kit/area-routes';

/** One app of the launcher: logo, name (the link) and what the app is for. */
export function AppCard({ app }: { app: CatalogueApp }) {
  return (
    <article className="home-card" aria-labelledby={`home-card-${app.key}`}>
      {/* Decorative: the app's name is right beside it. */}
      <img className="home-card__logo" src={app.logo} alt="" width={48} height={48} />
      <h2 className="home-card__name" id={`home-card-${app.key}`}>
        <AreaLink href={appEntryHref(app.key)} className="atr-link home-card__link">
          {app.name}
        </AreaLink>
      </h2>
      <p className="home-card__description">{app.description}</p>
    </article>
  );
}
