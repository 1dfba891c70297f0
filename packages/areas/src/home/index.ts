import { createArea } from '../kit/create-area';
import { HomeArea } from './HomeArea';

export const { bootstrap, mount, unmount, update } = createArea(HomeArea);
