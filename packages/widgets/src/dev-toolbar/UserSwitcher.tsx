import { useEffect, useId, useState } from 'react';
import { Button, afterNextPaint } from '@atrium/ui';
import type { ApiClient, DevUser } from '@atrium/api';

export interface UserSwitcherProps {
  api: Pick<ApiClient, 'devUsers' | 'switchUser'>;
  /** The signed-in user, left out of the list (switching to oneself is switching back). */
  currentUsername: string;
  /** After a successful switch: the page's data belongs to the other user now (reload). */
  onSwitched: () => void;
  onError: (message: string) => void;
}

/**
 * Root only. The server checks root again and logs every switch; this list merely saves typing.
 */
export function UserSwitcher({ api, currentUsername, onSwitched, onError }: UserSwitcherProps) {
  const selectId = useId();
  const [users, setUsers] = useState<DevUser[] | null>(null);
  const [username, setUsername] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    // After the toolbar is on screen: the list only fills the select, which says 'Loading users…' meanwhile.
    const cancel = afterNextPaint(() =>
      api.devUsers({ signal: controller.signal }).then(
        (list) => setUsers(list.filter((user) => user.username !== currentUsername)),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setUsers([]);
          onError(error instanceof Error ? error.message : String(error));
        },
      ),
    );
    return () => {
      cancel();
      controller.abort();
    };
    // onError is a notification callback; a new identity must not refetch the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, currentUsername]);

  const switchUser = async () => {
    if (username === '') return;
    setBusy(true);
    try {
      await api.switchUser({ username });
      onSwitched();
    } catch (error) {
      setBusy(false);
      onError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="atrium-devtb__group">
      <label className="atrium-devtb__label" htmlFor={selectId}>
        Switch user
        <select
          id={selectId}
          className="atr-input"
          value={username}
          disabled={users === null || busy}
          onChange={(event) => setUsername(event.target.value)}
        >
          <option value="">{users === null ? 'Loading users…' : 'Choose a user'}</option>
          {(users ?? []).map((user) => (
            <option key={user.username} value={user.username}>
              {user.display}
            </option>
          ))}
        </select>
      </label>
      <Button disabled={username === '' || busy} onClick={() => void switchUser()}>
        {busy ? 'Switching…' : 'Act as user'}
      </Button>
    </div>
  );
}
