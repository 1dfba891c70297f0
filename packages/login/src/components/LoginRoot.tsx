import { useState } from 'react';
import type { BootResult } from '../core/login-machine';
import { browserDeps } from '../deps';
import { LoginApp } from './LoginApp';
import { useLoginStyles } from './login-styles';

/** The props single-spa passes: the root config's `boot`, plus single-spa's own (ignored here). */
export interface LoginRootProps {
  boot?: () => Promise<BootResult>;
}

/** Without a boot function (mounted outside the root config) a sign-in still lands on the home page. */
const noBoot = async (): Promise<BootResult> => 'started';

export function LoginRoot({ boot }: LoginRootProps) {
  // Read once per mount: the location's query (returnUrl) belongs to this visit of the page.
  const [deps] = useState(() => browserDeps(boot ?? noBoot));
  const styled = useLoginStyles();
  return styled ? <LoginApp deps={deps} /> : null;
}
