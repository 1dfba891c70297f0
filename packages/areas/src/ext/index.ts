import { createArea } from '../kit/create-area';
import { ExtArea } from './ExtArea';

export const { bootstrap, mount, unmount, update } = createArea(ExtArea);
