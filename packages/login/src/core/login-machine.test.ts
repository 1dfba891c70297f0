import { describe, expect, it, vi } from 'vitest';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '@atrium/api';
import type { LookupResponse } from '@atrium/api';
import { createLoginMachine, landingUrl } from './login-machine';
import type { BootResult, LoginMachineDeps } from './login-machine';
import { fakePopupDeps } from './test-helpers';

const ORIGIN = 'http://127.0.0.1:8181';
const ORGS = [
  { company_id: 1, name: 'Northfield University' },
  { company_id: 2, name: 'Lakeside College' },
];

function setup(overrides: { lookup?: LookupResponse; boot?: BootResult; search?: string } = {}) {
  const popup = fakePopupDeps(ORIGIN);
  const api = {
    lookup: vi.fn(
      async () => overrides.lookup ?? { success: true as const, next: 'password' as const, companies: [] },
    ),
    login: vi.fn(async ({ password }: { password: string }) =>
      password === 'atrium-demo'
        ? { success: true }
        : { success: false, message: 'The username or password is incorrect.' },
    ),
    externalStart: vi.fn(async () => ({
      success: true as const,
      url: '/common/login/sso/authorize?state=s1',
      state: 's1',
    })),
    externalComplete: vi.fn(async () => ({ success: true })),
  };
  const boot = vi.fn(async (): Promise<BootResult> => overrides.boot ?? 'started');
  const navigate = vi.fn();
  const prepare = vi.fn();
  const deps: LoginMachineDeps = {
    api: api as unknown as LoginMachineDeps['api'],
    boot,
    prepare,
    navigate,
    location: { origin: ORIGIN, search: overrides.search ?? '' },
    popup: popup.deps,
  };
  return { machine: createLoginMachine(deps), api, boot, prepare, navigate, popup };
}

