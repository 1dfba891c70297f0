import { describe, expect, it } from 'vitest';
import { createUnreadCounter, unreadBadgeText, unreadLabel } from './unread-counter';

function harness() {
  const answers: { resolve: (n: number) => void; reject: (e: Error) => void }[] = [];
  let visible: (() => void) | null = null;
  const counter = createUnreadCounter({
    fetchCount: () => new Promise<number>((resolve, reject) => answers.push({ resolve, reject })),
    onVisible: (fn) => {
      visible = fn;
      return () => {
        visible = null;
      };
    },
  });
  return { counter, answers, becomeVisible: () => visible?.(), isListening: () => visible !== null };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createUnreadCounter', () => {
  it('fetches on start and again each time the tab becomes visible', async () => {
    const { counter, answers, becomeVisible } = harness();
    const seen: (number | null)[] = [];
    counter.subscribe(() => seen.push(counter.getState().count));
    counter.start();
    expect(counter.getState().count).toBeNull();
    answers[0]!.resolve(3);
    await tick();
    expect(counter.getState().count).toBe(3);
    becomeVisible();
    answers[1]!.resolve(5);
    await tick();
    expect(seen).toEqual([3, 5]);
  });

  it('hides the count when the call fails, and shows it again when one succeeds', async () => {
    const { counter, answers, becomeVisible } = harness();
    counter.start();
    answers[0]!.resolve(2);
    await tick();
    becomeVisible();
    answers[1]!.reject(new Error('offline'));
    await tick();
    expect(counter.getState().count).toBeNull();
    becomeVisible();
    answers[2]!.resolve(1);
    await tick();
    expect(counter.getState().count).toBe(1);
  });

  it('keeps the newest answer when an older one arrives late, and stops listening when stopped', async () => {
    const { counter, answers, becomeVisible, isListening } = harness();
    const stop = counter.start();
    becomeVisible();
    answers[1]!.resolve(7);
    answers[0]!.resolve(4);
    await tick();
    expect(counter.getState().count).toBe(7);
    stop();
    expect(isListening()).toBe(false);
  });
});

describe('badge text', () => {
  it('names the count for screen readers and caps what it shows', () => {
    expect(unreadLabel(3)).toBe('3 unread notifications');
    expect(unreadLabel(1)).toBe('1 unread notification');
    expect(unreadBadgeText(7)).toBe('7');
    expect(unreadBadgeText(250)).toBe('99+');
  });
});
