import { createArea } from '../kit/create-area';
import { StartArea } from './StartArea';

export const { bootstrap, mount, unmount, update } = createArea(StartArea);
