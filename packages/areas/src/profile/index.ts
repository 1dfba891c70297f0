import { createArea } from '../kit/create-area';
import { ProfileArea } from './ProfileArea';

export const { bootstrap, mount, unmount, update } = createArea(ProfileArea);
