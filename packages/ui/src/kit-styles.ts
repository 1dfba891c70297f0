import kitCss from './kit.css';
import { useStyles } from './use-styles';

export { kitCss };

/** Every kit component adopts the kit sheet; the reference count keeps one copy per document. */
export function useKitStyles(): void {
  useStyles(kitCss);
}
