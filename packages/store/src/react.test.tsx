// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from './create-store.js';
import type { Store } from './create-store.js';
import { useStore } from './react.js';

afterEach(cleanup);

interface Todos {
  filter: 'all' | 'done';
  items: ReadonlyArray<{ title: string; done: boolean }>;
  unrelated: number;
}

function makeStore(): Store<Todos> {
  return createStore<Todos>({
    filter: 'all',
    items: [
      { title: 'Read the syllabus', done: true },
      { title: 'Book the exam', done: false },
    ],
    unrelated: 0,
  });
}

describe('useStore', () => {
  it('renders the whole state without a selector and follows every change', () => {
    const store = createStore({ count: 0 });
    function Counter() {
      const { count } = useStore(store);
      return <p>Count: {count}</p>;
    }
    render(<Counter />);
    expect(screen.getByText('Count: 0')).toBeTruthy();
    act(() => store.setState({ count: 3 }));
    expect(screen.getByText('Count: 3')).toBeTruthy();
  });

  it('re-renders only when the selected value changes', () => {
    const store = makeStore();
    let renders = 0;
    function Filter() {
      renders += 1;
      const filter = useStore(store, (state) => state.filter);
      return <p>Showing {filter}</p>;
    }
    render(<Filter />);
    expect(renders).toBe(1);
    act(() => store.setState({ unrelated: 1 }));
    expect(renders).toBe(1);
    act(() => store.setState({ filter: 'done' }));
    expect(screen.getByText('Showing done')).toBeTruthy();
    expect(renders).toBe(2);
  });

  it('accepts a selector that derives a fresh array each call', () => {
    const store = makeStore();
    function List() {
      const titles = useStore(store, (state) =>
        state.items.filter((item) => state.filter === 'all' || item.done).map((item) => item.title),
      );
      return (
        <ul aria-label="Tasks">
          {titles.map((title) => (
            <li key={title}>{title}</li>
          ))}
        </ul>
      );
    }
    render(<List />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Read the syllabus',
      'Book the exam',
    ]);
    act(() => store.setState({ filter: 'done' }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Read the syllabus']);
  });

  it('stops listening when the component unmounts', () => {
    const store = createStore({ count: 0 });
    let listeners = 0;
    const counted = {
      getState: store.getState,
      subscribe: (listener: () => void) => {
        listeners += 1;
        const unsubscribe = store.subscribe(listener);
        return () => {
          listeners -= 1;
          unsubscribe();
        };
      },
    };
    function Counter() {
      return <p>{useStore(counted, (state) => state.count)}</p>;
    }
    const { unmount } = render(<Counter />);
    expect(listeners).toBe(1);
    unmount();
    expect(listeners).toBe(0);
  });
});
