import { useEffect } from 'react';
import { useAreaProps } from './area-context';

/**
 * Tells the shell whether the page holds unsaved changes; while it does, leaving asks SPEC's
 * 'There are unsaved changes. Are you sure you wish to leave?'. When the page unmounts (the user chose
 * to leave) the flag is cleared, so it cannot outlive the changes it guarded.
 */
export function useUnsavedChanges(dirty: boolean): void {
  const { setDirty } = useAreaProps();
  useEffect(() => {
    setDirty(dirty);
  }, [dirty, setDirty]);
  useEffect(() => () => setDirty(false), [setDirty]);
}
