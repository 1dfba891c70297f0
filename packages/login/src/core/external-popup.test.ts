import { describe, expect, it, vi } from 'vitest';
import { CLOSED_POLL_MS, openExternalPopup } from './external-popup';
import { fakePopupDeps } from './test-helpers';

const ORIGIN = 'http://127.0.0.1:8181';

function start() {
  const fake = fakePopupDeps(ORIGIN);
  const onOutcome = vi.fn();
  const handle = openExternalPopup(
    fake.deps,
    { url: '/common/login/sso/authorize?state=s1', state: 's1' },
    onOutcome,
  );
  const popup = fake.opened[0]?.popup ?? null;
  return { fake, onOutcome, handle, popup };
}

describe('openExternalPopup', () => {
  it('accepts the code only from our origin, our popup and our state', () => {
    const { fake, onOutcome, popup } = start();
    const data = { type: 'atrium-sso', state: 's1', code: 'c1' };
    fake.post({ origin: 'http://127.0.0.1:8181.evil.example', source: popup, data });
    expect(onOutcome).toHaveBeenLastCalledWith({ type: 'foreign-origin' });
    fake.post({ origin: 'http://127.0.0.1:818', source: popup, data });
    fake.post({ origin: ORIGIN, source: {}, data });
    fake.post({ origin: ORIGIN, source: popup, data: { ...data, state: 'other' } });
    fake.post({ origin: ORIGIN, source: popup, data: 'atrium-sso' });
    expect(onOutcome).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'code' }));
    fake.post({ origin: ORIGIN, source: popup, data });
    expect(onOutcome).toHaveBeenLastCalledWith({ type: 'code', code: 'c1' });
    expect(popup?.closed).toBe(true);
    expect(fake.listeners.size).toBe(0);
  });

  it('reports a blocked popup', () => {
    const fake = fakePopupDeps(ORIGIN);
    fake.blockPopups(true);
    const onOutcome = vi.fn();
    openExternalPopup(fake.deps, { url: '/x', state: 's' }, onOutcome);
    expect(onOutcome).toHaveBeenCalledWith({ type: 'blocked' });
  });

  it('reports a popup closed by the user, after a short grace for a late message', () => {
    const { fake, onOutcome, popup } = start();
    popup!.closed = true;
    fake.timers.advance(CLOSED_POLL_MS * 2);
    expect(onOutcome).not.toHaveBeenCalled();
    fake.timers.advance(CLOSED_POLL_MS);
    expect(onOutcome).toHaveBeenCalledWith({ type: 'closed' });
    expect(fake.timers.pending()).toBe(0);
  });

  it('takes a message that arrives just after the popup closed itself', () => {
    const { fake, onOutcome, popup } = start();
    popup!.closed = true;
    fake.timers.advance(CLOSED_POLL_MS);
    fake.post({ origin: ORIGIN, source: popup, data: { type: 'atrium-sso', state: 's1', code: 'late' } });
    fake.timers.advance(CLOSED_POLL_MS * 5);
    expect(onOutcome.mock.calls).toEqual([[{ type: 'code', code: 'late' }]]);
  });

  it('cancel closes the popup and stops listening', () => {
    const { fake, onOutcome, handle, popup } = start();
    handle.cancel();
    expect(popup?.closed).toBe(true);
    fake.timers.advance(CLOSED_POLL_MS * 10);
    expect(onOutcome).not.toHaveBeenCalled();
    expect(fake.listeners.size).toBe(0);
  });
});
