/**
 * Where the profile notes are kept: this tab's sessionStorage, per user. They are a scratch pad, not
 * records: nothing is sent to the server, and they leave with the tab or at sign-out, whichever is first.
 */
import { userDataKey } from '@atrium/session';

export interface NotesStorage {
  load(userId: number): string;
  save(userId: number, notes: string): void;
}

// Under the session's per-user prefix: sign-out clears them from the tab.
export const notesKey = (userId: number) => userDataKey(`profile-notes:${userId}`);
const keyOf = notesKey;

export function createNotesStorage(storage: Pick<Storage, 'getItem' | 'setItem'> | null): NotesStorage {
  return {
    load: (userId) => {
      try {
        return storage?.getItem(keyOf(userId)) ?? '';
      } catch {
        return '';
      }
    },
    save: (userId, notes) => {
      try {
        storage?.setItem(keyOf(userId), notes);
      } catch {
        // Storage full or blocked: the notes stay on screen until the page is left.
      }
    },
  };
}

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export const notesStorage: NotesStorage = createNotesStorage(tabStorage());
