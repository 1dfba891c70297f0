/**
 * The bridge between the framework-free guard (which wants a Promise<boolean>) and the dialog that the
 * React tree renders: `ask()` opens the question, `answer()` closes it.
 */
export interface ConfirmQueue {
  ask(): Promise<boolean>;
  answer(leave: boolean): void;
  isOpen(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createConfirmQueue(): ConfirmQueue {
  let resolveOpen: ((leave: boolean) => void) | null = null;
  let open: Promise<boolean> | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    ask() {
      open ??= new Promise<boolean>((resolve) => {
        resolveOpen = resolve;
      });
      notify();
      return open;
    },
    answer(leave) {
      const resolve = resolveOpen;
      resolveOpen = null;
      open = null;
      notify();
      resolve?.(leave);
    },
    isOpen: () => open !== null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
