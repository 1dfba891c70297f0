/** Fakes shared by the core tests: a manual clock and a scriptable popup. */
import type { ExternalPopupDeps, PopupMessage, PopupWindow } from './external-popup';

export function manualTimers() {
  let now = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; every: number | null; callback: () => void }>();
  return {
    setTimeout(callback: () => void, ms: number): unknown {
      timers.set(++seq, { at: now + ms, every: null, callback });
      return seq;
    },
    setInterval(callback: () => void, ms: number): unknown {
      timers.set(++seq, { at: now + ms, every: ms, callback });
      return seq;
    },
    clear(handle: unknown) {
      timers.delete(handle as number);
    },
    pending: () => timers.size,
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const next = [...timers.entries()].sort((a, b) => a[1].at - b[1].at)[0];
        if (!next || next[1].at > end) break;
        const [id, timer] = next;
        now = timer.at;
        if (timer.every === null) timers.delete(id);
        else timer.at += timer.every;
        timer.callback();
      }
      now = end;
    },
  };
}

export class FakePopup implements PopupWindow {
  closed = false;
  focused = 0;
  close() {
    this.closed = true;
  }
  focus() {
    this.focused++;
  }
}

export function fakePopupDeps(origin = 'http://127.0.0.1:8181') {
  const timers = manualTimers();
  const listeners = new Set<(event: PopupMessage) => void>();
  const opened: { url: string; popup: FakePopup | null }[] = [];
  let block = false;
  const deps: ExternalPopupDeps = {
    open(url) {
      const popup = block ? null : new FakePopup();
      opened.push({ url, popup });
      return popup;
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    origin,
    setInterval: timers.setInterval,
    clearInterval: timers.clear,
  };
  return {
    deps,
    timers,
    opened,
    listeners,
    blockPopups(value: boolean) {
      block = value;
    },
    post(event: PopupMessage) {
      for (const listener of [...listeners]) listener(event);
    },
  };
}
