import { expect } from 'chai';
import { WIDGETS_VERSION } from '../src/version.js';
import { REGISTRY_KEY, widgetsRegistry } from '../src/registry.js';

describe('the page-global registry', () => {
  it('lives under Symbol.for("atrium.widgets") and warns once per other version', () => {
    const scope = {};
    const warnings: string[] = [];
    const first = widgetsRegistry('1.0.0', scope, (m) => warnings.push(m));
    expect((scope as Record<symbol, unknown>)[Symbol.for('atrium.widgets')]).to.equal(first);
    expect(REGISTRY_KEY).to.equal(Symbol.for('atrium.widgets'));
    expect(widgetsRegistry('1.0.0', scope, (m) => warnings.push(m))).to.equal(first);
    expect(warnings).to.deep.equal([]);
    widgetsRegistry('2.0.0', scope, (m) => warnings.push(m));
    widgetsRegistry('2.0.0', scope, (m) => warnings.push(m));
    expect(warnings).to.have.length(1);
    expect(first.versions).to.deep.equal(['1.0.0', '2.0.0']);
  });

  it('matches the package version', async () => {
    const pkg = (await (await fetch('/packages/widgets/package.json')).json()) as { version: string };
    expect(WIDGETS_VERSION).to.equal(pkg.version);
  });
});
