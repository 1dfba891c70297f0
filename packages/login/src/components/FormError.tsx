import { Alert } from '@atrium/ui';

/** The step's error, announced at once (role=alert); server text is rendered as text, never as HTML. */
export function FormError({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <Alert tone="error" live="assertive" className="atr-login__error">
      {message}
    </Alert>
  );
}
