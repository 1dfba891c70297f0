import { useKitStyles } from '../kit-styles';

/** A loading indicator with a text label that screen readers announce politely. */
export function Spinner({ label }: { label: string }) {
  useKitStyles();
  return (
    <span role="status" className="atr-spinner">
      <span className="atr-spinner__ring" aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}
