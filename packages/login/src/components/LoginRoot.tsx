import { useState } from 'react';
import type { BootResult } from '../core/login-machine';
import { browserDeps } from '../deps';
import { LoginApp } from './LoginApp';
import { useLoginStyles } from './login-styles';

/** The props single-spa passes: the root config's `boot` and `prepare`, plus single-spa's own (ignored here). */
export interface LoginRootProps {
  boot?: () => Promise<BootResult>;
  /** The root config's early start of what a sign-in needs next (see deps.ts). */
  prepare?: () => Promise<unknown>;
}

/** Without a boot function (mounted outside the root config) a sign-in still lands on the home page. */
const noBoot = async (): Promise<BootResult> => 'started';

export function LoginRoot({ boot, prepare }: LoginRootProps) {
  // Read once per mount: the location's query (returnUrl) belongs to this visit of the page.
  const [deps] = useState(() => browserDeps(boot ?? noBoot, prepare));
  const styled = useLoginStyles();
  return styled ? <LoginApp deps={deps} /> : null;
}
