export { adoptStyles, adoptedStyleCount } from './styles';
export { useStyles } from './use-styles';
export { kitCss, useKitStyles } from './kit-styles';
export { Button } from './components/Button';
export type { ButtonProps, ButtonVariant } from './components/Button';
export { TextField } from './components/TextField';
export type { TextFieldProps } from './components/TextField';
export { Alert } from './components/Alert';
export type { AlertProps, AlertTone } from './components/Alert';
export { Dialog } from './components/Dialog';
export type { DialogProps } from './components/Dialog';
export { Spinner } from './components/Spinner';
export { VisuallyHidden } from './components/VisuallyHidden';
export type { AreaProps } from './area-contract';
export {
  ATRIUM_POLICY_NAME,
  TrustedTypesError,
  allowedScriptOrigins,
  checkScriptUrl,
  createSanitizer,
  installTrustedTypes,
  loadSanitizer,
  setUpTrustedTypes,
  trustedHtml,
  trustedScriptUrl,
} from './trusted-types';
export type { AtriumPolicy, InstallDeps, Sanitizer, TrustedTypesFactory } from './trusted-types';

// The one side effect of the kit: the `atrium` Trusted Types policy as soon as the first app loads.
// DOMPurify follows on demand (loadSanitizer), so the login page never downloads it.
import { setUpTrustedTypes } from './trusted-types';
setUpTrustedTypes();
