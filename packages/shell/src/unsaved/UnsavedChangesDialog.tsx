import { useRef } from 'react';
import { Button, Dialog } from '@atrium/ui';
import { useConfirmOpen } from '../use-shell-state';
import { useServices } from '../services';
import { UNSAVED_CHANGES_MESSAGE } from './unsaved-changes-guard';

/** The in-app question before leaving unsaved changes. Stay is the safe default (focus, Escape). */
export function UnsavedChangesDialog() {
  const open = useConfirmOpen();
  const { confirm } = useServices();
  const stayRef = useRef<HTMLButtonElement>(null);
  if (!open) return null;
  return (
    <Dialog
      role="alertdialog"
      title="Unsaved changes"
      initialFocus={stayRef}
      onClose={() => confirm.answer(false)}
      actions={
        <>
          <Button ref={stayRef} variant="primary" onClick={() => confirm.answer(false)}>
            Stay on this page
          </Button>
          <Button variant="danger" onClick={() => confirm.answer(true)}>
            Leave
          </Button>
        </>
      }
    >
      <p>{UNSAVED_CHANGES_MESSAGE}</p>
    </Dialog>
  );
}
