/**
 * The bridge between the framework-free guard (which wants a Promise<boolean>) and the dialog that the
 * React tree renders: `ask()` opens the question, `answer()` closes it.
 */
import { createStore } from '@atrium/store';
import type { ReadableStore } from '@atrium/store';

export interface ConfirmQueueState {
  /** The question is on screen. */
  open: boolean;
}

export interface ConfirmQueue extends ReadableStore<ConfirmQueueState> {
  ask(): Promise<boolean>;
  answer(leave: boolean): void;
}

export function createConfirmQueue(): ConfirmQueue {
  let resolveOpen: ((leave: boolean) => void) | null = null;
  let open: Promise<boolean> | null = null;
  const store = createStore<ConfirmQueueState>({ open: false });
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    ask() {
      open ??= new Promise<boolean>((resolve) => {
        resolveOpen = resolve;
      });
      store.setState({ open: true });
      return open;
    },
    answer(leave) {
      const resolve = resolveOpen;
      resolveOpen = null;
      open = null;
      store.setState({ open: false });
      resolve?.(leave);
    },
  };
}
