import { Button, Dialog } from '@atrium/ui';
import { DRAFT_MESSAGE, DRAFT_TITLE } from './messages';

/**
 * SPEC section 8: choosing a request whose draft already has a document asks first. Escape and the
 * backdrop mean Cancel, which changes nothing.
 */
export function DraftConfirmDialog({ onProceed, onCancel }: { onProceed: () => void; onCancel: () => void }) {
  return (
    <Dialog
      role="alertdialog"
      title={DRAFT_TITLE}
      onClose={onCancel}
      actions={
        <>
          <Button variant="primary" onClick={onProceed}>
            Proceed
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </>
      }
    >
      <p>{DRAFT_MESSAGE}</p>
    </Dialog>
  );
}
