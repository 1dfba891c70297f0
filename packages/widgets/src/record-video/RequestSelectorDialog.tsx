import type { ClientSupportRequest } from '@atrium/api';
import { Alert, Button, Dialog } from '@atrium/ui';
import { SELECTOR_TITLE, loadFailedMessage } from './messages';

export interface RequestSelectorDialogProps {
  requests: readonly ClientSupportRequest[];
  /** Set when the list could not be loaded: the dialog then offers Retry instead of a list. */
  loadError: unknown;
  onChoose: (request: ClientSupportRequest) => void;
  onRetry: () => void;
  onCancel: () => void;
}

/** The support-request selector: one button per recent request, named by its `display` text. */
export function RequestSelectorDialog({
  requests,
  loadError,
  onChoose,
  onRetry,
  onCancel,
}: RequestSelectorDialogProps) {
  const failed = loadError !== null && loadError !== undefined;
  return (
    <Dialog
      title={SELECTOR_TITLE}
      onClose={onCancel}
      className="atr-rv-selector"
      actions={
        <>
          {failed ? (
            <Button variant="primary" onClick={onRetry}>
              Retry
            </Button>
          ) : null}
          <Button onClick={onCancel}>Cancel</Button>
        </>
      }
    >
      {failed ? (
        <Alert tone="error" live="assertive">
          {loadFailedMessage(loadError)}
        </Alert>
      ) : requests.length === 0 ? (
        <p>There are no recent client support requests.</p>
      ) : (
        <>
          <p>The video will be attached to the request you choose.</p>
          <ul className="atr-rv-requests" aria-label="Recent client support requests">
            {requests.map((request) => (
              <li key={request.client_request_id}>
                <Button className="atr-rv-request" onClick={() => onChoose(request)}>
                  {request.display}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
