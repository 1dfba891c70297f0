import { createArea } from '../kit/create-area';
import { appLanding } from '../kit/AppLanding';

export const { bootstrap, mount, unmount, update } = createArea(appLanding('lms'));
