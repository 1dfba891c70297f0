/**
 * 'Acting as … / Switch back' at the top of every shell page while a root user acts as someone else,
 * whatever that user's role: the switched-to user is usually neither root nor hq, so the toolbar (and its
 * Ctrl+Shift+A) is not there for them. The banner is the one the legacy pages show (@atrium/widgets).
 * Switching back tells the other tabs (session.changeUser), which reload as the original user too.
 */
import { api } from '@atrium/api';
import { session } from '@atrium/session';
import { ActingAsBanner } from '@atrium/widgets/acting-as';
import { useSis } from '../use-shell-state';
import { useServices } from '../services';

export function ActingAsSlot() {
  const sis = useSis();
  const services = useServices();
  if (!sis?.acting_as) return null;
  return (
    <ActingAsBanner
      sis={sis}
      api={api}
      onSwitchedBack={() => services.reload()}
      announce={() => session.changeUser()}
    />
  );
}
