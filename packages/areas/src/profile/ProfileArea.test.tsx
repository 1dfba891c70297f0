// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@atrium/session';
import { renderArea, sampleSis } from '../kit/testing';
import { ProfileArea } from './ProfileArea';
import { notesKey } from './notes-storage';

afterEach(() => {
  cleanup();
  session.setState({ sis: null });
  sessionStorage.clear();
});

function detail(term: string): string | null | undefined {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('profile', () => {
  it("shows the session user's own details, read-only", () => {
    session.setState({
      sis: sampleSis({ is_hq: true }, { is_root: true, preferred_name: 'Addie', username: 'ada' }),
    });
    renderArea(<ProfileArea />, { routePath: 'profile', path: '/profile' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your profile');
    expect(detail('Full name')).toBe('Ada Lovelace');
    expect(detail('Preferred name')).toBe('Addie');
    expect(detail('Username')).toBe('ada');
    expect(detail('Organization ID')).toBe('7');
    expect(detail('School ID')).toBe('310');
    expect(detail('Current term')).toBe('Fall 2025');
    expect(detail('Roles')).toBe('Root user, Headquarters user');
    // Only the notes can be edited.
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
  });

  it('marks the page dirty while notes are unsaved, and clean after Save', async () => {
    const user = userEvent.setup();
    session.setState({ sis: sampleSis() });
    const { props, unmount } = renderArea(<ProfileArea />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Ask about rotations');
    expect(props.setDirty).toHaveBeenLastCalledWith(true);
    expect(screen.getByRole('status').textContent).toBe('You have unsaved changes.');

    await user.click(save);
    expect(props.setDirty).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('status').textContent).toBe('Notes saved.');
    expect(sessionStorage.getItem(notesKey(42))).toBe('Ask about rotations');

    await user.type(screen.getByRole('textbox', { name: 'Notes' }), '!');
    expect(props.setDirty).toHaveBeenLastCalledWith(true);
    // Leaving (the shell confirmed) unmounts the page: the flag must not outlive it.
    unmount();
    expect(props.setDirty).toHaveBeenLastCalledWith(false);
  });

  it('keeps saved notes for the next visit in this tab', () => {
    sessionStorage.setItem(notesKey(42), 'Saved before');
    session.setState({ sis: sampleSis() });
    renderArea(<ProfileArea />);
    expect((screen.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe(
      'Saved before',
    );
  });

  it('forgets the notes at sign-out: the next person in this tab sees none', async () => {
    const user = userEvent.setup();
    session.setState({ sis: sampleSis() });
    const { unmount } = renderArea(<ProfileArea />);
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'My private notes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    unmount();

    session.signOut();
    session.setState({ sis: sampleSis() });
    renderArea(<ProfileArea />);
    expect((screen.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe('');
    expect(sessionStorage.length).toBe(0);
  });
});
