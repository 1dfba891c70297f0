import { useId, useState } from 'react';
import { Button } from '@atrium/ui';
import { useUnsavedChanges } from '../kit/use-unsaved-changes';
import { notesStorage as defaultStorage } from './notes-storage';
import type { NotesStorage } from './notes-storage';

export interface ProfileNotesProps {
  userId: number;
  storage?: NotesStorage;
}

/**
 * A private scratch pad kept in this tab. It is also where the unsaved-changes guard shows itself:
 * editing marks the page dirty (leaving then asks 'There are unsaved changes. Are you sure you wish to
 * leave?'), and Save clears it.
 */
export function ProfileNotes({ userId, storage = defaultStorage }: ProfileNotesProps) {
  const fieldId = useId();
  const hintId = `${fieldId}-hint`;
  const [saved, setSaved] = useState(() => storage.load(userId));
  const [notes, setNotes] = useState(saved);
  const [justSaved, setJustSaved] = useState(false);
  const dirty = notes !== saved;
  useUnsavedChanges(dirty);

  return (
    <form
      className="profile-notes"
      onSubmit={(event) => {
        event.preventDefault();
        storage.save(userId, notes);
        setSaved(notes);
        setJustSaved(true);
      }}
    >
      <label className="atr-field__label" htmlFor={fieldId}>
        Notes
      </label>
      <p id={hintId} className="atr-field__hint">
        Only you see these notes. They are kept in this browser tab until you close it.
      </p>
      <textarea
        id={fieldId}
        className="atr-input profile-notes__input"
        aria-describedby={hintId}
        rows={5}
        value={notes}
        onChange={(event) => {
          setNotes(event.target.value);
          setJustSaved(false);
        }}
      />
      <div className="profile-notes__actions">
        <Button type="submit" variant="primary" disabled={!dirty}>
          Save
        </Button>
        <span role="status" className="profile-notes__status">
          {dirty ? 'You have unsaved changes.' : justSaved ? 'Notes saved.' : ''}
        </span>
      </div>
    </form>
  );
}
