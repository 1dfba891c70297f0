export { Shell } from './Shell';
export type { ShellProps } from './Shell';
export { ShellCrash } from './ShellCrash';
export { AreaErrorCard } from './AreaErrorCard';
export { navSections } from './nav-items';
export type { NavSection } from './nav-items';
