import { toSafeSameOriginUrl } from '@atrium/api';

/**
 * A footer link from login settings: a same-origin path, or an absolute https address (policies often
 * live on another site). Anything else (javascript:, data:, protocol-relative...) gives null.
 */
export function safeLinkUrl(value: string, origin: string): string | null {
  const sameOrigin = toSafeSameOriginUrl(value, origin);
  if (sameOrigin !== null) return sameOrigin;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && url.password === '' ? url.href : null;
  } catch {
    return null;
  }
}
