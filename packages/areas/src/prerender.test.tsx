import { describe, expect, it } from 'vitest';
import { collectStyles } from '@atrium/ui/collect-styles';
import type { AreaProps } from '@atrium/ui';
import { renderAreaFrame } from './prerender';

const props: AreaProps = {
  routePath: 'home',
  path: '/home',
  appKey: null,
  currentApplication: null,
  title: 'Home',
  navigate: () => {},
  setDirty: () => {},
  setSearch: () => {},
};

describe('renderAreaFrame', () => {
  it("draws home's launcher as its parcel's first render, with the stylesheets it uses", () => {
    const styles: string[] = [];
    const html = collectStyles(
      (css) => styles.push(css),
      () => renderAreaFrame('home', props),
    );
    expect(html).toContain('<ul class="home-launcher" aria-label="Apps">');
    expect(html).toContain('Learning Management');
    expect(html).toMatch(/<a href="\/educate" class="atr-link home-card__link">/);
    expect(styles.join('\n')).toContain('.home-card');
  });

  it('draws nothing for an area that needs data of its own first', () => {
    expect(renderAreaFrame('evaluations', { ...props, routePath: 'evaluations' })).toBeNull();
  });
});
