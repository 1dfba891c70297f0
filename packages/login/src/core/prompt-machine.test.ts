import { describe, expect, it, vi } from 'vitest';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '@atrium/api';
import { createPromptMachine } from './prompt-machine';

function setup() {
  const api = {
    forgotUsername: vi.fn(async () => ({ success: true, message: 'We sent your username to your e-mail.' })),
    forgotPassword: vi.fn(async () => ({ success: true, message: 'Check your e-mail for a reset link.' })),
  };
  return { prompt: createPromptMachine({ api }), api };
}

describe('prompts', () => {
  it('Forgot Username: loading, then the success title with the server message', async () => {
    const { prompt, api } = setup();
    prompt.open('forgot-username');
    prompt.setValue(' jo@example.edu ');
    const pending = prompt.submit();
    expect(prompt.store.getState().phase).toBe('loading');
    await pending;
    expect(api.forgotUsername).toHaveBeenCalledWith({ email: 'jo@example.edu' });
    expect(prompt.store.getState().result).toEqual({
      title: 'Forgotten Username',
      message: 'We sent your username to your e-mail.',
      ok: true,
    });
  });

  it('an empty e-mail gives Error / Please enter a valid e-mail address. without calling the server', async () => {
    const { prompt, api } = setup();
    prompt.open('new-user');
    await prompt.submit();
    expect(api.forgotUsername).not.toHaveBeenCalled();
    expect(prompt.store.getState().result).toMatchObject({
      title: 'Error',
      message: 'Please enter a valid e-mail address.',
    });
  });

  it('failures use the failure titles; a network error the unknown-error text; retry keeps the value', async () => {
    const { prompt, api } = setup();
    api.forgotPassword.mockResolvedValueOnce({ success: false, message: 'No such user.' });
    prompt.open('forgot-password', 'student');
    await prompt.submit();
    expect(prompt.store.getState().result).toMatchObject({
      title: 'Unable to Reset Password',
      message: 'No such user.',
    });
    prompt.retry();
    expect(prompt.store.getState()).toMatchObject({ phase: 'form', value: 'student' });
    api.forgotPassword.mockRejectedValueOnce(new ApiError('network', UNKNOWN_ERROR_MESSAGE));
    await prompt.submit();
    expect(prompt.store.getState().result).toMatchObject({
      title: 'Unable to Reset Password',
      message: UNKNOWN_ERROR_MESSAGE,
    });
    prompt.open('forgot-username');
    prompt.setValue('jo@example.edu');
    api.forgotUsername.mockRejectedValueOnce(new ApiError('http', 'stack trace', 500));
    await prompt.submit();
    expect(prompt.store.getState().result).toMatchObject({
      title: 'Unable to Lookup Usernames',
      message: UNKNOWN_ERROR_MESSAGE,
    });
  });

  it('a late answer after Close does not reopen the prompt', async () => {
    const { prompt } = setup();
    prompt.open('forgot-password', 'student');
    const pending = prompt.submit();
    prompt.close();
    await pending;
    expect(prompt.store.getState()).toMatchObject({ kind: null, result: null });
  });
});
