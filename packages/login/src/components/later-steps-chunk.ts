/** The content of the later-steps chunk: import it only through later-steps.ts. */
export { ExternalPanel } from './ExternalPanel';
export { OrganizationStep } from './OrganizationStep';
export { PasswordStep } from './PasswordStep';
export { PromptDialog } from './PromptDialog';
