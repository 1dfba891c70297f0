import { HOME_PATH } from '@atrium/api';
import { AreaLayout } from '../kit/AreaLayout';
import { useAreaProps } from '../kit/area-context';
import { AreaLink } from '../kit/AreaLink';

/** Any address the route table does not know. */
export function NotFoundArea() {
  const { path } = useAreaProps();
  return (
    <AreaLayout title="Page not found" lead="The address may be mistyped, or the page may have moved.">
      <p>
        There is no page at <code>{path}</code>.
      </p>
      <p>
        <AreaLink href={HOME_PATH}>Go to the home page</AreaLink>
      </p>
    </AreaLayout>
  );
}
