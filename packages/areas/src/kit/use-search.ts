import { useEffect, useRef } from 'react';
import { useAreaProps } from './area-context';

/**
 * Declares that the page supports search while the calling component is mounted: the shell shows its
 * search button and calls `onSearch` when it is pressed. Un-declared on unmount, so the button leaves
 * with the page.
 */
export function useDeclareSearch(onSearch: () => void): void {
  const { setSearch } = useAreaProps();
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => {
    setSearch(() => latest.current());
    return () => setSearch(null);
  }, [setSearch]);
}
