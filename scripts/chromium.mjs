/**
 * Debian's Chromium, the one browser every test layer and the bench use (no browser downloads work here),
 * and the flags this machine needs: no sandbox in the container, no background traffic to closed hosts.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = Object.freeze([
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);
