// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { holdAreaStyles, linkAreaStyles } from './area-styles';

const STYLE = { url: '/assets/peer.0123456789abcdef.css', integrity: 'sha384-abc' };

describe('an area release lists stylesheets', () => {
  it('links each once, with its integrity, and waits until it has loaded', async () => {
    const doc = document.implementation.createHTMLDocument('t');
    let settled = false;
    const first = linkAreaStyles('@atrium/area-peer-app', doc, [STYLE])!.then(() => (settled = true));
    const links = doc.head.querySelectorAll('link');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('integrity')).toBe('sha384-abc');
    expect(links[0]!.getAttribute('href')).toBe(STYLE.url);
    await Promise.resolve();
    expect(settled).toBe(false);
    const again = linkAreaStyles('@atrium/area-peer-app', doc, [STYLE]);
    expect(doc.head.querySelectorAll('link')).toHaveLength(1);
    links[0]!.dispatchEvent(new Event('load'));
    await Promise.all([first, again]);
    expect(settled).toBe(true);
  });

  it('fails the load when a stylesheet fails (the Retry card), and links it afresh next time', async () => {
    const doc = document.implementation.createHTMLDocument('t');
    const loading = linkAreaStyles('@atrium/area-peer-app', doc, [STYLE])!;
    doc.head.querySelector('link')!.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow('failed to load');
    expect(doc.head.querySelector('link')).toBeNull();
  });

  it('applies a stylesheet only while an area that lists it is mounted', () => {
    const doc = document.implementation.createHTMLDocument('t');
    linkAreaStyles('@atrium/area-peer-app', doc, [STYLE])!.catch(() => undefined);
    const link = doc.head.querySelector('link')!;
    // Linked by a load ahead of the mount (a warm-up): fetched, but styling nothing yet.
    expect(link.media).toBe('not all');
    const release = holdAreaStyles('@atrium/area-peer-app', doc, [STYLE]);
    expect(link.hasAttribute('media')).toBe(false);
    release();
    expect(link.media).toBe('not all');
  });

  it('keeps a stylesheet two areas list on until both have unmounted', () => {
    const doc = document.implementation.createHTMLDocument('t');
    linkAreaStyles('@atrium/area-peer-app', doc, [STYLE])!.catch(() => undefined);
    const link = doc.head.querySelector('link')!;
    const first = holdAreaStyles('@atrium/area-peer-app', doc, [STYLE]);
    // A switch mounts the next area before the last one has unmounted.
    const second = holdAreaStyles('@atrium/area-exams', doc, [STYLE]);
    first();
    first();
    expect(link.hasAttribute('media')).toBe(false);
    second();
    expect(link.media).toBe('not all');
  });

  it('costs an area without stylesheets nothing', () => {
    expect(linkAreaStyles('@atrium/area-home', document, [])).toBeNull();
  });
});
