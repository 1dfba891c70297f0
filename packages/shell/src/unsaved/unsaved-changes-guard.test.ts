import { describe, expect, it, vi } from 'vitest';
import { createUnsavedChangesGuard } from './unsaved-changes-guard';

function routingEvent(oldUrl: string, newUrl: string) {
  const cancelNavigation = vi.fn();
  const event = new Event('single-spa:before-routing-event') as Event & { detail: unknown };
  Object.defineProperty(event, 'detail', { value: { oldUrl, newUrl, cancelNavigation } });
  return { event, cancelNavigation };
}

describe('unsaved changes guard', () => {
  it('asks before an in-app navigation, and cancels it when the user stays', async () => {
    const target = new EventTarget();
    const confirmLeave = vi.fn().mockResolvedValue(false);
    const guard = createUnsavedChangesGuard({ target, confirmLeave });
    const uninstall = guard.install();
    guard.setDirty('area', true);
    const { event, cancelNavigation } = routingEvent('http://x/profile', 'http://x/home');
    target.dispatchEvent(event);
    expect(confirmLeave).toHaveBeenCalledTimes(1);
    await expect(cancelNavigation.mock.calls[0]?.[0]).resolves.toBe(true);
    expect(guard.getState().dirty).toBe(true);
    uninstall();
  });

  it('lets the navigation go and forgets the changes when the user leaves', async () => {
    const target = new EventTarget();
    const guard = createUnsavedChangesGuard({ target, confirmLeave: async () => true });
    guard.install();
    guard.setDirty('area', true);
    const { event, cancelNavigation } = routingEvent('http://x/profile', 'http://x/home');
    target.dispatchEvent(event);
    await expect(cancelNavigation.mock.calls[0]?.[0]).resolves.toBe(false);
    expect(guard.getState().dirty).toBe(false);
  });

  it('does not ask when nothing is dirty or only the query changes', () => {
    const target = new EventTarget();
    const confirmLeave = vi.fn().mockResolvedValue(true);
    const guard = createUnsavedChangesGuard({ target, confirmLeave });
    guard.install();
    target.dispatchEvent(routingEvent('http://x/a', 'http://x/b').event);
    guard.setDirty('area', true);
    target.dispatchEvent(routingEvent('http://x/a', 'http://x/a?q=1').event);
    expect(confirmLeave).not.toHaveBeenCalled();
  });

  it('blocks closing the tab while dirty and releases with the area', () => {
    const target = new EventTarget();
    const guard = createUnsavedChangesGuard({ target, confirmLeave: async () => true });
    const uninstall = guard.install();
    guard.setDirty('area', true);
    const unload = new Event('beforeunload', { cancelable: true });
    target.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    guard.release('area');
    const again = new Event('beforeunload', { cancelable: true });
    target.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(false);
    uninstall();
  });
});

describe('navigateAfterConfirm', () => {
  it('changes the address only after the user confirms leaving', async () => {
    const { navigateAfterConfirm } = await import('../services');
    const answers: ((leave: boolean) => void)[] = [];
    const guard = createUnsavedChangesGuard({
      target: new EventTarget(),
      confirmLeave: () => new Promise<boolean>((resolve) => answers.push(resolve)),
    });
    const visited: string[] = [];
    guard.setDirty('area', true);

    const declined = navigateAfterConfirm(guard, '/profile', (to) => visited.push(to));
    await Promise.resolve();
    expect(visited).toEqual([]);
    answers[0]!(false);
    expect(await declined).toBe(false);
    expect(visited).toEqual([]);
    expect(guard.getState().dirty).toBe(true);

    const accepted = navigateAfterConfirm(guard, '/profile', (to) => visited.push(to));
    await Promise.resolve();
    expect(visited).toEqual([]);
    answers[1]!(true);
    expect(await accepted).toBe(true);
    expect(visited).toEqual(['/profile']);
  });
});
