import { useStyles } from '@atrium/ui';
import laterStepsCss from './later-steps.css';

/** Adopts the later steps' stylesheet while one of them is on screen (they load as one chunk). */
export function useLaterStepsStyles(): void {
  useStyles(laterStepsCss);
}
