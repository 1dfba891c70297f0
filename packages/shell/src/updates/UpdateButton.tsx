import { Button } from '@atrium/ui';
import { useUpdateStatus } from '../use-shell-state';
import { useServices } from '../services';

/** Shown only when an update is 'available' or 'required'; a click loads the new build. */
export function UpdateButton() {
  const status = useUpdateStatus();
  const { reload } = useServices();
  if (status === 'none') return null;
  return (
    <Button
      variant={status === 'required' ? 'primary' : 'secondary'}
      className="atrium-topbar__button"
      onClick={reload}
    >
      {status === 'required' ? 'Update required' : 'Update available'}
    </Button>
  );
}
