import { HOME_PATH } from '@atrium/api';
import { useEffect } from 'react';
import { useStore } from '@atrium/store/react';
import { migrationMapSource } from '@atrium/migration';
import { Spinner, useStyles } from '@atrium/ui';
import { useAreaProps } from '../kit/area-context';
import { AreaLayout } from '../kit/AreaLayout';
import { AreaLink } from '../kit/AreaLink';
import { extTarget } from './ext-target';
import extCss from './ext.css';

function currentSearch(path: string): string {
  // The shell passes the pathname only; the query of the same location belongs to the page it names.
  return typeof location !== 'undefined' && location.pathname === path ? location.search : '';
}

/**
 * ext/**: a legacy page shown inside the shell, or a clear refusal for any other address. What counts as a
 * legacy page is the migration map's legacy prefixes: the bundled map at once, the server's (with the
 * deployment's ATRIUM_LEGACY_PREFIXES) once it has come; an address only the server's map admits waits
 * for it rather than being refused too early.
 */
export function ExtArea() {
  useStyles(extCss);
  const { path } = useAreaProps();
  const { map, settled } = useStore(migrationMapSource);
  useEffect(() => {
    void migrationMapSource.load();
  }, []);
  const prefixes = map.legacyPrefixes;
  const target = extTarget(path, location.origin, currentSearch(path), prefixes);
  if (target === null && !settled) {
    return <Spinner label="Loading…" />;
  }
  if (target === null) {
    return (
      <AreaLayout
        title="This address can't be shown"
        lead={`Only pages of the legacy screens (addresses under ${prefixes.join(', ')}) can be shown inside Atrium.`}
      >
        <p>
          The address <code>{path}</code> does not name one of them.
        </p>
        <p>
          <AreaLink href={HOME_PATH}>Go to the home page</AreaLink>
        </p>
      </AreaLayout>
    );
  }
  return (
    <AreaLayout title="Legacy page" lead={<code>{target}</code>}>
      <p className="atr-area__actions">
        <a className="atr-link" href={target}>
          Open full page
        </a>
      </p>
      <iframe className="ext-frame" title={`Legacy page ${target}`} src={target} />
    </AreaLayout>
  );
}
