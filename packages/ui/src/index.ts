export { adoptStyles, adoptedStyleCount } from './styles';
export { StyleRootProvider, usePortalTarget, useStyles } from './use-styles';
export type { StyleRoot } from './use-styles';
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
// DOMPurify behind the page's Trusted Types `default` policy, loaded on demand (see trusted-types.ts).
export { createSanitizer, loadSanitizer } from './trusted-types';
export type { Sanitizer } from './trusted-types';
