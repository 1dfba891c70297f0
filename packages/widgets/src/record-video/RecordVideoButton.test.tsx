// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@atrium/api';
import { RecordVideoButton } from './RecordVideoButton';
import { DRAFT_MESSAGE } from './messages';
import { FakeMediaRecorder, fakeDeps, lastRecorder } from './testing/fakes';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  FakeMediaRecorder.instances = [];
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function openSelector() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const setup = fakeDeps();
  const view = render(<RecordVideoButton deps={setup.deps} />);
  await user.click(screen.getByRole('button', { name: 'Record video' }));
  const dialog = await screen.findByRole('dialog', { name: 'Choose a support request' });
  return { ...setup, user, view, dialog };
}

describe('<RecordVideoButton />', () => {
  it('shows loading, then the selector listing each request by its display text', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { deps } = fakeDeps();
    render(<RecordVideoButton deps={deps} />);
    await user.click(screen.getByRole('button', { name: 'Record video' }));
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Loading support requests…');
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    const dialog = screen.getByRole('dialog', { name: 'Choose a support request' });
    expect(within(dialog).getByRole('button', { name: '#4101 Gradebook totals' })).toBeTruthy();
    expect(
      within(dialog).getByRole('button', { name: '#4102 Exam timer (has a draft document)' }),
    ).toBeTruthy();
  });

  it('asks with the exact SPEC copy before a request with a draft; Cancel goes back to the list', async () => {
    const { user, dialog } = await openSelector();
    await user.click(within(dialog).getByRole('button', { name: /^#4102/ }));
    const confirm = screen.getByRole('alertdialog', { name: 'Request draft has document' });
    expect(confirm.textContent).toContain(DRAFT_MESSAGE);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Support video' })).toBeNull();
    await user.click(
      within(screen.getByRole('dialog', { name: 'Choose a support request' })).getByRole('button', {
        name: /^#4102/,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getByRole('region', { name: 'Support video' }).textContent).toContain('#4102');
  });

  it('records with a timer, previews, uploads with a progress bar and names the request on success', async () => {
    const { user, dialog, api } = await openSelector();
    await user.click(within(dialog).getByRole('button', { name: /^#4101/ }));
    const panel = screen.getByRole('region', { name: 'Support video' });
    await user.click(within(panel).getByRole('button', { name: 'Start recording' }));
    expect(within(panel).getByRole('timer').textContent).toBe('00:00');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(within(panel).getByRole('timer').textContent).toBe('00:02');
    act(() => lastRecorder().emit(2000));
    await user.click(within(panel).getByRole('button', { name: 'Stop recording' }));
    expect(within(panel).getByLabelText('Preview of the recorded video').getAttribute('src')).toMatch(
      /^blob:/,
    );
    const save = within(panel).getByRole('link', { name: 'Save locally' });
    expect(save.getAttribute('download')).toMatch(/^support-request-4101-.*\.webm$/);

    let finish: () => void = () => {};
    api.uploadFile.mockImplementationOnce(async (_url, blob, options) => {
      options?.onProgress?.({ loaded: 1005, total: blob.size, fraction: 0.5 });
      await new Promise<void>((resolve) => (finish = resolve));
    });
    await user.click(within(panel).getByRole('button', { name: 'Upload' }));
    const progress = within(panel).getByRole('progressbar', { name: 'Uploading the video' });
    expect(progress.getAttribute('value')).toBe('1005');
    expect(progress.getAttribute('max')).toBe('2010');
    await act(async () => finish());
    expect(within(panel).getByRole('status').textContent).toContain(
      'The video was attached to #4101 Gradebook totals.',
    );
    expect(within(panel).getByRole('link', { name: 'Save locally' })).toBeTruthy();
  });

  it('keeps the recording when the upload fails: says so, logs it, offers Retry and Save locally', async () => {
    const { user, dialog, api, logError } = await openSelector();
    await user.click(within(dialog).getByRole('button', { name: /^#4101/ }));
    const panel = screen.getByRole('region', { name: 'Support video' });
    await user.click(within(panel).getByRole('button', { name: 'Start recording' }));
    await user.click(within(panel).getByRole('button', { name: 'Stop recording' }));
    api.uploadFile.mockRejectedValueOnce(new ApiError('network', 'x'));
    await user.click(within(panel).getByRole('button', { name: 'Upload' }));
    const alert = within(panel).getByRole('alert');
    expect(alert.textContent).toContain('The connection to the server was lost.');
    expect(logError).toHaveBeenCalledWith('Video upload failed', expect.any(ApiError));
    expect(within(panel).getByRole('link', { name: 'Save locally' })).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Retry upload' }));
    expect(within(panel).getByRole('status').textContent).toContain('Video uploaded');
  });

  it('says a denied permission in words', async () => {
    const { user, dialog, deps } = await openSelector();
    vi.mocked(deps.getDisplayMedia!).mockRejectedValueOnce(new DOMException('no', 'NotAllowedError'));
    await user.click(within(dialog).getByRole('button', { name: /^#4101/ }));
    const panel = screen.getByRole('region', { name: 'Support video' });
    await user.click(within(panel).getByRole('button', { name: 'Start recording' }));
    expect(within(panel).getByRole('alert').textContent).toContain(
      'Permission to record the screen was denied.',
    );
  });

  it('unmounting stops the capture and revokes the object URL', async () => {
    const { user, dialog, view, track, revokeObjectURL } = await openSelector();
    await user.click(within(dialog).getByRole('button', { name: /^#4101/ }));
    const panel = screen.getByRole('region', { name: 'Support video' });
    await user.click(within(panel).getByRole('button', { name: 'Start recording' }));
    await user.click(within(panel).getByRole('button', { name: 'Stop recording' }));
    const url = within(panel).getByLabelText('Preview of the recorded video').getAttribute('src');
    await user.click(within(panel).getByRole('button', { name: 'Record again' }));
    await user.click(within(panel).getByRole('button', { name: 'Start recording' }));
    expect(revokeObjectURL).toHaveBeenCalledWith(url);
    track.stop.mockClear();
    view.unmount();
    expect(track.stop).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Support video' })).toBeNull();
  });

  it('Escape inside the flow does not reach the toolbar around the button', async () => {
    const onKeyDown = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { deps } = fakeDeps();
    render(
      <div onKeyDown={onKeyDown}>
        <RecordVideoButton deps={deps} />
      </div>,
    );
    await user.click(screen.getByRole('button', { name: 'Record video' }));
    await act(() => vi.advanceTimersByTimeAsync(200));
    await user.click(screen.getByRole('button', { name: /^#4101/ }));
    within(screen.getByRole('region', { name: 'Support video' }))
      .getByRole('button', { name: 'Start recording' })
      .focus();
    await user.keyboard('{Escape}');
    expect(onKeyDown).not.toHaveBeenCalledWith(expect.objectContaining({ key: 'Escape' }));
  });
});
