import { createArea } from '../kit/create-area';
import { NotFoundArea } from './NotFoundArea';

export const { bootstrap, mount, unmount, update } = createArea(NotFoundArea);