describe('login steps', () => {
  it('goes username -> password -> boot -> /home for a one-organisation account', async () => {
    const { machine, api, boot, navigate } = setup();
    machine.setUsername('  student ');
    await machine.submitUsername();
    expect(api.lookup).toHaveBeenCalledWith({ username: 'student' });
    expect(machine.store.getState()).toMatchObject({ step: 'password', username: 'student' });
    machine.setPassword('atrium-demo');
    await machine.submitPassword();
    expect(api.login).toHaveBeenCalledWith({ username: 'student', password: 'atrium-demo' });
    expect(boot).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/home');
  });

  it('starts loading what Sign In needs once the username is known, not before', async () => {
    const { machine, api, prepare } = setup();
    machine.setUsername('nobody');
    api.lookup.mockRejectedValueOnce(new Error('network down'));
    await machine.submitUsername();
    expect(prepare).not.toHaveBeenCalled();
    machine.setUsername('student');
    await machine.submitUsername();
    expect(machine.store.getState().step).toBe('password');
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('does not look up an invalid username', async () => {
    const { machine, api } = setup();
    machine.setUsername('   ');
    await machine.submitUsername();
    expect(api.lookup).not.toHaveBeenCalled();
  });

  it('asks for the organisation, sends it, and Back walks the steps in reverse', async () => {
    const { machine, api } = setup({ lookup: { success: true, next: 'organization', companies: ORGS } });
    machine.setUsername('faculty');
    await machine.submitUsername();
    expect(machine.store.getState().step).toBe('organization');
    machine.submitOrganization();
    expect(machine.store.getState().step).toBe('organization'); // nothing chosen yet
    machine.chooseOrganization(2);
    machine.submitOrganization();
    expect(machine.store.getState().step).toBe('password');
    machine.back();
    expect(machine.store.getState()).toMatchObject({ step: 'organization', companyId: 2 });
    machine.submitOrganization();
    machine.setPassword('atrium-demo');
    await machine.submitPassword();
    expect(api.login).toHaveBeenCalledWith({ username: 'faculty', password: 'atrium-demo', company_id: 2 });
    machine.back();
  });

  it('a wrong password shows the message, clears the password and keeps the username', async () => {
    const { machine, boot } = setup();
    machine.setUsername('student');
    await machine.submitUsername();
    const before = machine.store.getState().focusSeq;
    machine.setPassword('nope');
    await machine.submitPassword();
    expect(machine.store.getState()).toMatchObject({
      step: 'password',
      username: 'student',
      password: '',
      error: 'The username or password is incorrect.',
    });
    expect(machine.store.getState().focusSeq).toBeGreaterThan(before);
    expect(boot).not.toHaveBeenCalled();
  });

  it('a server failure shows the unknown-error text and keeps what was typed', async () => {
    const { machine, api } = setup();
    machine.setUsername('student');
    await machine.submitUsername();
    api.login.mockRejectedValueOnce(new ApiError('http', 'Internal details', 500));
    machine.setPassword('atrium-demo');
    await machine.submitPassword();
    expect(machine.store.getState()).toMatchObject({ error: UNKNOWN_ERROR_MESSAGE, password: 'atrium-demo' });
    api.lookup.mockRejectedValueOnce(new ApiError('invalid-response', UNKNOWN_ERROR_MESSAGE, 200));
    machine.back();
    machine.setUsername('student');
    await machine.submitUsername();
    expect(machine.store.getState()).toMatchObject({
      step: 'username',
      username: 'student',
      error: UNKNOWN_ERROR_MESSAGE,
    });
  });

  it('a boot error keeps the form and shows the unknown-error text', async () => {
    const { machine, navigate } = setup({ boot: 'error' });
    machine.setUsername('student');
    await machine.submitUsername();
    machine.setPassword('atrium-demo');
    await machine.submitPassword();
    expect(navigate).not.toHaveBeenCalled();
    expect(machine.store.getState()).toMatchObject({
      step: 'password',
      busy: null,
      error: UNKNOWN_ERROR_MESSAGE,
    });
  });

  it('lands on a safe returnUrl only', async () => {
    expect(landingUrl({ origin: ORIGIN, search: '?returnUrl=%2Fevaluations%3Fa%3D1' })).toBe(
      '/evaluations?a=1',
    );
    expect(landingUrl({ origin: ORIGIN, search: '?returnUrl=https%3A%2F%2Fevil.example%2F' })).toBe('/home');
    expect(landingUrl({ origin: ORIGIN, search: '?returnUrl=%2F%2Fevil.example' })).toBe('/home');
    expect(landingUrl({ origin: ORIGIN, search: '?returnUrl=javascript%3Aalert(1)' })).toBe('/home');
    expect(landingUrl({ origin: ORIGIN, search: '?returnUrl=%2Fcommon%2Flogin' })).toBe('/home');
    const { machine, navigate } = setup({ search: '?returnUrl=/scheduling' });
    machine.setUsername('student');
    await machine.submitUsername();
    machine.setPassword('atrium-demo');
    await machine.submitPassword();
    expect(navigate).toHaveBeenCalledWith('/scheduling');
  });
});

describe('external sign-in', () => {
  async function toExternal() {
    const ctx = setup({ lookup: { success: true, next: 'external', companies: [] } });
    ctx.machine.setUsername('sso');
    await ctx.machine.submitUsername();
    return ctx;
  }

  it('opens the popup, waits for its code, then Sign In completes and boots', async () => {
    const { machine, api, popup, navigate } = await toExternal();
    expect(machine.store.getState()).toMatchObject({ step: 'external', external: 'waiting' });
    expect(popup.opened[0]?.url).toBe('/common/login/sso/authorize?state=s1');
    await machine.submitExternal();
    expect(machine.store.getState().error).toMatch(/first/);
    expect(api.externalComplete).not.toHaveBeenCalled();
    popup.post({
      origin: ORIGIN,
      source: popup.opened[0]?.popup,
      data: { type: 'atrium-sso', state: 's1', code: 'c9' },
    });
    expect(machine.store.getState().external).toBe('ready');
    await machine.submitExternal();
    expect(api.externalComplete).toHaveBeenCalledWith({ username: 'sso', state: 's1', code: 'c9' });
    expect(navigate).toHaveBeenCalledWith('/home');
  });

  it('says when the popup is blocked, and can open it again', async () => {
    const ctx = setup({ lookup: { success: true, next: 'external', companies: [] } });
    ctx.popup.blockPopups(true);
    ctx.machine.setUsername('sso');
    await ctx.machine.submitUsername();
    expect(ctx.machine.store.getState().external).toBe('blocked');
    ctx.popup.blockPopups(false);
    await ctx.machine.openExternal();
    expect(ctx.machine.store.getState().external).toBe('waiting');
    expect(ctx.api.externalStart).toHaveBeenCalledTimes(2);
  });

  it('says when a foreign origin posts, and Back closes the popup and frees the username', async () => {
    const { machine, popup } = await toExternal();
    popup.post({
      origin: 'https://evil.example',
      source: null,
      data: { type: 'atrium-sso', state: 's1', code: 'x' },
    });
    expect(machine.store.getState().external).toBe('foreign-origin');
    machine.back();
    expect(popup.opened[0]?.popup?.closed).toBe(true);
    expect(machine.store.getState()).toMatchObject({ step: 'username', external: 'idle' });
    machine.setUsername('student');
    expect(machine.store.getState().username).toBe('student');
  });
});
