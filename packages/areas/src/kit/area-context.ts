import { createContext, useContext } from 'react';
import type { AreaProps } from '@atrium/ui';

/** The shell's `AreaProps` of the mounted parcel, for every component of the area. */
export const AreaPropsContext = createContext<AreaProps | null>(null);

/** The props the shell passed to this area (see `AreaProps` in @atrium/ui). */
export function useAreaProps(): AreaProps {
  const props = useContext(AreaPropsContext);
  if (props === null) {
    throw new Error('useAreaProps() is only available inside an area made with createArea()');
  }
  return props;
}
