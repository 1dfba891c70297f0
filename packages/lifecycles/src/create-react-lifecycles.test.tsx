// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useContext, useEffect, useRef, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppProps } from 'single-spa';
import { SingleSpaContext as TeamsSingleSpaContext } from 'single-spa-react';
import { createReactLifecycles, SingleSpaContext } from './create-react-lifecycles.js';
import type { RenderErrorProps } from './create-react-lifecycles.js';
import { RenderErrorFallback } from './RenderErrorFallback.js';

afterEach(() => {
  document.body.innerHTML = '';
});

/** What single-spa hands an application's lifecycles. */
function appProps(name: string, extra: object = {}): AppProps & Record<string, unknown> {
  return {
    name,
    singleSpa: {},
    mountParcel: vi.fn(),
    ...extra,
  } as unknown as AppProps & Record<string, unknown>;
}

function Fallback({ retry }: RenderErrorProps) {
  return (
    <RenderErrorFallback title="This page could not be shown" retry={retry}>
      Something went wrong.
    </RenderErrorFallback>
  );
}

describe('createReactLifecycles', () => {
  it('mounts the root into its own container with the props, updates it, and leaves nothing behind', async () => {
    function Greeting({ who, name }: { who?: string } & AppProps) {
      const context = useContext(SingleSpaContext);
      return (
        <p>
          Hello {who} from {name} ({context?.name})
        </p>
      );
    }
    const lifecycles = createReactLifecycles<{ who?: string }>({ root: Greeting, fallback: Fallback });
    const props = appProps('@atrium/greeting', { who: 'student' });
    await lifecycles.bootstrap(props);
    await lifecycles.mount(props);
    const container = document.getElementById('single-spa-application:@atrium/greeting');
    expect(container?.textContent).toBe('Hello student from @atrium/greeting (@atrium/greeting)');
    await lifecycles.update({ ...props, who: 'faculty' });
    expect(container?.textContent).toBe('Hello faculty from @atrium/greeting (@atrium/greeting)');
    await lifecycles.unmount(props);
    expect(container?.innerHTML).toBe('');
  });

  it("gives the props through single-spa-react's SingleSpaContext, the one other teams' areas read", async () => {
    function Reader() {
      // What an outside team's component does: it imports the context from single-spa-react itself.
      const teams = useContext(TeamsSingleSpaContext);
      const ours = useContext(SingleSpaContext);
      return (
        <p>
          {teams.name} {ours.name}
        </p>
      );
    }
    const lifecycles = createReactLifecycles({ root: Reader, fallback: Fallback });
    const host = document.body.appendChild(document.createElement('div'));
    const props = appProps('@atrium/reader', { domElement: host });
    await lifecycles.mount(props);
    expect(host.textContent).toBe('@atrium/reader @atrium/reader');
    await lifecycles.unmount(props);
  });

  it('renders at once when the user has just acted, and in a transition during the page load', async () => {
    const lifecycles = createReactLifecycles({ root: () => <p>Here</p>, fallback: Fallback });
    const activation = { isActive: true };
    vi.stubGlobal('navigator', { ...navigator, userActivation: activation });
    try {
      const host = document.body.appendChild(document.createElement('div'));
      const mounted = lifecycles.mount(appProps('@atrium/clicked', { domElement: host }));
      // In the same task as the mount call: the frame the user is waiting for carries it.
      expect(host.textContent).toBe('Here');
      await mounted;

      activation.isActive = false;
      const other = document.body.appendChild(document.createElement('div'));
      const loading = lifecycles.mount(appProps('@atrium/loading', { domElement: other }));
      // Not yet: React renders it in slices that leave the main thread to input.
      expect(other.textContent).toBe('');
      await loading;
      expect(other.textContent).toBe('Here');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('renders where domElement says', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const lifecycles = createReactLifecycles({
      root: () => <p>Here</p>,
      fallback: Fallback,
      domElement: () => host,
    });
    const props = appProps('@atrium/here');
    await lifecycles.bootstrap(props);
    await lifecycles.mount(props);
    expect(host.textContent).toBe('Here');
    await lifecycles.unmount(props);
  });

  it('keeps a render error inside the app, logs it with the name, and Retry renders the root again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('boom');
      return <h1>Recovered</h1>;
    }
    const lifecycles = createReactLifecycles({ root: Flaky, fallback: Fallback });
    const props = appProps('@atrium/flaky');
    await lifecycles.bootstrap(props);
    await lifecycles.mount(props);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This page could not be shown');
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong.');
    // Once, with the app's name (React's own report of a caught error is the other line).
    expect(error.mock.calls.filter(([message]) => String(message).includes('@atrium/flaky'))).toHaveLength(1);
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Recovered'));
    expect(screen.queryByRole('alert')).toBeNull();
    await lifecycles.unmount(props);
  });

  it('resolves an update once React has committed it, the fallback included when the new props break the root', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Page({ page }: { page?: string }) {
      if (page === 'broken') throw new Error('no such page');
      return <h1>{page}</h1>;
    }
    const lifecycles = createReactLifecycles<{ page?: string }>({ root: Page, fallback: Fallback });
    const host = document.body.appendChild(document.createElement('div'));
    const props = appProps('@atrium/pages', { domElement: host, page: 'One' });
    await lifecycles.mount(props);
    expect(host.textContent).toBe('One');
    await lifecycles.update({ ...props, page: 'Two' });
    expect(host.textContent).toBe('Two');
    await lifecycles.update({ ...props, page: 'broken' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This page could not be shown');
    await lifecycles.unmount(props);
    expect(host.innerHTML).toBe('');
  });

  it('with hydrate, adopts the server-rendered markup instead of replacing it', async () => {
    function Form() {
      return (
        <form aria-label="Sign in">
          <input name="username" aria-label="Username" />
        </form>
      );
    }
    const container = document.body.appendChild(document.createElement('div'));
    container.id = 'single-spa-application:@atrium/form';
    container.innerHTML = renderToString(<Form />);
    const prerendered = container.querySelector('input');
    const recoverable = vi.spyOn(console, 'error');
    const lifecycles = createReactLifecycles({ root: Form, fallback: Fallback, hydrate: true });
    const props = appProps('@atrium/form');
    await lifecycles.bootstrap(props);
    await lifecycles.mount(props);
    // The same input element: React took over the node the page painted (typed text and focus stay).
    expect(container.querySelector('input')).toBe(prerendered);
    expect(recoverable).not.toHaveBeenCalled();
    await lifecycles.unmount(props);
  });

  it("with hydrate, holds keys back from React until the hydration's effects have run, then takes over what was typed", async () => {
    const keys: string[] = [];
    function Field() {
      const [value, setValue] = useState('');
      const ref = useRef<HTMLInputElement>(null);
      // What the login's UsernameStep does: the hydration's first effects take over what the field holds.
      useEffect(() => {
        if (ref.current && ref.current.value !== '') setValue(ref.current.value);
        // A key after the commit, before the root's own effects: still held (the app's stores may not have
        // subscribed yet, and a change they miss would be undone by the next render).
        ref.current?.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', bubbles: true }));
      }, []);
      return (
        <input
          ref={ref}
          aria-label="Username"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => keys.push(event.key)}
        />
      );
    }
    const container = document.body.appendChild(document.createElement('div'));
    container.id = 'single-spa-application:@atrium/held';
    container.innerHTML = renderToString(<Field />);
    const field = container.querySelector('input')!;
    const lifecycles = createReactLifecycles({ root: Field, fallback: Fallback, hydrate: true });
    const props = appProps('@atrium/held');
    const mounted = lifecycles.mount(props);
    // React listens from here on, with nothing hydrated yet: without the hold this key would make it hydrate
    // the whole root at once, inside the key's handler, and run onKeyDown.
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 's', bubbles: true }));
    field.value = 's';
    expect(keys).toEqual([]);
    await mounted;
    expect(keys).toEqual([]);
    expect(field.value).toBe('s');
    // Then the field is React's: the next key reaches it, and what was typed is in the state.
    await userEvent.type(field, 'a');
    expect(keys).toEqual(['a']);
    expect(field.value).toBe('sa');
    await lifecycles.unmount(props);
  });

  it('with hydrate, ends the hold once the fallback is in when the root throws on the client', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let onServer = true;
    function Fragile() {
      if (!onServer) throw new Error('client only');
      return <p>Served</p>;
    }
    const container = document.body.appendChild(document.createElement('div'));
    container.id = 'single-spa-application:@atrium/fragile';
    container.innerHTML = renderToString(<Fragile />);
    onServer = false;
    const retried: string[] = [];
    function Recording({ retry }: RenderErrorProps) {
      return (
        <button type="button" onClick={() => (retried.push('retry'), retry())}>
          Retry
        </button>
      );
    }
    const lifecycles = createReactLifecycles({ root: Fragile, fallback: Recording, hydrate: true });
    const props = appProps('@atrium/fragile');
    await lifecycles.mount(props);
    // Within the hold's time limit, the fallback's button already answers: the hold ended with its effects.
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(retried).toEqual(['retry']);
    await lifecycles.unmount(props);
  });

  it('without hydrate, replaces what the container held', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.id = 'single-spa-application:@atrium/fresh';
    container.innerHTML = '<input name="username">';
    const before = container.querySelector('input');
    const lifecycles = createReactLifecycles({ root: () => <input name="username" />, fallback: Fallback });
    const props = appProps('@atrium/fresh');
    await lifecycles.bootstrap(props);
    await lifecycles.mount(props);
    expect(container.querySelectorAll('input')).toHaveLength(1);
    expect(container.querySelector('input')).not.toBe(before);
    await lifecycles.unmount(props);
  });

  it('with hydrate as a function, hydrates only a container that it accepts', async () => {
    function Field() {
      return <input name="username" aria-label="Username" />;
    }
    const lifecycles = createReactLifecycles({
      root: Field,
      fallback: Fallback,
      hydrate: (container) => container.hasAttribute('data-prerendered'),
    });
    const served = document.body.appendChild(document.createElement('div'));
    served.id = 'single-spa-application:@atrium/served';
    served.setAttribute('data-prerendered', '');
    served.innerHTML = renderToString(<Field />);
    const painted = served.querySelector('input');
    const plain = document.body.appendChild(document.createElement('div'));
    plain.id = 'single-spa-application:@atrium/plain';
    plain.innerHTML = renderToString(<Field />);
    const stale = plain.querySelector('input');

    await lifecycles.mount(appProps('@atrium/served'));
    await lifecycles.mount(appProps('@atrium/plain'));
    expect(served.querySelector('input')).toBe(painted);
    expect(plain.querySelector('input')).not.toBe(stale);
    await lifecycles.unmount(appProps('@atrium/served'));
    await lifecycles.unmount(appProps('@atrium/plain'));
  });
});
